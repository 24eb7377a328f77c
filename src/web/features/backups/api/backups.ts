import { useQuery } from '@tanstack/react-query';
import type { BackupLink, BackupsOverview } from '@domain/backups/backup.schema';
import { api } from '@/lib/api-client';
import { backupKeys } from '@/lib/query-keys';

export const getBackups = (signal?: AbortSignal) => api.get<BackupsOverview>('/backups', { signal });

/** The last backups of the embedded database and whether the newest may be downloaded (admins). */
export function useBackups() {
  return useQuery({ queryKey: backupKeys.all, queryFn: ({ signal }) => getBackups(signal) });
}

/** A signed link (600 s) to the newest backup. */
export const getNewestBackupLink = () => api.post<BackupLink>('/backups/newest/link');

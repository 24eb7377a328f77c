import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportJob } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { importKeys } from '@/lib/query-keys';
import { invalidateImportedQueries } from './invalidate';

/** POST /imports/:id/undo: the job's records marked deleted; 409 UNDO_REFUSED with the reasons when some are in use. */
export const undoImport = (id: string) => api.post<ImportJob>(`/imports/${encodeURIComponent(id)}/undo`);

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.job(job.id), job);
      return invalidateImportedQueries(queryClient);
    },
  });
}

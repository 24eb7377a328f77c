import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lgpdExportFileName } from '@domain/audit/audit.schema';
import { todayIso } from '@domain/format';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import { auditKeys } from '@/lib/query-keys';

/** "Exportar dados (LGPD)": everything the agency holds about the client, as the server's JSON file. */
export async function exportClientLgpd({ id, name }: { id: string; name: string }): Promise<void> {
  const file = await api.download(`/clients/${encodeURIComponent(id)}/lgpd-export`, { timeoutMs: 120_000 });
  saveFile(file, lgpdExportFileName(name, todayIso()));
}

export function useExportClientLgpd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportClientLgpd,
    // The request is a line of the audit log.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportCommitInput, ImportJob } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { importKeys } from '@/lib/query-keys';

/** POST /imports: 202 with the job, queued; the rows are written in the background. */
export const startImport = (input: ImportCommitInput) => api.post<ImportJob>('/imports', input);

/** The job goes in the cache its poll reads (get-import-job.ts), and the history shows it. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (job) => {
      queryClient.setQueryData(importKeys.job(job.id), job);
      return queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
}

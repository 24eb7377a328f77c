import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportJob } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { importKeys } from '@/lib/query-keys';

/** How often a running job is asked for its phase and progress. */
export const IMPORT_POLL_MS = 700;

export const getImportJob = (id: string, signal?: AbortSignal) =>
  api.get<ImportJob>(`/imports/${encodeURIComponent(id)}`, { signal });

export const getImportJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKeys.job(id),
    queryFn: ({ signal }) => getImportJob(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? IMPORT_POLL_MS : false),
    // The progress keeps moving while the user looks at another tab.
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** One job, polled while it is processing. */
export function useImportJob(id: string | null) {
  return useQuery({ ...getImportJobQueryOptions(id ?? ''), enabled: id !== null });
}

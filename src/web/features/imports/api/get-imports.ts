import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportJobList } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { importKeys } from '@/lib/query-keys';

/** While an import of the history runs (started here or in another tab), the history asks again this often. */
const PROCESSING_REFRESH_MS = 3000;

/** GET /imports: the last 20 imports of the agency, newest first (spec part 2 §9). */
export const getImports = (signal?: AbortSignal) => api.get<ImportJobList>('/imports', { signal });

export const getImportsQueryOptions = () =>
  queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => getImports(signal),
    refetchInterval: (query) =>
      query.state.data?.data.some((job) => job.status === 'processing') ? PROCESSING_REFRESH_MS : false,
  });

export function useImports() {
  return useQuery(getImportsQueryOptions());
}

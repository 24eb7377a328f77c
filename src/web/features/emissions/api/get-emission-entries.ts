import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryList } from '@domain/finance/entry.schema';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';

/** An emission has a handful of postings: one page of the largest size holds them all. */
const EMISSION_ENTRIES_LIMIT = 100;

export const getEmissionEntriesQueryOptions = (emissionId: string) =>
  queryOptions({
    queryKey: financeKeys.entries({ emission_id: emissionId }),
    queryFn: ({ signal }) =>
      api.get<EntryList>(
        `/finance/entries?emission_id=${encodeURIComponent(emissionId)}&limit=${EMISSION_ENTRIES_LIMIT}`,
        { signal },
      ),
  });

/** The emission's postings (GET /finance/entries?emission_id=), newest day first. */
export function useEmissionEntries(emissionId: string) {
  return useQuery(getEmissionEntriesQueryOptions(emissionId));
}

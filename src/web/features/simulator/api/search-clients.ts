import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientOptionList } from '@domain/clients/client.schema';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';

/** The quote's client picker: GET /clients/quick-search (the wizard's request and key). */
export const searchClientsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: clientKeys.quickSearch(q),
    queryFn: ({ signal }) =>
      api.get<ClientOptionList>(`/clients/quick-search?${new URLSearchParams({ q }).toString()}`, { signal }),
    select: (result) => result.data,
    placeholderData: keepPreviousData,
  });

export function useClientSearch(q: string, enabled = true) {
  return useQuery({ ...searchClientsQueryOptions(q), enabled });
}

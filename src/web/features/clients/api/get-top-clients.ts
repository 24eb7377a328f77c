import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_CLIENTS_DEFAULT, type TopClientList } from '@domain/clients/client.schema';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';

export type { TopClient } from '@domain/clients/client.schema';

export const getTopClients = (limit: number, signal?: AbortSignal) =>
  api.get<TopClientList>(`/clients/top?limit=${limit}`, { signal });

/** Under the clients key, so every client mutation refreshes the ranking too. */
export const getTopClientsQueryOptions = (limit: number = TOP_CLIENTS_DEFAULT) =>
  queryOptions({
    queryKey: clientKeys.top(limit),
    queryFn: ({ signal }) => getTopClients(limit, signal),
    select: (result) => result.data,
    staleTime: 15 * 60_000,
  });

export function useTopClients(limit?: number) {
  return useQuery(getTopClientsQueryOptions(limit));
}

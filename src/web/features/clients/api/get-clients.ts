import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENTS_PAGE_SIZE } from '@domain/list-defaults';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { apiSearchParams, pageSearchParams } from '@/lib/search-params';
import type { ClientList, ClientListFilters, ClientListParams } from '../types';

/** The list's filters and order as a query string (GET /clients and GET /clients/export alike). */
export const clientFiltersSearchParams = ({ search, status, sort, order }: ClientListFilters) =>
  apiSearchParams({ search, status, sort, order });

export const getClients = ({ page, ...filters }: ClientListParams, signal?: AbortSignal) => {
  const params = pageSearchParams(clientFiltersSearchParams(filters), page, CLIENTS_PAGE_SIZE);
  return api.get<ClientList>(`/clients?${params.toString()}`, { signal });
};

export const getClientsQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => getClients(params, signal),
    ...LIST_QUERY,
  });

export function useClients(params: ClientListParams) {
  return useQuery(getClientsQueryOptions(params));
}

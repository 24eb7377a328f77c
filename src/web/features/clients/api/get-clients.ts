import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENTS_PAGE_SIZE } from '@domain/clients/client.schema';
import { LIST_STALE_TIME_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import type { ClientList, ClientListFilters, ClientListParams } from '../types';

/** The list's filters and order as a query string; defaults left out, as the server assumes them. */
export function clientFiltersSearchParams({ search, status, sort, order }: ClientListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (status) params.set('status', status);
  params.set('sort', sort);
  params.set('order', order);
  return params;
}

export const getClients = ({ page, ...filters }: ClientListParams, signal?: AbortSignal) => {
  const params = clientFiltersSearchParams(filters);
  params.set('page', String(page));
  params.set('limit', String(CLIENTS_PAGE_SIZE));
  return api.get<ClientList>(`/clients?${params.toString()}`, { signal });
};

export const getClientsQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => getClients(params, signal),
    staleTime: LIST_STALE_TIME_MS,
    // Paging, sorting and searching keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useClients(params: ClientListParams) {
  return useQuery(getClientsQueryOptions(params));
}

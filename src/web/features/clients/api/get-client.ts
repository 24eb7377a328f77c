import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ClientDetail } from '../types';
import { CLIENTS_QUERY_KEY } from './keys';

export const clientQueryKey = (id: string) => [...CLIENTS_QUERY_KEY, 'detail', id] as const;

export const getClient = (id: string, signal?: AbortSignal) => api.get<ClientDetail>(`/clients/${encodeURIComponent(id)}`, { signal });

export const getClientQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientQueryKey(id), queryFn: ({ signal }) => getClient(id, signal) });

export function useClient(id: string) {
  return useQuery(getClientQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import type { ClientDetail } from '../types';

export const getClient = (id: string, signal?: AbortSignal) =>
  api.get<ClientDetail>(`/clients/${encodeURIComponent(id)}`, { signal });

export const getClientQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientKeys.detail(id), queryFn: ({ signal }) => getClient(id, signal) });

export function useClient(id: string) {
  return useQuery(getClientQueryOptions(id));
}

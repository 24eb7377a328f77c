import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import type { ClientEmissionList } from '../types';

export const getClientEmissions = (id: string, page: number, signal?: AbortSignal) =>
  api.get<ClientEmissionList>(`/clients/${encodeURIComponent(id)}/emissions?page=${page}`, { signal });

export const getClientEmissionsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: clientKeys.emissions(id, page),
    queryFn: ({ signal }) => getClientEmissions(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useClientEmissions(id: string, page: number) {
  return useQuery(getClientEmissionsQueryOptions(id, page));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Agency } from '@/types/api';

export const AGENCY_QUERY_KEY = ['agency'] as const;

export const getAgency = (signal?: AbortSignal) => api.get<Agency>('/agency', { signal });

export const getAgencyQueryOptions = () =>
  queryOptions({ queryKey: AGENCY_QUERY_KEY, queryFn: ({ signal }) => getAgency(signal) });

export function useAgency() {
  return useQuery(getAgencyQueryOptions());
}

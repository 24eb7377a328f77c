import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyKeys } from '@/lib/query-keys';
import type { Agency } from '@/types/api';

export const getAgency = (signal?: AbortSignal) => api.get<Agency>('/agency', { signal });

export const getAgencyQueryOptions = () =>
  queryOptions({ queryKey: agencyKeys.detail(), queryFn: ({ signal }) => getAgency(signal) });

export function useAgency() {
  return useQuery(getAgencyQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EmissionDetail } from '../types';
import { emissionQueryKey } from './keys';

export const getEmission = (id: string, signal?: AbortSignal) => api.get<EmissionDetail>(`/emissions/${encodeURIComponent(id)}`, { signal });

export const getEmissionQueryOptions = (id: string) =>
  queryOptions({ queryKey: emissionQueryKey(id), queryFn: ({ signal }) => getEmission(id, signal) });

export function useEmission(id: string) {
  return useQuery(getEmissionQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emissionKeys } from '@/lib/query-keys';
import type { EmissionDetail } from '../types';

export const getEmission = (id: string, signal?: AbortSignal) =>
  api.get<EmissionDetail>(`/emissions/${encodeURIComponent(id)}`, { signal });

export const getEmissionQueryOptions = (id: string) =>
  queryOptions({ queryKey: emissionKeys.detail(id), queryFn: ({ signal }) => getEmission(id, signal) });

export function useEmission(id: string) {
  return useQuery(getEmissionQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LotDetail } from '../types';
import { lotQueryKey } from './keys';

export const getLot = (id: string, signal?: AbortSignal) => api.get<LotDetail>(`/lots/${encodeURIComponent(id)}`, { signal });

export const getLotQueryOptions = (id: string) => queryOptions({ queryKey: lotQueryKey(id), queryFn: ({ signal }) => getLot(id, signal) });

export function useLot(id: string) {
  return useQuery(getLotQueryOptions(id));
}

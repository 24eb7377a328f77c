import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';
import type { LotDetail } from '../types';

export const getLot = (id: string, signal?: AbortSignal) =>
  api.get<LotDetail>(`/lots/${encodeURIComponent(id)}`, { signal });

export const getLotQueryOptions = (id: string) =>
  queryOptions({ queryKey: lotKeys.detail(id), queryFn: ({ signal }) => getLot(id, signal) });

export function useLot(id: string) {
  return useQuery(getLotQueryOptions(id));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';
import type { LotAllocationList } from '../types';

export const getLotAllocations = (id: string, page: number, signal?: AbortSignal) =>
  api.get<LotAllocationList>(`/lots/${encodeURIComponent(id)}/allocations?page=${page}`, { signal });

export const getLotAllocationsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: lotKeys.allocations(id, page),
    queryFn: ({ signal }) => getLotAllocations(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useLotAllocations(id: string, page: number) {
  return useQuery(getLotAllocationsQueryOptions(id, page));
}

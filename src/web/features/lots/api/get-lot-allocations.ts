import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paginated } from '@/types/api';
import type { LotAllocation } from '../types';
import { lotQueryKey } from './keys';

export const getLotAllocations = (id: string, page: number, signal?: AbortSignal) =>
  api.get<Paginated<LotAllocation>>(`/lots/${encodeURIComponent(id)}/allocations?page=${page}`, { signal });

/** Under the lot's key: whatever refreshes the lot (an emission, a cancellation) refreshes its history. */
export const getLotAllocationsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...lotQueryKey(id), 'allocations', { page }] as const,
    queryFn: ({ signal }) => getLotAllocations(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useLotAllocations(id: string, page: number) {
  return useQuery(getLotAllocationsQueryOptions(id, page));
}

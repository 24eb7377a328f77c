import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LotPerformanceList } from '@domain/finance/lot-performance.schema';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';

export const getLotPerformance = (page: number, signal?: AbortSignal) =>
  api.get<LotPerformanceList>(`/finance/lots?page=${page}`, { signal });

export const getLotPerformanceQueryOptions = (page: number) =>
  queryOptions({
    queryKey: financeKeys.lots(page),
    queryFn: ({ signal }) => getLotPerformance(page, signal),
    placeholderData: keepPreviousData,
  });

export function useLotPerformance(page: number) {
  return useQuery(getLotPerformanceQueryOptions(page));
}

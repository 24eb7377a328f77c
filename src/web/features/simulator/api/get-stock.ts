import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LotAverageCost } from '@domain/lots/lot.schema';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';

/** Per programme, the miles emissions can draw now and their average cost: the simulator's cost without a lot. */
export const getStock = (signal?: AbortSignal) => api.get<LotAverageCost>('/lots/average-cost', { signal });

export const getStockQueryOptions = () =>
  queryOptions({
    queryKey: lotKeys.averageCost(),
    queryFn: ({ signal }) => getStock(signal),
    select: (result) => new Map(result.data.map((row) => [row.program, row])),
  });

export function useStock() {
  return useQuery(getStockQueryOptions());
}

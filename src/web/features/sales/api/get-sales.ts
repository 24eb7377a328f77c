import { queryOptions, useQuery } from '@tanstack/react-query';
import { SALES_PAGE_SIZE } from '@domain/sales/sale.schema';
import { api } from '@/lib/api-client';
import { LIST_QUERY } from '@/lib/query-client';
import { pageSearchParams } from '@/lib/search-params';
import type { SaleList } from '../types';
import { saleKeys } from '@/lib/query-keys';

/** The agency's sales of miles, newest first, each with its instalments; `totals` sums the active ones. */
export const getSales = (page: number, signal?: AbortSignal) =>
  api.get<SaleList>(`/sales?${pageSearchParams(new URLSearchParams(), page, SALES_PAGE_SIZE).toString()}`, {
    signal,
  });

export const getSalesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: saleKeys.list({ page }),
    queryFn: ({ signal }) => getSales(page, signal),
    ...LIST_QUERY,
  });

export function useSales(page: number) {
  return useQuery(getSalesQueryOptions(page));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECEIVABLES_PAGE_SIZE } from '@domain/sales/sale.schema';
import { api } from '@/lib/api-client';
import { LIST_QUERY } from '@/lib/query-client';
import { apiSearchParams, pageSearchParams } from '@/lib/search-params';
import type { ReceivableListParams } from '../receivable-filters';
import type { ReceivableList } from '../types';
import { receivableKeys } from '@/lib/query-keys';

/** The sales' instalments by due date, with the period's months summed and everything overdue. */
export const getReceivables = ({ status, from, to, page }: ReceivableListParams, signal?: AbortSignal) => {
  const params = pageSearchParams(apiSearchParams({ status, from, to }), page, RECEIVABLES_PAGE_SIZE);
  return api.get<ReceivableList>(`/receivables?${params.toString()}`, { signal });
};

export const getReceivablesQueryOptions = (params: ReceivableListParams) =>
  queryOptions({
    queryKey: receivableKeys.list(params),
    queryFn: ({ signal }) => getReceivables(params, signal),
    ...LIST_QUERY,
  });

export function useReceivables(params: ReceivableListParams) {
  return useQuery(getReceivablesQueryOptions(params));
}

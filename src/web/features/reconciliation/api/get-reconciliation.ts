import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECONCILIATION_PAGE_SIZE } from '@domain/finance/reconciliation.schema';
import { api } from '@/lib/api-client';
import { LIST_QUERY } from '@/lib/query-client';
import { financeKeys } from '@/lib/query-keys';
import { apiSearchParams } from '@/lib/search-params';
import type { Reconciliation, ReconciliationFilters, ReconciliationListParams } from '../types';

/** The period and status as the API reads them (`only_discrepancies` and the page apart). */
export const reconciliationFilterParams = ({ start, end, status }: ReconciliationFilters) =>
  apiSearchParams({ start, end, status });

export const getReconciliation = (params: ReconciliationListParams, signal?: AbortSignal) => {
  const search = reconciliationFilterParams(params);
  if (params.only_discrepancies) search.set('only_discrepancies', 'true');
  search.set('page', String(params.page));
  search.set('limit', String(RECONCILIATION_PAGE_SIZE));
  return api.get<Reconciliation>(`/reconciliation?${search.toString()}`, { signal });
};

export const getReconciliationQueryOptions = (params: ReconciliationListParams) =>
  queryOptions({
    queryKey: financeKeys.reconciliation(params),
    queryFn: ({ signal }) => getReconciliation(params, signal),
    ...LIST_QUERY,
  });

export function useReconciliation(params: ReconciliationListParams) {
  return useQuery(getReconciliationQueryOptions(params));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYABLES_PAGE_SIZE } from '@domain/cards/card.schema';
import { api } from '@/lib/api-client';
import { payableKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { apiSearchParams, pageSearchParams } from '@/lib/search-params';
import type { PayableListParams } from '../payable-filters';
import type { PayableList } from '../types';

/** Card instalments by due date, with the period's months summed and everything overdue. */
export const getPayables = ({ status, from, to, page }: PayableListParams, signal?: AbortSignal) => {
  const params = pageSearchParams(apiSearchParams({ status, from, to }), page, PAYABLES_PAGE_SIZE);
  return api.get<PayableList>(`/payables?${params.toString()}`, { signal });
};

export const getPayablesQueryOptions = (params: PayableListParams) =>
  queryOptions({
    queryKey: payableKeys.list(params),
    queryFn: ({ signal }) => getPayables(params, signal),
    ...LIST_QUERY,
  });

export function usePayables(params: PayableListParams) {
  return useQuery(getPayablesQueryOptions(params));
}

/** One lot's instalments, all of them (at most 24): the lot page's 'Parcelas no cartão'. */
export const getLotPayables = (lotId: string, signal?: AbortSignal) =>
  api.get<PayableList>(`/payables?${new URLSearchParams({ lot_id: lotId, limit: '24' }).toString()}`, { signal });

export function useLotPayables(lotId: string) {
  return useQuery({
    queryKey: payableKeys.list({ lotId }),
    queryFn: ({ signal }) => getLotPayables(lotId, signal),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { CREDITS_PAGE_SIZE, type CreditStatus } from '@domain/transfers/transfer.schema';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { apiSearchParams, pageSearchParams } from '@/lib/search-params';
import type { CreditList } from '../types';

export interface CreditListParams {
  status: CreditStatus | null;
  page: number;
}

export const getCredits = ({ status, page }: CreditListParams, signal?: AbortSignal) => {
  const params = pageSearchParams(apiSearchParams({ status }), page, CREDITS_PAGE_SIZE);
  return api.get<CreditList>(`/credits?${params.toString()}`, { signal });
};

export const getCreditsQueryOptions = (params: CreditListParams) =>
  queryOptions({
    queryKey: creditKeys.list(params),
    queryFn: ({ signal }) => getCredits(params, signal),
    ...LIST_QUERY,
  });

export function useCredits(params: CreditListParams) {
  return useQuery(getCreditsQueryOptions(params));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import { apiSearchParams } from '@/lib/search-params';

/** The period asked: both days, or neither for the agency's current month. */
export interface FinanceSummaryParams {
  from: string | null;
  to: string | null;
}

export const getFinanceSummary = ({ from, to }: FinanceSummaryParams, signal?: AbortSignal) => {
  const params = apiSearchParams({ from, to }).toString();
  return api.get<FinanceSummary>(`/finance/summary${params ? `?${params}` : ''}`, { signal });
};

export const getFinanceSummaryQueryOptions = (params: FinanceSummaryParams) =>
  queryOptions({
    queryKey: financeKeys.summary(params),
    queryFn: ({ signal }) => getFinanceSummary(params, signal),
    // Moving to another month keeps the figures shown (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useFinanceSummary(params: FinanceSummaryParams) {
  return useQuery(getFinanceSummaryQueryOptions(params));
}

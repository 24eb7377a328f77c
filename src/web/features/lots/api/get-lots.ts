import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LOTS_PAGE_SIZE } from '@domain/lots/lot.schema';
import { LIST_STALE_TIME_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';
import { apiSearchParams } from '@/lib/search-params';
import type { LotList, LotListFilters, LotListParams } from '../types';

/** The list's filters and order as a query string (GET /lots and GET /lots/export alike). */
export const lotFiltersSearchParams = ({ search, program, status, sort, order }: LotListFilters) =>
  apiSearchParams({ search, program, status, sort, order });

export const getLots = ({ page, ...filters }: LotListParams, signal?: AbortSignal) => {
  const params = lotFiltersSearchParams(filters);
  params.set('page', String(page));
  params.set('limit', String(LOTS_PAGE_SIZE));
  return api.get<LotList>(`/lots?${params.toString()}`, { signal });
};

export const getLotsQueryOptions = (params: LotListParams) =>
  queryOptions({
    queryKey: lotKeys.list(params),
    queryFn: ({ signal }) => getLots(params, signal),
    staleTime: LIST_STALE_TIME_MS,
    // Paging, sorting and filtering keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export function useLots(params: LotListParams) {
  return useQuery(getLotsQueryOptions(params));
}

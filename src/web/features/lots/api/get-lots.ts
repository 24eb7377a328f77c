import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOTS_PAGE_SIZE } from '@domain/list-defaults';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { apiSearchParams, pageSearchParams } from '@/lib/search-params';
import type { LotList, LotListFilters, LotListParams } from '../types';

/** The list's filters and order as a query string (GET /lots and GET /lots/export alike). */
export const lotFiltersSearchParams = ({ search, program, status, sort, order }: LotListFilters) =>
  apiSearchParams({ search, program, status, sort, order });

export const getLots = ({ page, ...filters }: LotListParams, signal?: AbortSignal) => {
  const params = pageSearchParams(lotFiltersSearchParams(filters), page, LOTS_PAGE_SIZE);
  return api.get<LotList>(`/lots?${params.toString()}`, { signal });
};

export const getLotsQueryOptions = (params: LotListParams) =>
  queryOptions({ queryKey: lotKeys.list(params), queryFn: ({ signal }) => getLots(params, signal), ...LIST_QUERY });

export function useLots(params: LotListParams) {
  return useQuery(getLotsQueryOptions(params));
}

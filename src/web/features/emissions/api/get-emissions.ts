import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EMISSIONS_PAGE_SIZE } from '@domain/emissions/emission.schema';
import { LIST_STALE_TIME_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { emissionKeys } from '@/lib/query-keys';
import { apiSearchParams } from '@/lib/search-params';
import type { EmissionList, EmissionListParams } from '../types';

export const getEmissions = (
  { status, program, date_from, date_to, search, page }: EmissionListParams,
  signal?: AbortSignal,
) => {
  const params = apiSearchParams({ status, program, date_from, date_to, search, page, limit: EMISSIONS_PAGE_SIZE });
  return api.get<EmissionList>(`/emissions?${params.toString()}`, { signal });
};

export const getEmissionsQueryOptions = (params: EmissionListParams) =>
  queryOptions({
    queryKey: emissionKeys.list(params),
    queryFn: ({ signal }) => getEmissions(params, signal),
    staleTime: LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export function useEmissions(params: EmissionListParams) {
  return useQuery(getEmissionsQueryOptions(params));
}

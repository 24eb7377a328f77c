import { queryOptions, useQuery } from '@tanstack/react-query';
import { EMISSIONS_PAGE_SIZE } from '@domain/list-defaults';
import { api } from '@/lib/api-client';
import { emissionKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
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
    ...LIST_QUERY,
  });

export function useEmissions(params: EmissionListParams) {
  return useQuery(getEmissionsQueryOptions(params));
}

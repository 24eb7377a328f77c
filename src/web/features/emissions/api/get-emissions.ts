import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EMISSIONS_PAGE_SIZE } from '@domain/emissions/emission.schema';
import { LIST_STALE_TIME_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { emissionKeys } from '@/lib/query-keys';
import type { EmissionList, EmissionListParams } from '../types';

export function emissionListSearchParams({
  page,
  status,
  program,
  date_from,
  date_to,
  search,
}: EmissionListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (program) params.set('program', program);
  if (date_from) params.set('date_from', date_from);
  if (date_to) params.set('date_to', date_to);
  if (search.trim()) params.set('search', search.trim());
  params.set('page', String(page));
  params.set('limit', String(EMISSIONS_PAGE_SIZE));
  return params;
}

export const getEmissions = (params: EmissionListParams, signal?: AbortSignal) =>
  api.get<EmissionList>(`/emissions?${emissionListSearchParams(params).toString()}`, { signal });

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

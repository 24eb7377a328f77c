import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERTS_PAGE_SIZE } from '@domain/alerts/alert.schema';
import { api } from '@/lib/api-client';
import { alertKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { apiSearchParams } from '@/lib/search-params';
import type { AlertList, AlertListParams } from '../types';

export const getAlerts = (
  { kind, status, program, account_id, date_from, date_to, page }: AlertListParams,
  signal?: AbortSignal,
) => {
  const params = apiSearchParams({
    kind,
    status,
    program,
    account_id,
    date_from,
    date_to,
    page,
    limit: ALERTS_PAGE_SIZE,
  });
  return api.get<AlertList>(`/alerts?${params.toString()}`, { signal });
};

export const getAlertsQueryOptions = (params: AlertListParams) =>
  queryOptions({
    queryKey: alertKeys.list(params),
    queryFn: ({ signal }) => getAlerts(params, signal),
    ...LIST_QUERY,
  });

export function useAlerts(params: AlertListParams) {
  return useQuery(getAlertsQueryOptions(params));
}

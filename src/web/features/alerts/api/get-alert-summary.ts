import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alertKeys } from '@/lib/query-keys';
import type { AlertSummary } from '../types';

/** The scan opens alerts by the hour; a lot or emission written here refreshes the count at once (invalidate.ts). */
const SUMMARY_REFETCH_MS = 5 * 60_000;

export const getAlertSummary = (signal?: AbortSignal) => api.get<AlertSummary>('/alerts/summary', { signal });

export const getAlertSummaryQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.summary(),
    queryFn: ({ signal }) => getAlertSummary(signal),
    refetchInterval: SUMMARY_REFETCH_MS,
  });

/** The header bell's count; `enabled` holds it back until the first page is interactive. */
export function useAlertSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getAlertSummaryQueryOptions(), enabled });
}

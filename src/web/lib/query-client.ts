import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import { LIST_STALE_TIME_MS, QUERY_GC_TIME_MS, QUERY_RETRIES, QUERY_RETRY_MAX_DELAY_MS } from '@/config/constants';
import { isApiError } from './api-client';

/** A 4xx answer will not change by asking again; everything else (network, timeout, 5xx) may. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_RETRY_MAX_DELAY_MS);
}

/**
 * A list page's query (spec part 1 §9): fresh for LIST_STALE_TIME_MS, and paging, sorting or
 * filtering keeps the rows on screen until the next ones arrive.
 */
export const LIST_QUERY = { staleTime: LIST_STALE_TIME_MS, placeholderData: keepPreviousData };

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

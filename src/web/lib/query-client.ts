import { keepPreviousData, QueryClient } from '@tanstack/react-query';
import {
  API_TIMEOUT_MS,
  LIST_STALE_TIME_MS,
  QUERY_GC_TIME_MS,
  QUERY_RETRIES,
  QUERY_RETRY_MAX_DELAY_MS,
} from '@/config/constants';
import { isApiError, TIMEOUT_ERROR_CODE } from './api-client';

/**
 * A 4xx answer will not change by asking again, and a request that timed out has already made the
 * user wait API_TIMEOUT_MS; everything else (network failure, 5xx) may pass on the next try.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isApiError(error) && error.code === TIMEOUT_ERROR_CODE) return false;
  return failureCount < QUERY_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_RETRY_MAX_DELAY_MS);
}

/** The waits between the tries of a query that keeps failing: 1 + 2 + 4 s. */
export const TOTAL_RETRY_DELAY_MS = Array.from({ length: QUERY_RETRIES }, (_, i) => retryDelay(i)).reduce(
  (sum, delay) => sum + delay,
  0,
);

/**
 * How long, at most, a data area waits before it shows its error state and 'Tentar Novamente':
 * - API unreachable (refused, offline): the failures come at once, so TOTAL_RETRY_DELAY_MS (≈ 7 s);
 * - API not answering: the first request times out after API_TIMEOUT_MS and is not retried (30 s);
 * - the worst case, answers that fail (5xx) just before the timeout each time: every try takes up
 *   to API_TIMEOUT_MS, (QUERY_RETRIES + 1) × 30 s + 7 s = 127 s.
 */
export const QUERY_ERROR_BOUND_MS = (QUERY_RETRIES + 1) * API_TIMEOUT_MS + TOTAL_RETRY_DELAY_MS;

/**
 * A list page's query (spec part 1 §9): fresh for LIST_STALE_TIME_MS, and paging, sorting or
 * filtering keeps the rows on screen until the next ones arrive.
 */
export const LIST_QUERY = { staleTime: LIST_STALE_TIME_MS, placeholderData: keepPreviousData };

/**
 * One retry and timeout policy for every query and mutation (spec part 1 §9: 3 retries, delay
 * doubling up to 30 s; API timeout 30 s in api-client.ts); no query overrides it. networkMode
 * 'always': with TanStack's default ('online') a query started while the browser says it is
 * offline pauses — a skeleton that never ends — instead of failing within QUERY_ERROR_BOUND_MS;
 * the app shell's offline banner says why. Back online, every query in error is fetched again,
 * even one that still shows fresh data from before, besides the stale ones.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        networkMode: 'always',
        refetchOnReconnect: (query) => (query.state.status === 'error' ? 'always' : true),
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

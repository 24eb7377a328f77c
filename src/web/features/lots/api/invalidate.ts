import type { QueryClient } from '@tanstack/react-query';
import { ALERTS_QUERY_KEY, DASHBOARD_QUERY_KEY, LOTS_QUERY_KEY } from './keys';

/** After any lot mutation: the lists, every lot page, and the figures built on lots (spec part 1 §7). */
export function invalidateLotQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: LOTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  ]);
}

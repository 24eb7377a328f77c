import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNTS_QUERY_KEY, ALERTS_QUERY_KEY, CLIENTS_QUERY_KEY, DASHBOARD_QUERY_KEY, EMISSIONS_QUERY_KEY, LOTS_QUERY_KEY } from './keys';

/** After a creation or a transition: miles, revenue and client figures all move. */
export function invalidateEmissionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [EMISSIONS_QUERY_KEY, CLIENTS_QUERY_KEY, LOTS_QUERY_KEY, ACCOUNTS_QUERY_KEY, DASHBOARD_QUERY_KEY, ALERTS_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

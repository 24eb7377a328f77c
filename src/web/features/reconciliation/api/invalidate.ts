import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys, emissionKeys, financeKeys } from '@/lib/query-keys';

/**
 * After a posting: the reconciliation, the postings and the finance summary (financeKeys.all), the
 * pages of the emissions it names (they show their postings), and the dashboard's figures.
 */
export function invalidatePostingQueries(queryClient: QueryClient, emissionIds: readonly string[]): Promise<unknown> {
  return Promise.all(
    [financeKeys.all, dashboardKeys.all, ...emissionIds.map((id) => emissionKeys.detail(id))].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

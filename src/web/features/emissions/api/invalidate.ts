import type { QueryClient } from '@tanstack/react-query';
import {
  accountKeys,
  alertKeys,
  clientKeys,
  dashboardKeys,
  emissionKeys,
  financeKeys,
  lotKeys,
  quoteKeys,
} from '@/lib/query-keys';

/**
 * After a creation or a transition: the emission lists and pages; the client's figures
 * (emissions, total spent, last activity); the lots' remaining miles and allocation histories;
 * the accounts' candidate lots; the dashboard; the SLA and margin alerts; the finance figures and
 * the reconciliation; the quotes (a creation may convert one).
 */
export function invalidateEmissionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      emissionKeys.all,
      clientKeys.all,
      lotKeys.all,
      accountKeys.all,
      dashboardKeys.all,
      alertKeys.all,
      financeKeys.all,
      quoteKeys.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

import type { QueryClient } from '@tanstack/react-query';
import {
  accountKeys,
  alertKeys,
  clientKeys,
  dashboardKeys,
  emissionKeys,
  financeKeys,
  importKeys,
  lotKeys,
} from '@/lib/query-keys';

/**
 * After an import finished or was undone: the history, and whatever its records show in — the
 * clients, lots and emissions lists and pages, the accounts (a lot import may create them), the
 * money views and alerts an emission moves, the dashboard.
 */
export function invalidateImportedQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      importKeys.list(),
      clientKeys.all,
      lotKeys.all,
      emissionKeys.all,
      accountKeys.all,
      financeKeys.all,
      alertKeys.all,
      dashboardKeys.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

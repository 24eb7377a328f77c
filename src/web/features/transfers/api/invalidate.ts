import type { QueryClient } from '@tanstack/react-query';
import {
  accountKeys,
  alertKeys,
  creditKeys,
  dashboardKeys,
  financeKeys,
  lotKeys,
  transferKeys,
} from '@/lib/query-keys';

/**
 * After a transfer, a credit received or a credit cancelled: the points leave the source's lots, a
 * credit becomes a lot of the destination, a cancelled credit's cost moves to another credit or lot
 * (issue #23). So the credits and transfers, and every figure built on lots and balances, refresh.
 */
export function invalidateTransferQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      creditKeys.all,
      transferKeys.all,
      lotKeys.all,
      accountKeys.all,
      dashboardKeys.all,
      alertKeys.all,
      financeKeys.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

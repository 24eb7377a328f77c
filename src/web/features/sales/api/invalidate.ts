import type { QueryClient } from '@tanstack/react-query';
import {
  accountKeys,
  alertKeys,
  dashboardKeys,
  financeKeys,
  lotKeys,
  receivableKeys,
  saleKeys,
} from '@/lib/query-keys';

const refresh = (queryClient: QueryClient, keys: readonly (readonly unknown[])[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * After a sale or its cancellation: the miles leave (or go back to) the account's lots, and the
 * instalments appear (or go) in 'Contas a receber'. So the sales and receivables, and every figure
 * built on lots and balances (the lots' totals, balances, expiring alerts, dashboard, finance), refresh.
 */
export function invalidateSaleQueries(queryClient: QueryClient): Promise<unknown> {
  return refresh(queryClient, [
    saleKeys.all,
    receivableKeys.all,
    lotKeys.all,
    accountKeys.all,
    alertKeys.all,
    dashboardKeys.all,
    financeKeys.all,
  ]);
}

/** After 'Recebido': a revenue posted in finance, and the sale's 'Recebido x/y' (which also stops its cancellation). */
export function invalidateReceiptQueries(queryClient: QueryClient): Promise<unknown> {
  return refresh(queryClient, [receivableKeys.all, saleKeys.all, financeKeys.all, dashboardKeys.all]);
}

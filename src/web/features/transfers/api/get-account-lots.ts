import { useQueries } from '@tanstack/react-query';
import { getAccountLotsQueryOptions } from '@/lib/account-lots';
import type { AccountLots } from '../types';

/**
 * The lots of the accounts named, by account id (the transfer dialog names the chosen source): one
 * request per account. A balance still loading, or that failed, is absent.
 */
export function useAccountsLots(accountIds: readonly string[]): ReadonlyMap<string, AccountLots> {
  return useQueries({
    queries: accountIds.map((id) => getAccountLotsQueryOptions(id)),
    combine: (results) => {
      const byId = new Map<string, AccountLots>();
      results.forEach((result, i) => {
        const id = accountIds[i];
        if (id !== undefined && result.data) byId.set(id, result.data);
      });
      return byId;
    },
  });
}

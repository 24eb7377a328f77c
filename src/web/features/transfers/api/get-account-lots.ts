import { useQueries } from '@tanstack/react-query';
import { getAccountLotsQueryOptions } from '@/lib/account-lots';
import type { AccountLots } from '../types';

/**
 * The lots of the points accounts the transfer dialog offers, by account id: one request per
 * account (an agency holds few points accounts). A balance still loading, or that failed, is absent.
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

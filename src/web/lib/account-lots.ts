import { queryOptions } from '@tanstack/react-query';
import type { AccountLots } from '@domain/accounts/account.schema';
import { api } from './api-client';
import { accountKeys } from './query-keys';

/**
 * An account's available lots with miles left (GET /accounts/:id/lots), cheapest first: the
 * emission wizard plans over them, the transfer dialog sums them as the account's balance.
 */
export const getAccountLots = (accountId: string, signal?: AbortSignal) =>
  api.get<AccountLots>(`/accounts/${encodeURIComponent(accountId)}/lots`, { signal });

export const getAccountLotsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.lots(accountId),
    queryFn: ({ signal }) => getAccountLots(accountId, signal),
    // Balances move with every emission and transfer: read them fresh when a form opens.
    staleTime: 0,
  });

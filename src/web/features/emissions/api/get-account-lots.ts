import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import type { AccountLots } from '../types';

/** The account's candidate lots; the wizard plans over them with the domain's allocation rules. */
export const getAccountLots = (accountId: string, signal?: AbortSignal) =>
  api.get<AccountLots>(`/accounts/${encodeURIComponent(accountId)}/lots`, { signal });

export const getAccountLotsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.lots(accountId),
    queryFn: ({ signal }) => getAccountLots(accountId, signal),
    // Balances move with every emission: read them fresh when the wizard opens.
    staleTime: 0,
  });

export function useAccountLots(accountId: string) {
  return useQuery({ ...getAccountLotsQueryOptions(accountId), enabled: accountId !== '' });
}

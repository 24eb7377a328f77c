import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountLots } from '@domain/accounts/account.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';

/** The account's available lots with their cost per thousand (the wizard's request and key). */
export const getAccountLotsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.lots(accountId),
    queryFn: ({ signal }) => api.get<AccountLots>(`/accounts/${encodeURIComponent(accountId)}/lots`, { signal }),
    staleTime: 0,
  });

export function useAccountLots(accountId: string) {
  return useQuery({ ...getAccountLotsQueryOptions(accountId), enabled: accountId !== '' });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountList } from '@domain/accounts/account.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';

export const getClientAccounts = (clientId: string, signal?: AbortSignal) =>
  api.get<AccountList>(`/accounts?${new URLSearchParams({ client_id: clientId }).toString()}`, { signal });

export const getClientAccountsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: accountKeys.list({ client_id: clientId }),
    queryFn: ({ signal }) => getClientAccounts(clientId, signal),
    select: (result) => result.data,
  });

export function useClientAccounts(clientId: string) {
  return useQuery({ ...getClientAccountsQueryOptions(clientId), enabled: clientId !== '' });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AccountOption } from '../types';
import { ACCOUNTS_QUERY_KEY } from './keys';

export const getClientAccounts = (clientId: string, signal?: AbortSignal) =>
  api.get<{ data: AccountOption[] }>(`/accounts?${new URLSearchParams({ client_id: clientId }).toString()}`, { signal });

export const getClientAccountsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...ACCOUNTS_QUERY_KEY, { client_id: clientId }] as const,
    queryFn: ({ signal }) => getClientAccounts(clientId, signal),
    select: (result) => result.data,
  });

export function useClientAccounts(clientId: string) {
  return useQuery({ ...getClientAccountsQueryOptions(clientId), enabled: clientId !== '' });
}

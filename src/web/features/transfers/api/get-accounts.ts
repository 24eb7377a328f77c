import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNTS_LIMIT_MAX } from '@domain/accounts/account.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import type { AccountList } from '../types';

/** Every loyalty account of the agency: the transfer's source (points) and destination (airline) come from them. */
export const getAllAccounts = (signal?: AbortSignal) =>
  api.get<AccountList>(`/accounts?${new URLSearchParams({ limit: String(ACCOUNTS_LIMIT_MAX) }).toString()}`, {
    signal,
  });

export const getAllAccountsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.list({}),
    queryFn: ({ signal }) => getAllAccounts(signal),
    select: (result) => result.data,
  });

export function useAllAccounts() {
  return useQuery(getAllAccountsQueryOptions());
}

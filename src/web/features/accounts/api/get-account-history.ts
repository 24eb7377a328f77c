import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_HISTORY_PAGE_SIZE } from '@domain/accounts/account-history.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import { pageSearchParams } from '@/lib/search-params';
import type { AccountHistory } from '../types';

export const getAccountHistory = (id: string, page: number, signal?: AbortSignal) => {
  const params = pageSearchParams(new URLSearchParams(), page, ACCOUNT_HISTORY_PAGE_SIZE);
  return api.get<AccountHistory>(`/accounts/${encodeURIComponent(id)}/history?${params.toString()}`, { signal });
};

export const getAccountHistoryQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: accountKeys.history(id, page),
    queryFn: ({ signal }) => getAccountHistory(id, page, signal),
    placeholderData: keepPreviousData,
    // Its balance moves with every lot, emission and transfer, some of which do not name the
    // account's keys when they change (a lot's edit): read it fresh each time the page opens.
    staleTime: 0,
  });

/** One page of the account's movements, newest first, with its balances beside their recount. */
export function useAccountHistory(id: string, page: number) {
  return useQuery(getAccountHistoryQueryOptions(id, page));
}

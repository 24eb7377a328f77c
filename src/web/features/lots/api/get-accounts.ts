import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountList } from '@domain/accounts/account.schema';
import type { ProgramKey } from '@domain/programs';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';

/** The loyalty accounts of one program, for the lot form's 'Conta' picker. */
export const getProgramAccounts = (program: ProgramKey, signal?: AbortSignal) =>
  api.get<AccountList>(`/accounts?${new URLSearchParams({ program }).toString()}`, { signal });

export const getProgramAccountsQueryOptions = (program: ProgramKey) =>
  queryOptions({
    queryKey: accountKeys.list({ program }),
    queryFn: ({ signal }) => getProgramAccounts(program, signal),
    select: (result) => result.data,
  });

export function useProgramAccounts(program: ProgramKey) {
  return useQuery(getProgramAccountsQueryOptions(program));
}

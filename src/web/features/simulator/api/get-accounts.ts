import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountList } from '@domain/accounts/account.schema';
import type { ProgramKey } from '@domain/programs';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';

/**
 * The accounts a simulation may draw from: the client's, when one is chosen, else every account
 * of the programme (the agency's own first). The same requests and keys as the lot form's and the
 * wizard's pickers, so they share the cache.
 */
export const getSimulatorAccountsQueryOptions = (program: ProgramKey, clientId: string | null) =>
  clientId
    ? queryOptions({
        queryKey: accountKeys.list({ client_id: clientId }),
        queryFn: ({ signal }) =>
          api.get<AccountList>(`/accounts?${new URLSearchParams({ client_id: clientId }).toString()}`, { signal }),
        select: (result) => result.data.filter((account) => account.program === program),
      })
    : queryOptions({
        queryKey: accountKeys.list({ program }),
        queryFn: ({ signal }) =>
          api.get<AccountList>(`/accounts?${new URLSearchParams({ program }).toString()}`, { signal }),
        select: (result) => result.data,
      });

export function useSimulatorAccounts(program: ProgramKey, clientId: string | null) {
  return useQuery(getSimulatorAccountsQueryOptions(program, clientId));
}

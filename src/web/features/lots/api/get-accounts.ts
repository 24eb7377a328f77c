import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramKey } from '@domain/programs';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import type { LoyaltyAccountOption } from '../types';

/** The loyalty accounts of one program, for the lot form's 'Conta' picker. */
export const getProgramAccounts = (program: ProgramKey, signal?: AbortSignal) =>
  api.get<{ data: LoyaltyAccountOption[] }>(`/accounts?${new URLSearchParams({ program }).toString()}`, { signal });

export const getProgramAccountsQueryOptions = (program: ProgramKey) =>
  queryOptions({
    queryKey: accountKeys.list({ program }),
    queryFn: ({ signal }) => getProgramAccounts(program, signal),
    select: (result) => result.data,
  });

export function useProgramAccounts(program: ProgramKey) {
  return useQuery(getProgramAccountsQueryOptions(program));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramKey } from '@domain/programs';
import { api } from '@/lib/api-client';
import type { LoyaltyAccountOption } from '../types';
import { ACCOUNTS_QUERY_KEY } from './keys';

/** The loyalty accounts of one program, for the lot form's 'Conta' picker. */
export const getProgramAccounts = (program: ProgramKey, signal?: AbortSignal) =>
  api.get<{ data: LoyaltyAccountOption[] }>(`/accounts?${new URLSearchParams({ program }).toString()}`, { signal });

export const getProgramAccountsQueryOptions = (program: ProgramKey) =>
  queryOptions({
    queryKey: [...ACCOUNTS_QUERY_KEY, { program }] as const,
    queryFn: ({ signal }) => getProgramAccounts(program, signal),
    select: (result) => result.data,
  });

export function useProgramAccounts(program: ProgramKey) {
  return useQuery(getProgramAccountsQueryOptions(program));
}

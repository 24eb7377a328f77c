import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AccountBeneficiaries } from '../types';
import { ACCOUNTS_QUERY_KEY } from './keys';

export const getAccountBeneficiaries = (accountId: string, signal?: AbortSignal) =>
  api.get<AccountBeneficiaries>(`/accounts/${encodeURIComponent(accountId)}/beneficiaries`, { signal });

export const getAccountBeneficiariesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: [...ACCOUNTS_QUERY_KEY, accountId, 'beneficiaries'] as const,
    queryFn: ({ signal }) => getAccountBeneficiaries(accountId, signal),
    staleTime: 0,
  });

export function useAccountBeneficiaries(accountId: string) {
  return useQuery({ ...getAccountBeneficiariesQueryOptions(accountId), enabled: accountId !== '' });
}

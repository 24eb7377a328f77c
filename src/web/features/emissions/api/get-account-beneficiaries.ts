import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import type { AccountBeneficiaries } from '../types';

export const getAccountBeneficiaries = (accountId: string, signal?: AbortSignal) =>
  api.get<AccountBeneficiaries>(`/accounts/${encodeURIComponent(accountId)}/beneficiaries`, { signal });

export const getAccountBeneficiariesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.beneficiaries(accountId),
    queryFn: ({ signal }) => getAccountBeneficiaries(accountId, signal),
    staleTime: 0,
  });

export function useAccountBeneficiaries(accountId: string) {
  return useQuery({ ...getAccountBeneficiariesQueryOptions(accountId), enabled: accountId !== '' });
}

import { queryOptions } from '@tanstack/react-query';
import type { AccountBeneficiaries } from '@domain/accounts/account.schema';
import { api } from './api-client';
import { accountKeys } from './query-keys';

/**
 * The account's holder CPF and past passengers (GET /accounts/:id/beneficiaries), the inputs of the
 * domain's countBeneficiaries: the emission wizard warns with them, the account's page counts its
 * free slots.
 */
export const getAccountBeneficiaries = (accountId: string, signal?: AbortSignal) =>
  api.get<AccountBeneficiaries>(`/accounts/${encodeURIComponent(accountId)}/beneficiaries`, { signal });

export const getAccountBeneficiariesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.beneficiaries(accountId),
    queryFn: ({ signal }) => getAccountBeneficiaries(accountId, signal),
    staleTime: 0,
  });

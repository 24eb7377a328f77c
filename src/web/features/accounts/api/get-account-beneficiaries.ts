import { useQuery } from '@tanstack/react-query';
import { getAccountBeneficiariesQueryOptions } from '@/lib/account-beneficiaries';

/** The account's holder CPF and past passengers, for programmes with a beneficiary limit only. */
export function useAccountBeneficiaries(accountId: string, enabled: boolean) {
  return useQuery({ ...getAccountBeneficiariesQueryOptions(accountId), enabled: enabled && accountId !== '' });
}

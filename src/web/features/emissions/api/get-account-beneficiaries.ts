import { useQuery } from '@tanstack/react-query';
import { getAccountBeneficiariesQueryOptions } from '@/lib/account-beneficiaries';

/** The account's holder CPF and past passengers: the wizard's beneficiary summary and warning count over them. */
export function useAccountBeneficiaries(accountId: string) {
  return useQuery({ ...getAccountBeneficiariesQueryOptions(accountId), enabled: accountId !== '' });
}

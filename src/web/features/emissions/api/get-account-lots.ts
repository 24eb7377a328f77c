import { useQuery } from '@tanstack/react-query';
import { getAccountLotsQueryOptions } from '@/lib/account-lots';

/** The account's candidate lots; the wizard plans over them with the domain's allocation rules. */
export function useAccountLots(accountId: string) {
  return useQuery({ ...getAccountLotsQueryOptions(accountId), enabled: accountId !== '' });
}

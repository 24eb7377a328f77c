import { useQuery } from '@tanstack/react-query';
import { getAccountLotsQueryOptions } from '@/lib/account-lots';

/** The account's available lots with their cost per thousand (the wizard's request and key). */
export function useAccountLots(accountId: string) {
  return useQuery({ ...getAccountLotsQueryOptions(accountId), enabled: accountId !== '' });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import type { Sale, SaleInput } from '../types';
import { invalidateSaleQueries } from './invalidate';

/** 'Vender milhas': the miles leave the account's lots (by the agency's allocation policy); the price becomes instalments to receive. */
export const createSale = (input: SaleInput) => api.post<Sale>('/sales', input);

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSale,
    onSuccess: () => invalidateSaleQueries(queryClient),
    // Refused for want of miles: the balance the form showed was stale, so it is read again.
    onError: (error, input) =>
      isApiError(error) && error.code === 'INSUFFICIENT_MILES'
        ? queryClient.invalidateQueries({ queryKey: accountKeys.lots(input.account_id) })
        : undefined,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Sale } from '../types';
import { invalidateSaleQueries } from './invalidate';

/** 'Cancelar venda': the miles go back to their lots and the instalments still to receive are dropped. */
export const cancelSale = (sale: Pick<Sale, 'id'>) => api.post<Sale>(`/sales/${encodeURIComponent(sale.id)}/cancel`);

/** Cancelled, or refused because it was cancelled or received meanwhile (409): either way the lists refresh. */
export function useCancelSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSale,
    onSettled: () => invalidateSaleQueries(queryClient),
  });
}

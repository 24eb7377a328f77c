import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Receipt, Receivable } from '../types';
import { invalidateReceiptQueries } from './invalidate';

/** 'Recebido': the instalment is posted in finance as a "Venda de milhas" revenue on the day received. */
export const receiveReceivable = ({ id, input }: { id: string; input: Receipt }) =>
  api.post<Receivable>(`/receivables/${encodeURIComponent(id)}/receive`, input);

/** Received, or refused because someone else received it first (409): either way the lists refresh. */
export function useReceiveReceivable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveReceivable,
    onSettled: () => invalidateReceiptQueries(queryClient),
  });
}

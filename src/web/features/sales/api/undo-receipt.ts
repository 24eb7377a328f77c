import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Receivable } from '../types';
import { invalidateReceiptQueries } from './invalidate';

/** 'Desfazer recebimento': the instalment is to receive again, and its "Venda de milhas" revenue is deleted. */
export const undoReceipt = (receivable: Receivable) =>
  api.post<Receivable>(`/receivables/${encodeURIComponent(receivable.id)}/undo-receipt`, {});

/** Undone, or refused because someone else undid it first (409): either way the lists refresh. */
export function useUndoReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoReceipt,
    onSettled: () => invalidateReceiptQueries(queryClient),
  });
}

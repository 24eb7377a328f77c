import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardKeys, dashboardKeys, financeKeys, lotKeys, payableKeys } from '@/lib/query-keys';
import type { Payable } from '../types';

/** 'Marcar como pago': the instalment is posted as a cash expense today. */
export const payPayable = (payable: Payable) =>
  api.post<Payable>(`/payables/${encodeURIComponent(payable.id)}/pay`, {});

/** 'Desfazer pagamento': the instalment is to pay again, and its cash expense is deleted. */
export const undoPayment = (payable: Payable) =>
  api.post<Payable>(`/payables/${encodeURIComponent(payable.id)}/undo-payment`, {});

/**
 * Paid or undone, or refused because someone else did it first (409): either way the payables and
 * what the card owes change, and a payment is a posting (cash, the dashboard) that keeps its lot
 * from being deleted (the lot's deletion check lives under its key).
 */
const invalidatePaymentQueries = (queryClient: QueryClient, payable: Payable) =>
  Promise.all(
    [payableKeys.all, cardKeys.all, financeKeys.all, dashboardKeys.all, lotKeys.detail(payable.lot.id)].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );

export function usePayPayable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payPayable,
    onSettled: (_data, _error, payable) => invalidatePaymentQueries(queryClient, payable),
  });
}

export function useUndoPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoPayment,
    onSettled: (_data, _error, payable) => invalidatePaymentQueries(queryClient, payable),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardKeys, dashboardKeys, financeKeys, lotKeys, payableKeys } from '@/lib/query-keys';
import type { Payable } from '../types';

/** 'Marcar como pago': the instalment is posted as a cash expense today. */
export const payPayable = (payable: Payable) =>
  api.post<Payable>(`/payables/${encodeURIComponent(payable.id)}/pay`, {});

/**
 * Paid, or refused because someone else paid it first (409): either way the payables and what the
 * card owes change, and a payment is a posting (cash, the dashboard) that keeps its lot from being
 * deleted (the lot's deletion check lives under its key).
 */
export function usePayPayable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payPayable,
    onSettled: (_data, _error, payable) =>
      Promise.all(
        [payableKeys.all, cardKeys.all, financeKeys.all, dashboardKeys.all, lotKeys.detail(payable.lot.id)].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Credit, CreditReceipt } from '../types';
import { invalidateTransferQueries } from './invalidate';

/** 'Marcar como recebido': the miles that came (blank: all expected) become a lot of the account. */
export const receiveCredit = ({ id, input }: { id: string; input: CreditReceipt }) =>
  api.post<Credit>(`/credits/${encodeURIComponent(id)}/receive`, input);

export function useReceiveCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveCredit,
    onSuccess: () => invalidateTransferQueries(queryClient),
  });
}

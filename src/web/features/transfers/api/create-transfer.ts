import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Transfer, TransferInput } from '../types';
import { invalidateTransferQueries } from './invalidate';

/** 'Transferir pontos': the points leave the source account's lots; the miles are credits still to come. */
export const createTransfer = (input: TransferInput) => api.post<Transfer>('/transfers', input);

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => invalidateTransferQueries(queryClient),
  });
}

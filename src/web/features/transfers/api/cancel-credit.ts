import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Credit } from '../types';
import { invalidateTransferQueries } from './invalidate';

/** 'Cancelar crédito': the miles will not come; their cost moves on (docs/decisions/0029-transfers-and-credits.md). */
export const cancelCredit = (id: string) => api.post<Credit>(`/credits/${encodeURIComponent(id)}/cancel`);

export function useCancelCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCredit,
    onSuccess: () => invalidateTransferQueries(queryClient),
  });
}

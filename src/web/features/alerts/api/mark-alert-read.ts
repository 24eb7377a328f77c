import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertRead } from '@domain/alerts/alert.schema';
import { api } from '@/lib/api-client';
import { invalidateAlertQueries } from './invalidate';

export interface MarkAlertReadInput extends AlertRead {
  id: string;
}

/** One alert read, or unread again. */
export const markAlertRead = ({ id, is_read }: MarkAlertReadInput) =>
  api.patch<void>(`/alerts/${encodeURIComponent(id)}`, { is_read });

export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAlertRead, onSuccess: () => invalidateAlertQueries(queryClient) });
}

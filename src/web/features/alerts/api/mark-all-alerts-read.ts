import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AlertKind } from '../types';
import { invalidateAlertQueries } from './invalidate';

/** 'Marcar todas como lidas': every open alert of the tab's kind, whatever the filters. */
export const markAllAlertsRead = ({ kind }: { kind: AlertKind }) =>
  api.post<{ updated: number }>('/alerts/read-all', { kind });

export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllAlertsRead, onSuccess: () => invalidateAlertQueries(queryClient) });
}

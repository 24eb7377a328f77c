import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAlertQueries } from './invalidate';

/** One of the bell's notifications read (opening it does that). */
export const markNotificationRead = (id: string) =>
  api.patch<void>(`/notifications/${encodeURIComponent(id)}`, { is_read: true });

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSuccess: () => invalidateAlertQueries(queryClient) });
}

/** Every notification of the bell read. */
export const markAllNotificationsRead = () => api.post<{ updated: number }>('/notifications/read-all', {});

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess: () => invalidateAlertQueries(queryClient) });
}

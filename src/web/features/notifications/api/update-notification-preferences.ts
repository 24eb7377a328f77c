import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefs } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

export const updateNotificationPreferences = (input: NotificationPrefs) =>
  api.put<NotificationPrefs>('/me/notifications', input);

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (prefs) => queryClient.setQueryData(notificationKeys.preferences(), prefs),
  });
}

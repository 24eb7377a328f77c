import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefs } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import { NOTIFICATION_PREFERENCES_QUERY_KEY } from './get-notification-preferences';

export const updateNotificationPreferences = (input: NotificationPrefs) =>
  api.put<NotificationPrefs>('/me/notifications', input);

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (prefs) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_QUERY_KEY, prefs),
  });
}

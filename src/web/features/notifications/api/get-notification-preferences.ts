import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPrefs } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';

export const NOTIFICATION_PREFERENCES_QUERY_KEY = ['me', 'notifications'] as const;

export const getNotificationPreferences = (signal?: AbortSignal) => api.get<NotificationPrefs>('/me/notifications', { signal });

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATION_PREFERENCES_QUERY_KEY,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPrefs } from '@domain/agency/agency.schema';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

export const getNotificationPreferences = (signal?: AbortSignal) =>
  api.get<NotificationPrefs>('/me/notifications', { signal });

export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@domain/notifications/notification.schema';
import { api } from '@/lib/api-client';
import { alertKeys } from '@/lib/query-keys';

/** The real-time stream refreshes it as things happen; this only catches a stream that was down. */
const INBOX_REFETCH_MS = 5 * 60_000;

export const getInbox = (signal?: AbortSignal) => api.get<NotificationList>('/notifications', { signal });

/** The bell: the user's notifications (newest first, 50 kept) and how many are unread. */
export function useInbox({ enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: alertKeys.inbox(),
      queryFn: ({ signal }) => getInbox(signal),
      refetchInterval: INBOX_REFETCH_MS,
      enabled,
    }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { EMAIL_OUTBOX_PAGE_SIZE, type EmailOutboxList } from '@domain/email/email.schema';
import { api } from '@/lib/api-client';
import { LIST_QUERY } from '@/lib/query-client';
import { notificationKeys } from '@/lib/query-keys';
import { apiSearchParams } from '@/lib/search-params';

/** The agency's e-mail outbox, under the notifications' keys: /config → Notificações shows both. */
export const emailOutboxKeys = {
  all: [...notificationKeys.all, 'email-outbox'] as const,
  list: (page: number) => [...emailOutboxKeys.all, 'list', { page }] as const,
  message: (id: string) => [...emailOutboxKeys.all, 'message', id] as const,
};

/** While a message waits for its next attempt, the list looks again this often. */
const PENDING_REFETCH_MS = 15_000;

export const getEmailOutbox = (page: number, signal?: AbortSignal) =>
  api.get<EmailOutboxList>(`/email/outbox?${apiSearchParams({ page, limit: EMAIL_OUTBOX_PAGE_SIZE }).toString()}`, {
    signal,
  });

export const getEmailOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: emailOutboxKeys.list(page),
    queryFn: ({ signal }) => getEmailOutbox(page, signal),
    ...LIST_QUERY,
    refetchInterval: (query) =>
      query.state.data?.data.some((message) => message.status === 'pending') ? PENDING_REFETCH_MS : false,
  });

export function useEmailOutbox(page: number) {
  return useQuery(getEmailOutboxQueryOptions(page));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailMessage } from '@domain/email/email.schema';
import { api } from '@/lib/api-client';
import { emailOutboxKeys } from './get-email-outbox';

export const getEmailMessage = (id: string, signal?: AbortSignal) =>
  api.get<EmailMessage>(`/email/outbox/${encodeURIComponent(id)}`, { signal });

export const getEmailMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: emailOutboxKeys.message(id),
    queryFn: ({ signal }) => getEmailMessage(id, signal),
  });

/** One message's parts, asked for when its dialog opens (`id` null: closed). */
export function useEmailMessage(id: string | null) {
  return useQuery({ ...getEmailMessageQueryOptions(id ?? ''), enabled: id !== null });
}

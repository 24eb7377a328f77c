import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookSecret } from '@domain/webhooks/webhook.schema';
import { api } from '@/lib/api-client';
import { invalidateWebhookQueries } from './invalidate';

export const rotateWebhookSecret = (id: string) =>
  api.post<WebhookSecret>(`/webhooks/${encodeURIComponent(id)}/secret`);

/** The list shows the secret's hint, which changes. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: () => invalidateWebhookQueries(queryClient) });
}

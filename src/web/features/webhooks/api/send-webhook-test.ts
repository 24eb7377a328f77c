import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@domain/webhooks/webhook.schema';
import { api } from '@/lib/api-client';
import { invalidateWebhookQueries } from './invalidate';

export const sendWebhookTest = (id: string) => api.post<WebhookDelivery>(`/webhooks/${encodeURIComponent(id)}/test`);

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendWebhookTest, onSuccess: () => invalidateWebhookQueries(queryClient) });
}

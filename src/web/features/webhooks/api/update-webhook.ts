import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointInput } from '@domain/webhooks/webhook.schema';
import { api } from '@/lib/api-client';
import { invalidateWebhookQueries } from './invalidate';

export const updateWebhook = ({ id, input }: { id: string; input: WebhookEndpointInput }) =>
  api.put<WebhookEndpoint>(`/webhooks/${encodeURIComponent(id)}`, input);

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => invalidateWebhookQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointCreated, WebhookEndpointInput } from '@domain/webhooks/webhook.schema';
import { api } from '@/lib/api-client';
import { invalidateWebhookQueries } from './invalidate';

export const createWebhook = (input: WebhookEndpointInput) => api.post<WebhookEndpointCreated>('/webhooks', input);

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => invalidateWebhookQueries(queryClient) });
}

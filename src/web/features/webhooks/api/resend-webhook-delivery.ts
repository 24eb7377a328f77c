import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@domain/webhooks/webhook.schema';
import { api } from '@/lib/api-client';
import { invalidateWebhookQueries } from './invalidate';

export const resendWebhookDelivery = ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
  api.post<WebhookDelivery>(
    `/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
  );

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendWebhookDelivery, onSuccess: () => invalidateWebhookQueries(queryClient) });
}

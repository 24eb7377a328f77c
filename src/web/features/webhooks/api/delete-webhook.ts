import { useDeleteMutation } from '@/hooks/use-delete-mutation';
import { api } from '@/lib/api-client';
import { invalidateWebhookQueries } from './invalidate';
import { webhookKeys } from './keys';

export const deleteWebhook = (id: string) => api.delete<void>(`/webhooks/${encodeURIComponent(id)}`);

export function useDeleteWebhook() {
  return useDeleteMutation(deleteWebhook, { detailKey: webhookKeys.deliveries, invalidate: invalidateWebhookQueries });
}

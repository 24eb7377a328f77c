import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpointList } from '@domain/webhooks/webhook.schema';
import { api } from '@/lib/api-client';
import { webhookKeys } from './keys';

export const getWebhooks = (signal?: AbortSignal) => api.get<WebhookEndpointList>('/webhooks', { signal });

/** While a last delivery is pending the list asks again this often, so its outcome shows. */
const PENDING_REFRESH_MS = 3000;

export const getWebhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => getWebhooks(signal),
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => e.last_delivery?.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useWebhooks() {
  return useQuery(getWebhooksQueryOptions());
}

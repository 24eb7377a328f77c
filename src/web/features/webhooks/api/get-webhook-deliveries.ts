import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveryList } from '@domain/webhooks/webhook.schema';
import { api } from '@/lib/api-client';
import { webhookKeys } from './keys';

/** While a delivery is pending the log asks again this often, so its outcome shows without a reload. */
const PENDING_REFRESH_MS = 3000;

export const getWebhookDeliveries = (endpointId: string, page: number, signal?: AbortSignal) =>
  api.get<WebhookDeliveryList>(
    `/webhooks/${encodeURIComponent(endpointId)}/deliveries?page=${page}&limit=${WEBHOOK_DELIVERIES_PAGE_SIZE}`,
    { signal },
  );

export const getWebhookDeliveriesQueryOptions = (endpointId: string, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveriesPage(endpointId, page),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useWebhookDeliveries(endpointId: string, page: number) {
  return useQuery(getWebhookDeliveriesQueryOptions(endpointId, page));
}

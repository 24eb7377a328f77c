import type { QueryClient } from '@tanstack/react-query';
import { webhookKeys } from './keys';

/** After any change to an endpoint or a delivery: the endpoints (their last delivery) and the logs. */
export const invalidateWebhookQueries = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: webhookKeys.all });

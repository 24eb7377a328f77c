/**
 * The webhooks' query keys (/config → Webhooks), nested as lib/query-keys.ts nests the others:
 * invalidating `webhookKeys.all` refreshes the endpoints and every deliveries page.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
  deliveriesPage: (endpointId: string, page: number) => [...webhookKeys.deliveries(endpointId), { page }] as const,
};

import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import {
  webhookEndpointInputSchema,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '@domain/webhooks/webhook.schema';

/** What the endpoint form holds. */
export interface WebhookFormState {
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
}

/** The fields the server's messages may land on. */
export const WEBHOOK_FORM_FIELDS = [
  'url',
  'description',
  'event_types',
  'enabled',
] as const satisfies readonly FieldPath<WebhookFormState>[];

export function toWebhookFormState(endpoint: WebhookEndpoint | null): WebhookFormState {
  if (!endpoint) return { url: 'https://', description: '', event_types: [], enabled: true };
  return {
    url: endpoint.url,
    description: endpoint.description,
    event_types: [...endpoint.event_types],
    enabled: endpoint.enabled,
  };
}

/** The form validates with the schema the API re-parses (STYLE.md habit 1). */
export const webhookFormResolver = zodResolver(webhookEndpointInputSchema) as unknown as Resolver<
  WebhookFormState,
  unknown,
  WebhookEndpointInput
>;

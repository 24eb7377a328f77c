import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../events/event.schema';
import { limitParamSchema, pageParamSchema } from '../query.schema';
import { idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { textSchema } from '../text.schema';
import { z } from '../zod';

// Webhooks (issue #16, DESIGN.md §1 "webhooks"): endpoints an agency registers in /config →
// Webhooks, signed per Standard Webhooks (https://www.standardwebhooks.com), and their deliveries.

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints per agency: each event is POSTed once per endpoint subscribed to it. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const WEBHOOK_DELIVERIES_MAX_PAGE_SIZE = 100;

/** What POST /:id/test sends; not an event an endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every event type a delivery may carry, with the label the deliveries table shows. */
export function webhookEventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Teste';
  return (WEBHOOK_EVENT_LABELS as Record<string, string>)[type] ?? type;
}

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Informe a URL do endpoint',
  urlInvalid: 'URL inválida',
  urlTooLong: `A URL deve ter no máximo ${WEBHOOK_URL_MAX} caracteres`,
  urlHttps: 'Use uma URL https://',
  urlNoHost: 'A URL precisa ter um domínio',
  urlCredentials: 'A URL não pode conter usuário ou senha',
  urlInternal: 'O endereço aponta para a rede interna e não é permitido',
  urlUnresolved: 'Não foi possível encontrar o domínio da URL (DNS)',
  descriptionTooLong: `A descrição deve ter no máximo ${WEBHOOK_DESCRIPTION_MAX} caracteres`,
  eventsRequired: 'Informe ao menos um evento',
  eventUnknown: (type: string) => `Evento desconhecido: ${type}`,
  enabledInvalid: 'Informe se o endpoint está ativo (verdadeiro ou falso)',
  tooMany: `Limite de ${WEBHOOK_ENDPOINTS_MAX} endpoints atingido`,
  notFound: 'Endpoint não encontrado.',
  deliveryNotFound: 'Entrega não encontrada.',
  disabled: 'O endpoint está desativado: ative-o para enviar.',
  deliveryPending: 'Esta entrega ainda está em andamento.',
} as const;
const M = WEBHOOK_MESSAGES;

/**
 * Why a URL cannot be an endpoint, judged on its text alone (the server then resolves its host:
 * src/server/webhooks/ssrf.ts). `allowHosts` are hosts the tests may reach over http.
 */
export function webhookUrlProblem(raw: string, allowHosts: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return M.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return M.urlHttps;
  if (!url.hostname) return M.urlNoHost;
  if (url.username || url.password) return M.urlCredentials;
  if (url.protocol === 'http:' && !allowHosts.includes(url.hostname.toLowerCase())) return M.urlHttps;
  return null;
}

const eventTypesSchema = z
  .array(textSchema({ invalid: M.eventUnknown('?') }), { error: M.eventsRequired })
  .superRefine((types, ctx) => {
    if (types.length === 0) ctx.addIssue({ code: 'custom', message: M.eventsRequired });
    const unknown = types.find((t) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: M.eventUnknown(unknown.slice(0, 60)) });
  })
  // Stored once each, in the list's order, whatever the order and repeats sent.
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t)));

/**
 * POST and PUT /api/v1/webhooks and the endpoint form: the whole endpoint. `https://` only, but
 * for the hosts in `allowHosts` (the server passes its test allow-list; the web, none).
 */
export function webhookEndpointInputSchemaFor(allowHosts: readonly string[] = []) {
  return z.object({
    url: textSchema({ required: M.urlRequired, invalid: M.urlInvalid })
      .trim()
      .min(1, M.urlRequired)
      .max(WEBHOOK_URL_MAX, M.urlTooLong)
      .superRefine((url, ctx) => {
        const problem = webhookUrlProblem(url, allowHosts);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    description: textSchema({ invalid: 'Valor inválido: informe um texto' })
      .trim()
      .max(WEBHOOK_DESCRIPTION_MAX, M.descriptionTooLong)
      .nullish()
      .transform((v) => v ?? ''),
    event_types: eventTypesSchema,
    enabled: z.boolean({ error: M.enabledInvalid }).default(true),
  });
}

export const webhookEndpointInputSchema = webhookEndpointInputSchemaFor();
export type WebhookEndpointInput = z.output<typeof webhookEndpointInputSchema>;
export type WebhookEndpointFormValues = z.input<typeof webhookEndpointInputSchema>;

export const webhookDeliveryListQuerySchema = z.object({
  page: pageParamSchema,
  limit: limitParamSchema(WEBHOOK_DELIVERIES_PAGE_SIZE, WEBHOOK_DELIVERIES_MAX_PAGE_SIZE),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pendente',
  delivered: 'Entregue',
  failed: 'Falhou',
};

const deliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const webhookEndpointSchema = z.object({
  id: idSchema,
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it was disabled, when the server did it (410, failing for days); null when a person did. */
  disabled_reason: z.string().nullable(),
  /** The first failure of the current run of failures; null after a success. */
  failing_since: timestampSchema.nullable(),
  /** The secret with all but its last characters hidden: `whsec_…AbCd`. */
  secret_hint: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** The newest delivery, whatever its status. */
  last_delivery: z
    .object({
      event_type: z.string(),
      status: deliveryStatusSchema,
      last_status_code: z.number().int().nullable(),
      last_attempt_at: timestampSchema.nullable(),
      created_at: timestampSchema,
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The one answer that shows the whole secret: creation (and rotation, webhookSecretSchema). */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({
  secret: z.string().meta({ description: 'whsec_ + base64 of 24 random bytes; shown only now' }),
});
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookEndpointListSchema = pagedSchema(webhookEndpointSchema);
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: idSchema,
  endpoint_id: idSchema,
  event_type: z.string(),
  /** The `webhook-id` header, the receiver's idempotency key. */
  message_id: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  /** When the next attempt is due (pending only). */
  next_attempt_at: timestampSchema.nullable(),
  last_status_code: z.number().int().nullable(),
  /** Why the last attempt failed, in Portuguese. */
  last_error: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_attempt_at: timestampSchema.nullable(),
  delivered_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = pagedSchema(webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookEventOptions = (): { value: WebhookEventType; label: string }[] =>
  WEBHOOK_EVENT_TYPES.map((value) => ({ value, label: WEBHOOK_EVENT_LABELS[value] }));

/** Toasts and confirmations (the rest of the app's voice, spec part 2 §8). */
export const WEBHOOK_TEXTS = {
  created: { title: 'Endpoint criado', description: 'Guarde o segredo: ele não será mostrado novamente.' },
  updated: { title: 'Endpoint atualizado', description: 'As alterações foram salvas.' },
  deleted: { title: 'Endpoint excluído', description: 'Ele não receberá mais eventos.' },
  rotated: { title: 'Novo segredo gerado', description: 'Atualize o segredo no seu sistema.' },
  testSent: { title: 'Teste enviado', description: 'Acompanhe o resultado nas entregas.' },
  resent: { title: 'Entrega reenviada', description: 'Uma nova tentativa foi agendada.' },
  createError: 'Erro ao criar endpoint',
  updateError: 'Erro ao atualizar endpoint',
  deleteError: 'Erro ao excluir endpoint',
  rotateError: 'Erro ao gerar novo segredo',
  testError: 'Erro ao enviar teste',
  resendError: 'Erro ao reenviar entrega',
  confirmDelete: 'Tem certeza que deseja excluir este endpoint? As entregas dele também serão apagadas.',
  confirmRotate: 'O segredo atual deixa de valer agora: as próximas entregas serão assinadas com o novo.',
} as const;

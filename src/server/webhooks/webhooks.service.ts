import { randomUUID } from 'node:crypto';
import { maskSecret } from '../../domain/webhooks/webhook.rules';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  webhookDeliveryListQuerySchema,
  webhookEndpointInputSchemaFor,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEndpointInput,
  type WebhookEndpointList,
  type WebhookSecret,
} from '../../domain/webhooks/webhook.schema';
import { diffFields } from '../../domain/audit/audit.rules';
import type { AuditChanges } from '../../domain/audit/audit.schema';
import { recordActivity } from '../activity/activity.queries';
import type { Db } from '../db/client';
import { notifyOutbox } from '../events/events.queries';
import { validationError } from '../http/errors';
import { paged, pageRows } from '../http/paged';
import { parseOrThrow } from '../http/validate';
import { newWebhookSecret } from './signing';
import { webhookUrlRefusal } from './ssrf';
import {
  webhookDeliveryNotFound,
  webhookDeliveryPending,
  webhookDisabled,
  webhookLimitReached,
  webhookNotFound,
} from './webhooks.errors';
import {
  countEndpoints,
  deleteEndpointRow,
  failPendingDeliveries,
  getDeliveries,
  getDelivery,
  getEndpoint,
  getEndpoints,
  getLastDeliveries,
  insertDelivery,
  insertEndpoint,
  setEndpointSecret,
  updateEndpointRow,
  type EndpointRow,
} from './webhooks.queries';

interface Actor {
  agencyId: string;
  userId: string | null;
}

/** What a save needs from the app: the test allow-list (deps.webhookAllowHosts). */
export interface SaveOptions {
  allowHosts: readonly string[];
}

/** Why pending deliveries of an endpoint a person disabled fail (the log says it). */
export const DISABLED_BY_USER_ERROR = 'Endpoint desativado antes da entrega';

type LastDelivery = Awaited<ReturnType<typeof getLastDeliveries>>[number];

function toEndpoint(row: EndpointRow, last: LastDelivery | undefined): WebhookEndpoint {
  const { secret, ...rest } = row;
  return {
    ...rest,
    secret_hint: maskSecret(secret),
    last_delivery: last
      ? {
          event_type: last.event_type,
          status: last.status as WebhookDelivery['status'],
          last_status_code: last.last_status_code,
          last_attempt_at: last.last_attempt_at,
          created_at: last.created_at,
        }
      : null,
  };
}

const AUDITED_FIELDS = ['url', 'description', 'event_types', 'enabled'] as const;

const WEBHOOK_CHANGED = {
  created: 'cadastrado',
  updated: 'atualizado',
  deleted: 'excluído',
  secret_rotated: 'teve o segredo renovado',
} as const;

/** The audit log's line of an endpoint's change: "Webhook https://erp.example.com/hooks atualizado" (never the secret). */
function recordWebhookChange(
  db: Db,
  actor: Actor,
  change: keyof typeof WEBHOOK_CHANGED,
  endpoint: { id: string; url: string },
  changes?: AuditChanges | null,
) {
  return recordActivity(db, {
    ...actor,
    kind: `webhook_${change}`,
    description: `Webhook ${endpoint.url} ${WEBHOOK_CHANGED[change]}`,
    refType: 'webhook',
    refId: endpoint.id,
    changes,
  });
}

/** 'msg_' and 32 hex digits, as recordEvents names an event's deliveries. */
const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

/** The body's fields, then the URL's host resolved (a save never stores an address inside the network). */
async function parseEndpoint(
  body: unknown,
  { allowHosts }: SaveOptions,
  checkHost: (input: WebhookEndpointInput) => boolean,
) {
  const input = parseOrThrow(webhookEndpointInputSchemaFor(allowHosts), body);
  if (checkHost(input)) {
    const refusal = await webhookUrlRefusal(input.url, { allowHosts });
    if (refusal) throw validationError({ url: refusal });
  }
  return input;
}

export async function listEndpoints(db: Db, agencyId: string): Promise<WebhookEndpointList> {
  const rows = await getEndpoints(db, { agencyId });
  const last = await getLastDeliveries(db, { agencyId, endpointIds: rows.map((r) => r.id) });
  const byEndpoint = new Map(last.map((d) => [d.endpoint_id, d]));
  const data = rows.map((row) => toEndpoint(row, byEndpoint.get(row.id)));
  return paged(data, data.length, { page: 1, limit: WEBHOOK_ENDPOINTS_MAX });
}

export async function getEndpointDetail(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const row = await getEndpoint(db, { agencyId, id });
  if (!row) throw webhookNotFound();
  const [last] = await getLastDeliveries(db, { agencyId, endpointIds: [id] });
  return toEndpoint(row, last);
}

/** A new endpoint and its secret, answered in full this once. */
export async function createEndpoint(
  db: Db,
  actor: Actor,
  body: unknown,
  options: SaveOptions,
): Promise<WebhookEndpointCreated> {
  const input = await parseEndpoint(body, options, () => true);
  if ((await countEndpoints(db, { agencyId: actor.agencyId })) >= WEBHOOK_ENDPOINTS_MAX) throw webhookLimitReached();
  const secret = newWebhookSecret();
  const id = await insertEndpoint(db, { agencyId: actor.agencyId, values: input, secret });
  await recordWebhookChange(db, actor, 'created', { id, url: input.url });
  return { ...(await getEndpointDetail(db, { agencyId: actor.agencyId, id })), secret };
}

/**
 * Saves the endpoint whole. The host is resolved again when the URL changes or the endpoint is
 * enabled, not when it is only being switched off (a dead domain must still be switchable off).
 */
export async function updateEndpoint(
  db: Db,
  actor: Actor,
  id: string,
  body: unknown,
  options: SaveOptions,
): Promise<WebhookEndpoint> {
  const existing = await getEndpoint(db, { agencyId: actor.agencyId, id }, true);
  if (!existing) throw webhookNotFound();
  const input = await parseEndpoint(body, options, (i) => i.url !== existing.url || i.enabled);
  await updateEndpointRow(db, { agencyId: actor.agencyId, id, values: input });
  const changes = diffFields(existing, input, AUDITED_FIELDS);
  if (changes) await recordWebhookChange(db, actor, 'updated', { id, url: input.url }, changes);
  if (existing.enabled && !input.enabled) {
    await failPendingDeliveries(db, { agencyId: actor.agencyId, endpointId: id, reason: DISABLED_BY_USER_ERROR });
  }
  return getEndpointDetail(db, { agencyId: actor.agencyId, id });
}

export async function deleteEndpoint(db: Db, actor: Actor, id: string): Promise<void> {
  const existing = await getEndpoint(db, { agencyId: actor.agencyId, id }, true);
  if (!existing) throw webhookNotFound();
  await deleteEndpointRow(db, { agencyId: actor.agencyId, id });
  await recordWebhookChange(db, actor, 'deleted', existing);
}

/** "Gerar novo segredo": the old one stops signing at once; the new one is answered this once. */
export async function rotateSecret(db: Db, actor: Actor, id: string): Promise<WebhookSecret> {
  const existing = await getEndpoint(db, { agencyId: actor.agencyId, id }, true);
  if (!existing) throw webhookNotFound();
  const secret = newWebhookSecret();
  await setEndpointSecret(db, { agencyId: actor.agencyId, id, secret });
  await recordWebhookChange(db, actor, 'secret_rotated', existing);
  return { secret };
}

async function deliveryDetail(db: Db, scope: { agencyId: string; endpointId: string; id: string }) {
  const row = await getDelivery(db, scope);
  if (!row) throw webhookDeliveryNotFound();
  const { payload: _payload, event_seq: _seq, ...delivery } = row;
  return delivery;
}

/** "Enviar teste": a `webhook.test` delivery to this endpoint only, sent by the job after commit. */
export async function sendTestDelivery(db: Db, actor: Actor, id: string): Promise<WebhookDelivery> {
  const endpoint = await getEndpoint(db, { agencyId: actor.agencyId, id });
  if (!endpoint) throw webhookNotFound();
  if (!endpoint.enabled) throw webhookDisabled();
  const deliveryId = await insertDelivery(db, {
    agencyId: actor.agencyId,
    endpointId: id,
    eventType: WEBHOOK_TEST_EVENT,
    messageId: newMessageId(),
    payload: {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { endpoint_id: id, message: 'Teste de webhook do Milheiro' },
    },
  });
  await notifyOutbox(db, 'webhooks');
  return deliveryDetail(db, { agencyId: actor.agencyId, endpointId: id, id: deliveryId });
}

export async function listDeliveries(
  db: Db,
  { agencyId, endpointId }: { agencyId: string; endpointId: string },
  rawQuery: unknown,
): Promise<WebhookDeliveryList> {
  if (!(await getEndpoint(db, { agencyId, id: endpointId }))) throw webhookNotFound();
  const query = parseOrThrow(webhookDeliveryListQuerySchema, rawQuery);
  const { rows, total } = await getDeliveries(db, { agencyId, endpointId, ...pageRows(query) });
  return paged(rows, total, query);
}

/**
 * "Reenviar": a new delivery of the same message — same body, same `webhook-id` — due now. The
 * Standard Webhooks id "remains the same no matter how many times a webhook that has failed is
 * retried", so a receiver that did process it can tell; a new row keeps the first one's attempts
 * and error in the log. One still pending is being retried already.
 */
export async function resendDelivery(
  db: Db,
  actor: Actor,
  { endpointId, deliveryId }: { endpointId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  const endpoint = await getEndpoint(db, { agencyId: actor.agencyId, id: endpointId });
  if (!endpoint) throw webhookNotFound();
  const original = await getDelivery(db, { agencyId: actor.agencyId, endpointId, id: deliveryId });
  if (!original) throw webhookDeliveryNotFound();
  if (original.status === 'pending') throw webhookDeliveryPending();
  if (!endpoint.enabled) throw webhookDisabled();
  const id = await insertDelivery(db, {
    agencyId: actor.agencyId,
    endpointId,
    eventType: original.event_type,
    eventSeq: original.event_seq,
    messageId: original.message_id,
    payload: original.payload,
  });
  await notifyOutbox(db, 'webhooks');
  return deliveryDetail(db, { agencyId: actor.agencyId, endpointId, id });
}

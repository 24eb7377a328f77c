import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookDelivery } from '../../domain/webhooks/webhook.schema';
import type { Db } from '../db/client';
import { webhook_deliveries, webhook_endpoints } from '../db/schema';

interface Scope {
  agencyId: string;
  id: string;
}

const endpointColumns = {
  id: webhook_endpoints.id,
  url: webhook_endpoints.url,
  description: webhook_endpoints.description,
  event_types: webhook_endpoints.event_types,
  enabled: webhook_endpoints.enabled,
  disabled_reason: webhook_endpoints.disabled_reason,
  failing_since: webhook_endpoints.failing_since,
  secret: webhook_endpoints.secret,
  created_at: webhook_endpoints.created_at,
  updated_at: webhook_endpoints.updated_at,
};

export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  secret: string;
  created_at: string;
  updated_at: string;
}

export const deliveryColumns = {
  id: webhook_deliveries.id,
  endpoint_id: webhook_deliveries.endpoint_id,
  event_type: webhook_deliveries.event_type,
  message_id: webhook_deliveries.message_id,
  status: webhook_deliveries.status,
  attempts: webhook_deliveries.attempts,
  next_attempt_at: sql<
    string | null
  >`CASE WHEN ${webhook_deliveries.status} = 'pending' THEN ${webhook_deliveries.next_attempt_at} END`,
  last_status_code: webhook_deliveries.last_status_code,
  last_error: webhook_deliveries.last_error,
  last_duration_ms: webhook_deliveries.last_duration_ms,
  last_attempt_at: webhook_deliveries.last_attempt_at,
  delivered_at: webhook_deliveries.delivered_at,
  created_at: webhook_deliveries.created_at,
};

export async function getEndpoints(db: Db, { agencyId }: { agencyId: string }): Promise<EndpointRow[]> {
  return db
    .select(endpointColumns)
    .from(webhook_endpoints)
    .where(eq(webhook_endpoints.agency_id, agencyId))
    .orderBy(webhook_endpoints.created_at, webhook_endpoints.id);
}

export async function getEndpoint(db: Db, { agencyId, id }: Scope, lock = false): Promise<EndpointRow | null> {
  const query = db
    .select(endpointColumns)
    .from(webhook_endpoints)
    .where(and(eq(webhook_endpoints.agency_id, agencyId), eq(webhook_endpoints.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function countEndpoints(db: Db, { agencyId }: { agencyId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhook_endpoints)
    .where(eq(webhook_endpoints.agency_id, agencyId));
  return row?.n ?? 0;
}

/** The newest delivery of each endpoint given (the list's "última entrega"). */
export async function getLastDeliveries(
  db: Db,
  { agencyId, endpointIds }: { agencyId: string; endpointIds: string[] },
) {
  if (endpointIds.length === 0) return [];
  return db
    .selectDistinctOn([webhook_deliveries.endpoint_id], {
      endpoint_id: webhook_deliveries.endpoint_id,
      event_type: webhook_deliveries.event_type,
      status: webhook_deliveries.status,
      last_status_code: webhook_deliveries.last_status_code,
      last_attempt_at: webhook_deliveries.last_attempt_at,
      created_at: webhook_deliveries.created_at,
    })
    .from(webhook_deliveries)
    .where(and(eq(webhook_deliveries.agency_id, agencyId), inArray(webhook_deliveries.endpoint_id, endpointIds)))
    .orderBy(webhook_deliveries.endpoint_id, desc(webhook_deliveries.created_at), desc(webhook_deliveries.id));
}

export interface EndpointValues {
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
}

export async function insertEndpoint(
  db: Db,
  { agencyId, values, secret }: { agencyId: string; values: EndpointValues; secret: string },
): Promise<string> {
  const [row] = await db
    .insert(webhook_endpoints)
    .values({ agency_id: agencyId, ...values, secret })
    .returning({ id: webhook_endpoints.id });
  return row!.id;
}

/** Saves the values; enabling again forgets why the server had disabled it and its run of failures. */
export async function updateEndpointRow(db: Db, { agencyId, id, values }: Scope & { values: EndpointValues }) {
  await db
    .update(webhook_endpoints)
    .set({
      ...values,
      ...(values.enabled ? { disabled_reason: null, failing_since: null } : {}),
      updated_at: sql`now()`,
    })
    .where(and(eq(webhook_endpoints.agency_id, agencyId), eq(webhook_endpoints.id, id)));
}

export async function setEndpointSecret(db: Db, { agencyId, id, secret }: Scope & { secret: string }) {
  await db
    .update(webhook_endpoints)
    .set({ secret, updated_at: sql`now()` })
    .where(and(eq(webhook_endpoints.agency_id, agencyId), eq(webhook_endpoints.id, id)));
}

/** Its deliveries go with it (the foreign key cascades). */
export async function deleteEndpointRow(db: Db, { agencyId, id }: Scope) {
  await db
    .delete(webhook_endpoints)
    .where(and(eq(webhook_endpoints.agency_id, agencyId), eq(webhook_endpoints.id, id)));
}

/** What was still to be sent to a disabled endpoint fails, with the reason in the log. */
export async function failPendingDeliveries(
  db: Db,
  { agencyId, endpointId, reason }: { agencyId: string; endpointId: string; reason: string },
) {
  await db
    .update(webhook_deliveries)
    .set({ status: 'failed', locked_until: null, last_error: reason })
    .where(
      and(
        eq(webhook_deliveries.agency_id, agencyId),
        eq(webhook_deliveries.endpoint_id, endpointId),
        eq(webhook_deliveries.status, 'pending'),
      ),
    );
}

export async function getDelivery(
  db: Db,
  { agencyId, endpointId, id }: Scope & { endpointId: string },
): Promise<(WebhookDelivery & { payload: Record<string, unknown>; event_seq: number | null }) | null> {
  const [row] = await db
    .select({ ...deliveryColumns, payload: webhook_deliveries.payload, event_seq: webhook_deliveries.event_seq })
    .from(webhook_deliveries)
    .where(
      and(
        eq(webhook_deliveries.agency_id, agencyId),
        eq(webhook_deliveries.endpoint_id, endpointId),
        eq(webhook_deliveries.id, id),
      ),
    );
  return (
    (row as (WebhookDelivery & { payload: Record<string, unknown>; event_seq: number | null }) | undefined) ?? null
  );
}

/** A delivery due now, outside any event (a test, a resend): the job picks it up after commit. */
export async function insertDelivery(
  db: Db,
  {
    agencyId,
    endpointId,
    eventType,
    eventSeq = null,
    messageId,
    payload,
  }: {
    agencyId: string;
    endpointId: string;
    eventType: string;
    eventSeq?: number | null;
    messageId: string;
    payload: Record<string, unknown>;
  },
): Promise<string> {
  const [row] = await db
    .insert(webhook_deliveries)
    .values({
      agency_id: agencyId,
      endpoint_id: endpointId,
      event_type: eventType,
      event_seq: eventSeq,
      message_id: messageId,
      payload,
    })
    .returning({ id: webhook_deliveries.id });
  return row!.id;
}

/** One page of an endpoint's deliveries, newest first, and how many it has. */
export async function getDeliveries(
  db: Db,
  { agencyId, endpointId, limit, offset }: { agencyId: string; endpointId: string; limit: number; offset: number },
) {
  const where = and(eq(webhook_deliveries.agency_id, agencyId), eq(webhook_deliveries.endpoint_id, endpointId));
  const rows = await db
    .select(deliveryColumns)
    .from(webhook_deliveries)
    .where(where)
    .orderBy(desc(webhook_deliveries.created_at), desc(webhook_deliveries.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(webhook_deliveries).where(where);
  return { rows: rows as WebhookDelivery[], total: total?.n ?? 0 };
}

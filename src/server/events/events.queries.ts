import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { EventType, StreamEvent } from '../../domain/events/event.schema';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** The channel every process LISTENs on: its payload is `agency_id:seq`, ids only (NOTIFY bypasses RLS). */
export const EVENTS_CHANNEL = 'milheiro_events';
/** Nudges the senders: `webhooks` or `email`, when a transaction left work in their outbox. */
export const OUTBOX_CHANNEL = 'milheiro_outbox';

export interface NewEvent {
  type: EventType;
  entityId?: string | null;
  data?: Record<string, unknown>;
  /** For one user only (their notification); everyone of the agency when absent. */
  userId?: string | null;
  actorId?: string | null;
}

/**
 * The webhook deliveries of the events a statement just inserted (`added`: seq, type, entity_id,
 * data, created_at): one per enabled endpoint of the agency subscribed to the type, with its
 * payload `{type, timestamp, data}` and `webhook-id` fixed now. A CTE body, shared by
 * recordEvents and the writes that insert their own event in their statement (the emission's).
 */
export const eventDeliveries = (agency: SQL | Placeholder, added: string) => sql`
  INSERT INTO webhook_deliveries (agency_id, id, endpoint_id, event_seq, event_type, message_id, payload)
  SELECT ${agency}, d.id, d.endpoint_id, d.seq, d.type, 'msg_' || replace(d.id::text, '-', ''), d.payload
  FROM (
    SELECT gen_random_uuid() AS id, w.id AS endpoint_id, a.seq, a.type,
      jsonb_build_object(
        'type', a.type,
        'timestamp', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', CASE WHEN a.entity_id IS NULL THEN a.data ELSE jsonb_build_object('id', a.entity_id) || a.data END
      ) AS payload
    FROM ${sql.raw(added)} a
    JOIN webhook_endpoints w ON w.agency_id = ${agency} AND w.enabled AND a.type = ANY(w.event_types)
  ) d
  RETURNING 1`;

/**
 * The NOTIFYs of a statement's events (`added`) and, when it queued deliveries (`deliveries`), the
 * webhook sender's nudge: a select-list expression. PostgreSQL and PGlite deliver them only if the
 * transaction commits.
 */
export const eventNotifications = (agency: SQL | Placeholder, added: string, deliveries: string) => sql`
  (SELECT count(pg_notify(${EVENTS_CHANNEL}, ${agency}::text || ':' || n.seq::text)) FROM ${sql.raw(added)} n)
  + (SELECT count(pg_notify(${OUTBOX_CHANNEL}, 'webhooks')) FROM (SELECT 1 FROM ${sql.raw(deliveries)} LIMIT 1) q)`;

/**
 * Appends events in the caller's transaction, in one statement: the events themselves, one webhook
 * delivery per enabled endpoint subscribed to each type (the outbox row, sent after commit by the
 * webhook job), and the NOTIFYs, which PostgreSQL (and PGlite) deliver only if the transaction
 * commits. A rolled-back write leaves no event, no delivery and no notification.
 */
export async function recordEvents(db: Db, agencyId: string, list: readonly NewEvent[]): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = JSON.stringify(
    list.map((e) => ({
      type: e.type,
      entity_id: e.entityId ?? null,
      data: e.data ?? {},
      user_id: e.userId ?? null,
      actor_id: e.actorId ?? null,
    })),
  );
  const agency = sql`${agencyId}::uuid`;
  const res = await db.execute(sql`
    WITH input AS (
      SELECT j.e ->> 'type' AS type, (j.e ->> 'entity_id')::uuid AS entity_id, j.e -> 'data' AS data,
        (j.e ->> 'user_id')::uuid AS user_id, (j.e ->> 'actor_id')::uuid AS actor_id, j.ord
      FROM jsonb_array_elements(${rows}::jsonb) WITH ORDINALITY AS j(e, ord)
    ),
    added AS (
      INSERT INTO events (agency_id, type, entity_id, data, user_id, actor_id)
      SELECT ${agency}, type, entity_id, data, user_id, actor_id FROM input ORDER BY ord
      RETURNING seq, type, entity_id, data, created_at
    ),
    deliveries AS (${eventDeliveries(agency, 'added')})
    SELECT (SELECT array_agg(seq ORDER BY seq) FROM added) AS seqs, ${eventNotifications(agency, 'added', 'deliveries')} AS notified
  `);
  const seqs = rowsOf<{ seqs: (string | number)[] | null }>(res)[0]?.seqs ?? [];
  return seqs.map(Number);
}

export const recordEvent = (db: Db, agencyId: string, event: NewEvent) => recordEvents(db, agencyId, [event]);

/** Wakes the sender of an outbox once the transaction commits. */
export async function notifyOutbox(db: Db, what: 'webhooks' | 'email') {
  await db.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${what})`);
}

type EventRow = {
  seq: string | number;
  type: string;
  entity_id: string | null;
  data: Record<string, unknown>;
  created_at: string | Date;
};

const toStreamEvent = (r: EventRow): StreamEvent => ({
  seq: Number(r.seq),
  type: r.type as StreamEvent['type'],
  entity_id: r.entity_id,
  data: r.data,
  created_at: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
});

/** Events of the agency after `afterSeq` that this user may see, oldest first (replay from Last-Event-ID). */
export async function eventsAfter(
  db: Db,
  { agencyId, userId, afterSeq, limit = 500 }: { agencyId: string; userId: string; afterSeq: number; limit?: number },
): Promise<StreamEvent[]> {
  const res = await db.execute(sql`
    SELECT seq, type, entity_id, data, created_at FROM events
    WHERE agency_id = ${agencyId}::uuid AND seq > ${afterSeq} AND (user_id IS NULL OR user_id = ${userId}::uuid)
    ORDER BY seq LIMIT ${limit}
  `);
  return rowsOf<EventRow>(res).map(toStreamEvent);
}

/** The events notified (by seq) with who may see them, for fanning out to the open streams. */
export async function eventsBySeq(
  db: Db,
  { agencyId, seqs }: { agencyId: string; seqs: readonly number[] },
): Promise<(StreamEvent & { user_id: string | null })[]> {
  const res = await db.execute(sql`
    SELECT seq, type, entity_id, data, created_at, user_id FROM events
    WHERE agency_id = ${agencyId}::uuid AND seq = ANY(${`{${seqs.join(',')}}`}::bigint[])
    ORDER BY seq
  `);
  return rowsOf<EventRow & { user_id: string | null }>(res).map((r) => ({ ...toStreamEvent(r), user_id: r.user_id }));
}

/** The newest seq of the agency (where a fresh stream starts), 0 when none. */
export async function latestSeq(db: Db, agencyId: string): Promise<number> {
  const res = await db.execute(
    sql`SELECT coalesce(max(seq), 0) AS seq FROM events WHERE agency_id = ${agencyId}::uuid`,
  );
  return Number(rowsOf<{ seq: string | number }>(res)[0]?.seq ?? 0);
}

/** Drops events older than the retention (housekeeping, as the owner, every agency). */
export async function pruneEvents(db: Db, { before }: { before: string }): Promise<number> {
  const res = await db.execute(sql`DELETE FROM events WHERE created_at < ${before}::timestamptz`);
  return (
    (res as { rowCount?: number; affectedRows?: number }).rowCount ??
    (res as { affectedRows?: number }).affectedRows ??
    0
  );
}

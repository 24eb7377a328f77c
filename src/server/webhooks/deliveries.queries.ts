import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rows';

// The delivery job's statements. Claiming runs as the owner across agencies (decision 0012: the
// worker's connection); everything after, per delivery, inside its agency's tenant.

/** A delivery held by one process until `lease`, with what it takes to send it. */
export interface ClaimedDelivery {
  agency_id: string;
  id: string;
  endpoint_id: string;
  message_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
  enabled: boolean;
  /** The lease this claim set: the attempt is recorded only if the row still carries it. */
  lease: string;
}

/**
 * Takes up to `limit` due deliveries — pending, due, and not held by a live lease — and holds them
 * until `lease`. SKIP LOCKED: processes claiming at once take different rows; a process killed
 * while holding rows lets them go when the lease passes, and another sends them again
 * (at-least-once; receivers deduplicate on `webhook-id`).
 */
export async function claimDueDeliveries(
  db: Database,
  { now, lease, limit }: { now: Date; lease: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  const res = await db.execute(sql`
    WITH due AS (
      SELECT agency_id, id FROM webhook_deliveries
      -- Due within the same millisecond too: the clock here has milliseconds, the column microseconds,
      -- so a row written a few microseconds before the claim (in that millisecond) counts as due.
      WHERE status = 'pending' AND next_attempt_at < ${now.toISOString()}::timestamptz + interval '1 millisecond'
        AND (locked_until IS NULL OR locked_until < ${now.toISOString()}::timestamptz)
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET locked_until = ${lease.toISOString()}::timestamptz
    FROM due, webhook_endpoints e
    WHERE d.agency_id = due.agency_id AND d.id = due.id AND e.agency_id = d.agency_id AND e.id = d.endpoint_id
    RETURNING d.agency_id, d.id, d.endpoint_id, d.message_id, d.payload, d.attempts, e.url, e.secret, e.enabled
  `);
  return rowsOf<Omit<ClaimedDelivery, 'lease'>>(res).map((r) => ({ ...r, lease: lease.toISOString() }));
}

/** When the next pending delivery is due (for the job to come back then), or null. */
export async function nextDueAt(db: Database): Promise<Date | null> {
  const res = await db.execute(sql`
    SELECT greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))::text AS at
    FROM webhook_deliveries WHERE status = 'pending'
    ORDER BY next_attempt_at LIMIT 1
  `);
  const at = rowsOf<{ at: string | null }>(res)[0]?.at;
  return at ? new Date(at) : null;
}

export interface AttemptRecord {
  agencyId: string;
  id: string;
  lease: string;
  /** When the attempt ended. */
  at: Date;
  status: 'pending' | 'delivered' | 'failed';
  /** Counted as an attempt (false when nothing was sent: a disabled endpoint). */
  attempted: boolean;
  nextAttemptAt: Date | null;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
}

/**
 * Records one attempt on the delivery, only while the claim's lease is still on it: a process that
 * overran its lease (its rows sent again by another) records nothing. True when recorded.
 */
export async function recordAttempt(db: Db, r: AttemptRecord): Promise<boolean> {
  const at = r.at.toISOString();
  const res = await db.execute(sql`
    UPDATE webhook_deliveries SET
      status = ${r.status},
      attempts = attempts + ${r.attempted ? 1 : 0},
      locked_until = NULL,
      next_attempt_at = coalesce(${r.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
      last_status_code = ${r.statusCode},
      last_error = ${r.error},
      last_duration_ms = ${r.durationMs},
      last_attempt_at = CASE WHEN ${r.attempted} THEN ${at}::timestamptz ELSE last_attempt_at END,
      delivered_at = CASE WHEN ${r.status} = 'delivered' THEN ${at}::timestamptz END
    WHERE agency_id = ${r.agencyId}::uuid AND id = ${r.id}::uuid
      AND status = 'pending' AND locked_until = ${r.lease}::timestamptz
    RETURNING id
  `);
  return rowsOf(res).length > 0;
}

/** A success ends the endpoint's run of failures. */
export async function clearEndpointFailing(db: Db, { agencyId, endpointId }: { agencyId: string; endpointId: string }) {
  await db.execute(sql`
    UPDATE webhook_endpoints SET failing_since = NULL
    WHERE agency_id = ${agencyId}::uuid AND id = ${endpointId}::uuid AND failing_since IS NOT NULL
  `);
}

/** A failure starts the endpoint's run of failures, or continues it: answers when it started, and whether it is enabled. */
export async function markEndpointFailing(
  db: Db,
  { agencyId, endpointId, at }: { agencyId: string; endpointId: string; at: Date },
): Promise<{ failing_since: string; enabled: boolean } | null> {
  const res = await db.execute(sql`
    UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, ${at.toISOString()}::timestamptz)
    WHERE agency_id = ${agencyId}::uuid AND id = ${endpointId}::uuid
    RETURNING failing_since::text AS failing_since, enabled
  `);
  return rowsOf<{ failing_since: string; enabled: boolean }>(res)[0] ?? null;
}

/**
 * Disables an endpoint the server gave up on, once (only while it is enabled): answers its URL, or
 * null when it was disabled already. Its pending deliveries fail with `reason`.
 */
export async function disableEndpoint(
  db: Db,
  { agencyId, endpointId, reason }: { agencyId: string; endpointId: string; reason: string },
): Promise<string | null> {
  const res = await db.execute(sql`
    UPDATE webhook_endpoints SET enabled = false, disabled_reason = ${reason}, updated_at = now()
    WHERE agency_id = ${agencyId}::uuid AND id = ${endpointId}::uuid AND enabled
    RETURNING url
  `);
  const url = rowsOf<{ url: string }>(res)[0]?.url ?? null;
  if (url === null) return null;
  await db.execute(sql`
    UPDATE webhook_deliveries SET status = 'failed', locked_until = NULL,
      last_error = coalesce(last_error || ' — ', '') || ${`Endpoint desativado: ${reason}`}
    WHERE agency_id = ${agencyId}::uuid AND endpoint_id = ${endpointId}::uuid AND status = 'pending'
  `);
  return url;
}

/**
 * Tells every user of the agency with an e-mail address that an endpoint was disabled: one
 * `webhook.disabled` message each in the e-mail outbox (rendered and sent by the e-mail job).
 */
export async function queueEndpointDisabledEmails(
  db: Db,
  { agencyId, endpointId, url, reason }: { agencyId: string; endpointId: string; url: string; reason: string },
): Promise<number> {
  const res = await db.execute(sql`
    INSERT INTO email_outbox (agency_id, user_id, to_address, template, data)
    SELECT agency_id, id, email, 'webhook.disabled',
      jsonb_build_object('endpoint_id', ${endpointId}::text, 'url', ${url}::text, 'reason', ${reason}::text)
    FROM users WHERE agency_id = ${agencyId}::uuid AND email IS NOT NULL
    RETURNING id
  `);
  return rowsOf(res).length;
}

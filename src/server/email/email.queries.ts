import { sql, type SQL } from 'drizzle-orm';
import type { EmailStatus } from '../../domain/email/email.schema';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { RenderedEmail } from './templates/render-email';

/** The clock of the sender: the job's `now` when a test drives it, the database's otherwise. */
export const clockSql = (now: string | undefined): SQL => (now ? sql`${now}::timestamptz` : sql`now()`);

export interface ClaimedEmail {
  agency_id: string;
  id: string;
  to_address: string;
  template: string;
  data: Record<string, unknown>;
  subject: string | null;
  html: string | null;
  text: string | null;
  /** This attempt's number (counted at the claim, so a process killed mid-send still counts it). */
  attempts: number;
  /** The claim's `locked_until`, as text (microseconds kept): what settling it is fenced by. */
  lease: string;
  trade_name: string;
}

/**
 * Takes up to `limit` due messages of every agency (the sender runs as the owner) for `leaseSeconds`:
 * one statement, so its transaction is as short as can be. SKIP LOCKED lets several processes claim
 * side by side without waiting on each other, and the lease (`locked_until`) keeps a claimed row
 * from a second sender until it runs out — which is how a process killed mid-send lets the row go
 * (at-least-once).
 */
export async function claimDueEmails(
  db: Db,
  { now, limit, leaseSeconds }: { now?: string; limit: number; leaseSeconds: number },
): Promise<ClaimedEmail[]> {
  const clock = clockSql(now);
  const res = await db.execute(sql`
    UPDATE email_outbox o
    SET locked_until = ${clock} + make_interval(secs => ${leaseSeconds}), attempts = o.attempts + 1
    FROM agencies a
    WHERE a.id = o.agency_id AND (o.agency_id, o.id) IN (
      SELECT d.agency_id, d.id FROM email_outbox d
      -- The same millisecond counts as due (a given clock has milliseconds, the column microseconds).
      WHERE d.status = 'pending' AND d.next_attempt_at < ${clock} + interval '1 millisecond'
        AND (d.locked_until IS NULL OR d.locked_until <= ${clock})
      ORDER BY d.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    )
    RETURNING o.agency_id, o.id, o.to_address, o.template, o.data, o.subject, o.html, o.text, o.attempts,
      o.locked_until::text AS lease, a.trade_name`);
  return rowsOf<ClaimedEmail>(res);
}

/** What became of one attempt. */
export type EmailOutcome =
  | { status: 'sent' }
  | { status: 'held' }
  | { status: 'failed'; error: string }
  /** Tried again at `retryAt`; `error` says what went wrong this time. */
  | { status: 'pending'; error: string; retryAt: string };

type Key = { agencyId: string; id: string };
/** A claimed row: its key and the lease it was claimed with. */
type Claim = Key & { lease: string };

/** The rendered parts, kept on the row as soon as they exist: readable while it waits or retries. */
export async function saveRendered(db: Db, { agencyId, id, rendered }: Key & { rendered: RenderedEmail }) {
  await db.execute(sql`
    UPDATE email_outbox SET subject = ${rendered.subject}, html = ${rendered.html}, text = ${rendered.text}
    WHERE agency_id = ${agencyId} AND id = ${id}`);
}

/**
 * Settles a claimed row and lets go of its lease, only while the claim is still this one's: if the
 * lease ran out and another sender claimed the row since, that sender's answer stands.
 */
export async function settleEmail(
  db: Db,
  { agencyId, id, lease, outcome, now }: Claim & { outcome: EmailOutcome; now?: string },
) {
  const clock = clockSql(now);
  const set: Record<EmailOutcome['status'], SQL> = {
    sent: sql`status = 'sent', sent_at = ${clock}, last_error = NULL`,
    held: sql`status = 'held'`,
    failed: sql`status = 'failed', last_error = ${'error' in outcome ? outcome.error : null}`,
    pending: sql`last_error = ${'error' in outcome ? outcome.error : null},
      next_attempt_at = ${'retryAt' in outcome ? outcome.retryAt : null}::timestamptz`,
  };
  await db.execute(sql`
    UPDATE email_outbox SET ${set[outcome.status]}, locked_until = NULL
    WHERE agency_id = ${agencyId} AND id = ${id} AND status = 'pending' AND locked_until = ${lease}::timestamptz`);
}

/**
 * Claimed rows not tried (the SMTP server was down for the one before them): their lease and the
 * attempt counted at the claim handed back, due again at `retryAt`.
 */
export async function releaseEmails(db: Db, { claims, retryAt }: { claims: readonly Claim[]; retryAt: string }) {
  if (claims.length === 0) return;
  const list = JSON.stringify(claims.map((k) => ({ agency_id: k.agencyId, id: k.id, lease: k.lease })));
  await db.execute(sql`
    UPDATE email_outbox o
    SET locked_until = NULL, attempts = greatest(o.attempts - 1, 0), next_attempt_at = ${retryAt}::timestamptz
    FROM jsonb_to_recordset(${list}::jsonb) AS k(agency_id uuid, id uuid, lease timestamptz)
    WHERE o.agency_id = k.agency_id AND o.id = k.id AND o.status = 'pending' AND o.locked_until = k.lease`);
}

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string | null;
  template: string;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
  next_attempt_at: string | Date;
}

const OUTBOX_COLUMNS = sql`id, to_address, subject, template, status, attempts, last_error, created_at, sent_at,
  next_attempt_at`;

/** One page of the agency's outbox, newest first (email_outbox_agency_idx), and how many in all. */
export async function listOutboxRows(
  db: Db,
  { agencyId, status, limit, offset }: { agencyId: string; status?: EmailStatus; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = sql`agency_id = ${agencyId} ${status ? sql`AND status = ${status}` : sql``}`;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      SELECT ${OUTBOX_COLUMNS} FROM email_outbox WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`),
    db.execute(sql`SELECT count(*)::int AS total FROM email_outbox WHERE ${where}`),
  ]);
  return { rows: rowsOf<OutboxRow>(rows), total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0) };
}

/** One message of the agency with its parts; null when the agency has none with that id. */
export async function getOutboxRow(
  db: Db,
  { agencyId, id }: Key,
): Promise<(OutboxRow & { html: string | null; text: string | null }) | null> {
  const res = await db.execute(sql`
    SELECT ${OUTBOX_COLUMNS}, html, text FROM email_outbox WHERE agency_id = ${agencyId} AND id = ${id}`);
  return rowsOf<OutboxRow & { html: string | null; text: string | null }>(res)[0] ?? null;
}

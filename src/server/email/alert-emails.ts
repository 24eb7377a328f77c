import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs } from '../../domain/agency/agency.schema';
import { ALERT_KIND_LABELS } from '../../domain/alerts/alert.schema';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';
import type { OpenedAlert } from '../alerts/alerts.queries';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { notifyOutbox } from '../events/events.queries';

const DEFAULTS = JSON.stringify(DEFAULT_NOTIFICATION_PREFS);

/**
 * A user's stored choice `key` equals `value`; a choice missing from an older row reads as its
 * default (DEFAULT_NOTIFICATION_PREFS, as readNotificationPrefs does), and jsonb equality never
 * throws on a malformed value.
 */
const prefIs = (key: SQL, value: boolean | string) =>
  sql`COALESCE(u.notification_prefs -> ${key}, ${DEFAULTS}::jsonb -> ${key}) = ${JSON.stringify(value)}::jsonb`;
const pref = (key: keyof NotificationPrefs, value: boolean | string) => prefIs(sql`${key}::text`, value);

/** The users of the agency who get alert e-mails at `frequency`: an address, e-mail on. */
const recipients = (agencyId: string, frequency: NotificationPrefs['email_frequency']) => sql`
  u.agency_id = ${agencyId} AND u.email IS NOT NULL
    AND ${pref('email_notifications', true)} AND ${pref('email_frequency', frequency)}`;

const KIND_LABELS = JSON.stringify(ALERT_KIND_LABELS);

/**
 * One alert (`a`: id, kind, message, lot_id, emission_id) as the e-mail templates list it
 * (templates/template-data.ts): its tab's label, where it leads in the app — its lot, its emission,
 * or its tab of /alertas — and the figures of its lot `l` or emission `e`.
 */
const alertItem = (a: SQL) => sql`jsonb_build_object(
  'id', ${a}.id, 'kind', ${a}.kind, 'kind_label', ${KIND_LABELS}::jsonb ->> ${a}.kind, 'message', ${a}.message,
  'link', CASE WHEN ${a}.lot_id IS NOT NULL THEN '/lotes/' || ${a}.lot_id
    WHEN ${a}.emission_id IS NOT NULL THEN '/emissoes/' || ${a}.emission_id
    ELSE '/alertas?tipo=' || ${a}.kind END,
  'expiry_date', l.expiry_date::text, 'margin_cents', e.margin_cents, 'revenue_cents', e.revenue_cents)`;

/**
 * The alerts a write or a scan just opened, by e-mail, inside the caller's transaction: one outbox
 * row per user of the agency who has an address, e-mail on, frequency "immediate" and at least one
 * of these alerts' kinds switched on, listing those alerts; the sender is nudged after commit. One
 * statement, which inserts nothing when nobody wants the e-mail, and a NOTIFY only when it did.
 * Answers how many e-mails were queued.
 */
export async function queueAlertEmails(
  db: Db,
  { agencyId, alerts }: { agencyId: string; alerts: readonly OpenedAlert[] },
): Promise<number> {
  if (alerts.length === 0) return 0;
  const input = JSON.stringify(
    alerts.map((a, ord) => ({
      id: a.id,
      kind: a.kind,
      message: a.message,
      lot_id: a.lot_id,
      emission_id: a.emission_id,
      ord,
    })),
  );
  const res = await db.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb)
        AS x(id uuid, kind text, message text, lot_id uuid, emission_id uuid, ord int)
    ),
    added AS (
      INSERT INTO email_outbox (agency_id, user_id, to_address, template, data)
      SELECT ${agencyId}, u.id, u.email, 'alerts',
        jsonb_build_object('user_name', u.name, 'alerts', jsonb_agg(${alertItem(sql`i`)} ORDER BY i.ord))
      FROM users u
      JOIN input i ON ${prefIs(sql`i.kind`, true)}
      LEFT JOIN mile_lots l ON l.agency_id = ${agencyId} AND l.id = i.lot_id
      LEFT JOIN emissions e ON e.agency_id = ${agencyId} AND e.id = i.emission_id
      WHERE ${recipients(agencyId, 'immediate')}
      GROUP BY u.id, u.name, u.email
      RETURNING 1
    )
    SELECT count(*)::int AS queued FROM added`);
  const queued = Number(rowsOf<{ queued: number }>(res)[0]?.queued ?? 0);
  if (queued > 0) await notifyOutbox(db, 'email');
  return queued;
}

/** The agency's calendar day of an instant (yyyy-MM-dd): one digest per user per such day. */
export function agencyDayOf(instant: string | Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE }).format(new Date(instant));
}

/** A digest never reaches further back than this, whenever the previous one was (a user back to "daily" after months). */
const DIGEST_MAX_LOOKBACK = '7 days';

/**
 * The daily digest of one agency, inside the caller's transaction: for each user with e-mail on
 * and frequency "daily" who has no digest for `now`'s day yet, one `alerts.digest` row listing the
 * alerts of their chosen kinds opened after their previous digest (or the last 24 h, or `since`
 * when given) and up to `now`, resolved ones marked; nobody gets an empty digest. Running it again
 * the same day queues nothing. Answers how many digests were queued.
 */
export async function queueDigestEmails(
  db: Db,
  { agencyId, now, since }: { agencyId: string; now: string; since?: string },
): Promise<number> {
  const day = agencyDayOf(now);
  const until = sql`${now}::timestamptz`;
  const previous = sql`(
    SELECT max((o.data ->> 'until')::timestamptz) FROM email_outbox o
    WHERE o.agency_id = ${agencyId} AND o.user_id = u.id AND o.template = 'alerts.digest')`;
  const from = since
    ? sql`${since}::timestamptz`
    : sql`GREATEST(COALESCE(${previous}, ${until} - interval '1 day'), ${until} - ${DIGEST_MAX_LOOKBACK}::interval)`;
  const res = await db.execute(sql`
    WITH readers AS (
      SELECT u.id, u.name, u.email, u.notification_prefs, ${from} AS since
      FROM users u
      WHERE ${recipients(agencyId, 'daily')}
        AND NOT EXISTS (
          SELECT 1 FROM email_outbox o
          WHERE o.agency_id = ${agencyId} AND o.user_id = u.id AND o.template = 'alerts.digest' AND o.data ->> 'day' = ${day})
    ),
    added AS (
      INSERT INTO email_outbox (agency_id, user_id, to_address, template, data)
      SELECT ${agencyId}, u.id, u.email, 'alerts.digest',
        jsonb_build_object('user_name', u.name, 'day', ${day}::text, 'since', u.since, 'until', ${until}, 'alerts', x.items)
      FROM readers u
      CROSS JOIN LATERAL (
        SELECT jsonb_agg(
          ${alertItem(sql`a`)} || jsonb_build_object(
            'opened_on', (a.created_at AT TIME ZONE ${AGENCY_TIME_ZONE})::date::text,
            'resolved', a.resolved_at IS NOT NULL)
          ORDER BY a.created_at, a.id) AS items
        FROM alerts a
        LEFT JOIN mile_lots l ON l.agency_id = ${agencyId} AND l.id = a.lot_id
        LEFT JOIN emissions e ON e.agency_id = ${agencyId} AND e.id = a.emission_id
        WHERE a.agency_id = ${agencyId} AND a.created_at > u.since AND a.created_at <= ${until}
          AND ${prefIs(sql`a.kind`, true)}
      ) x
      WHERE x.items IS NOT NULL
      RETURNING 1
    )
    SELECT count(*)::int AS queued FROM added`);
  const queued = Number(rowsOf<{ queued: number }>(res)[0]?.queued ?? 0);
  if (queued > 0) await notifyOutbox(db, 'email');
  return queued;
}

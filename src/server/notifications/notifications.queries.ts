import { sql } from 'drizzle-orm';
import { ALERT_KIND_LABELS } from '../../domain/alerts/alert.schema';
import { NOTIFICATIONS_PER_USER } from '../../domain/events/event.schema';
import type { Notification } from '../../domain/notifications/notification.schema';
import type { OpenedAlert } from '../alerts/alerts.queries';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

const kindTitle = sql.raw(
  `CASE o.kind ${Object.entries(ALERT_KIND_LABELS)
    .map(([kind, label]) => `WHEN '${kind}' THEN '${label}'`)
    .join(' ')} END`,
);

/**
 * The bell of every user of the agency who wants that kind of alert (their choice in /config →
 * Notificações; on unless switched off) gets a notification per alert just opened, in the
 * caller's transaction; then each of them keeps only the newest NOTIFICATIONS_PER_USER. Returns
 * who was notified, for their streams.
 */
export async function notifyAlerts(db: Db, agencyId: string, opened: readonly OpenedAlert[]): Promise<string[]> {
  if (opened.length === 0) return [];
  const alerts = JSON.stringify(
    opened.map(({ id, kind, lot_id, emission_id, message }) => ({ id, kind, lot_id, emission_id, message })),
  );
  const res = await db.execute(sql`
    WITH o AS (
      SELECT * FROM jsonb_to_recordset(${alerts}::jsonb) AS x(id uuid, kind text, lot_id uuid, emission_id uuid, message text)
    )
    INSERT INTO notifications (agency_id, user_id, kind, title, body, link, alert_id)
    SELECT ${agencyId}::uuid, u.id, o.kind, ${kindTitle}, o.message,
      CASE WHEN o.lot_id IS NOT NULL THEN '/lotes/' || o.lot_id ELSE '/emissoes/' || o.emission_id END, o.id
    FROM o
    JOIN users u ON u.agency_id = ${agencyId}::uuid AND COALESCE((u.notification_prefs ->> o.kind)::boolean, true)
    RETURNING user_id
  `);
  const users = [...new Set(rowsOf<{ user_id: string }>(res).map((r) => r.user_id))];
  if (users.length > 0) await trimNotifications(db, agencyId, users);
  return users;
}

/** Each user's newest NOTIFICATIONS_PER_USER kept (spec part 1 §3, "the list is capped at 50"). */
async function trimNotifications(db: Db, agencyId: string, userIds: readonly string[]) {
  await db.execute(sql`
    DELETE FROM notifications n
    USING (
      SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS rank
      FROM notifications
      WHERE agency_id = ${agencyId}::uuid AND user_id = ANY(${`{${userIds.join(',')}}`}::uuid[])
    ) ranked
    WHERE n.agency_id = ${agencyId}::uuid AND n.id = ranked.id AND ranked.rank > ${NOTIFICATIONS_PER_USER}
  `);
}

/** The user's notifications, newest first (at most 50 are kept), and how many are unread. */
export async function listNotifications(db: Db, { agencyId, userId }: { agencyId: string; userId: string }) {
  const res = await db.execute(sql`
    SELECT id, kind, title, body, link, is_read, created_at FROM notifications
    WHERE agency_id = ${agencyId}::uuid AND user_id = ${userId}::uuid
    ORDER BY created_at DESC, id DESC
    LIMIT ${NOTIFICATIONS_PER_USER}
  `);
  const data = rowsOf<Notification>(res);
  return { data, unread: data.filter((n) => !n.is_read).length };
}

/** Read or unread; false when the notification is not this user's. */
export async function setNotificationRead(
  db: Db,
  { agencyId, userId, id, isRead }: { agencyId: string; userId: string; id: string; isRead: boolean },
): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE notifications SET is_read = ${isRead}
    WHERE agency_id = ${agencyId}::uuid AND user_id = ${userId}::uuid AND id = ${id}::uuid
    RETURNING id
  `);
  return rowsOf(res).length > 0;
}

export async function markAllNotificationsRead(db: Db, { agencyId, userId }: { agencyId: string; userId: string }) {
  const res = await db.execute(sql`
    UPDATE notifications SET is_read = true
    WHERE agency_id = ${agencyId}::uuid AND user_id = ${userId}::uuid AND NOT is_read
    RETURNING id
  `);
  return rowsOf(res).length;
}

/**
 * An alert's read state is the agency's (anyone may mark it in /alertas): the notifications that
 * told of it follow, for every user. `alertId` absent: every alert of the agency that is read.
 */
export async function followAlertReadState(db: Db, { agencyId, alertId }: { agencyId: string; alertId?: string }) {
  await db.execute(sql`
    UPDATE notifications n SET is_read = a.is_read
    FROM alerts a
    WHERE n.agency_id = ${agencyId}::uuid AND a.agency_id = ${agencyId}::uuid AND a.id = n.alert_id
      AND n.is_read <> a.is_read
      AND ${alertId ? sql`n.alert_id = ${alertId}::uuid` : sql`n.alert_id IS NOT NULL`}
  `);
}

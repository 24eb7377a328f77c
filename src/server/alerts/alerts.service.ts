import type { AlertKind, AlertList, AlertListQuery } from '../../domain/alerts/alert.schema';
import type { ProgramKey } from '../../domain/programs';
import { daysBetweenIso } from '../../domain/format';
import type { Db } from '../db/client';
import { alertNotFound } from './alerts.errors';
import {
  countAlerts,
  getAlertSummary,
  listAlertRows,
  markAllAlertsRead,
  setAlertRead,
  syncAlerts,
  type AlertRow,
  type AlertScope,
  type AlertSyncResult,
  type OpenedAlert,
} from './alerts.queries';
import { queueAlertEmails } from '../email/alert-emails';
import { recordEvent, recordEvents } from '../events/events.queries';
import { followAlertReadState, notifyAlerts } from '../notifications/notifications.queries';

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

function toAlertDto(r: AlertRow, today: string): AlertList['data'][number] {
  return {
    id: r.id,
    kind: r.kind,
    message: r.message,
    is_read: r.is_read,
    created_at: iso(r.created_at),
    resolved_at: r.resolved_at === null ? null : iso(r.resolved_at),
    lot:
      r.lot_id && r.lot_expiry !== null
        ? {
            id: r.lot_id,
            program: r.lot_program as ProgramKey,
            account_id: r.lot_account_id ?? '',
            account_number: r.lot_account_number ?? '',
            remaining_quantity: Number(r.lot_remaining),
            expiry_date: r.lot_expiry,
            days_to_expiry: daysBetweenIso(today, r.lot_expiry) ?? 0,
          }
        : null,
    emission: r.emission_id
      ? {
          id: r.emission_id,
          pnr: r.pnr,
          route: r.route ?? '',
          client_name: r.client_name ?? '',
          program: r.emission_program as ProgramKey,
          account_id: r.emission_account_id ?? '',
          status: r.emission_status ?? '',
          submitted_at: r.submitted_at === null ? null : iso(r.submitted_at),
          revenue_cents: Number(r.revenue_cents),
          margin_cents: Number(r.margin_cents),
        }
      : null,
  };
}

/** GET /alerts: one page of a tab (or of every kind) and the tabs' counts under the same filters. */
export async function listAlerts(
  db: Db,
  { agencyId, today }: { agencyId: string; today: string },
  query: AlertListQuery,
): Promise<AlertList> {
  const filters = {
    agencyId,
    status: query.status,
    kind: query.kind,
    program: query.program,
    accountId: query.account_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
  };
  const offset = (query.page - 1) * query.limit;
  const [rows, counts] = await Promise.all([
    listAlertRows(db, { ...filters, limit: query.limit, offset }),
    countAlerts(db, filters),
  ]);
  const total = query.kind ? counts[query.kind].total : Object.values(counts).reduce((sum, c) => sum + c.total, 0);
  return {
    data: rows.map((r) => toAlertDto(r, today)),
    total,
    page: query.page,
    limit: query.limit,
    total_pages: Math.max(1, Math.ceil(total / query.limit)),
    counts,
  };
}

export const alertSummary = (db: Db, agencyId: string) => getAlertSummary(db, { agencyId });

export async function markAlertRead(
  db: Db,
  { agencyId, id, isRead }: { agencyId: string; id: string; isRead: boolean },
) {
  if (!(await setAlertRead(db, { agencyId, id, isRead, at: new Date().toISOString() }))) throw alertNotFound();
  await followAlertReadState(db, { agencyId, alertId: id });
  await recordEvent(db, agencyId, { type: 'alert.read', entityId: id, data: { is_read: isRead } });
}

export async function markEveryAlertRead(db: Db, { agencyId, kind }: { agencyId: string; kind?: AlertKind }) {
  const updated = await markAllAlertsRead(db, { agencyId, kind, at: new Date().toISOString() });
  if (updated > 0) {
    await followAlertReadState(db, { agencyId });
    await recordEvent(db, agencyId, { type: 'alert.read', data: { is_read: true, count: updated } });
  }
  return { updated };
}

/**
 * After a write to lots or emissions, inside its transaction: the alerts of what it touched open or
 * resolve at once (a lot created inside the window, an emission below its minimum margin, one issued
 * or cancelled). `now` is the moment SLA is measured at.
 */
export async function followAlerts(
  db: Db,
  {
    agencyId,
    today,
    scope,
    now = new Date().toISOString(),
  }: { agencyId: string; today: string; scope: NonNullable<AlertScope>; now?: string },
): Promise<AlertSyncResult> {
  return announce(db, agencyId, await syncAlerts(db, { agencyId, today, now, scope }));
}

/** The scan (a job): every target of the agency, alerts opened and resolved as they should be. */
export async function scanAlerts(db: Db, { agencyId, today, now }: { agencyId: string; today: string; now: string }) {
  return announce(db, agencyId, await syncAlerts(db, { agencyId, today, now, scope: null }));
}

/**
 * What opening alerts sets off, in the same transaction: an `alert.created` event each (and
 * `lot.expiring` for a lot's) for the streams and the webhooks, the bell's notifications of the
 * users who want that kind, and their immediate e-mails.
 */
async function announce(db: Db, agencyId: string, result: AlertSyncResult): Promise<AlertSyncResult> {
  const { opened } = result;
  if (opened.length === 0) return result;
  const target = (a: OpenedAlert) => ({
    kind: a.kind,
    message: a.message,
    lot_id: a.lot_id,
    emission_id: a.emission_id,
  });
  await recordEvents(db, agencyId, [
    ...opened.map((a) => ({ type: 'alert.created' as const, entityId: a.id, data: target(a) })),
    ...opened
      .filter((a) => a.kind === 'lot_expiring' && a.lot_id)
      .map((a) => ({ type: 'lot.expiring' as const, entityId: a.lot_id, data: { message: a.message } })),
  ]);
  await notifyAlerts(db, agencyId, opened);
  await queueAlertEmails(db, { agencyId, alerts: opened });
  return result;
}

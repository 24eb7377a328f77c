import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '../../domain/agency/agency.schema';
import type { AlertKind } from '../../domain/alerts/alert.schema';
import {
  RULE_DEFAULT_MIN_MARGIN_CENTS,
  RULE_DEFAULT_MIN_MARGIN_PERCENT,
  RULE_DEFAULT_SLA_TARGET_HOURS,
} from '../../domain/rules/rule.schema';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { rowsOf, uuidArray } from '../db/rows';

/**
 * Which targets a sync looks at: only these lots and emissions (a write), or null for all of the
 * agency's (the scan). The lots an emission draws from follow the emission: its miles move theirs.
 */
export type AlertScope = { lotIds: readonly string[]; emissionIds: readonly string[] } | null;

export interface AlertSyncInput {
  agencyId: string;
  scope: AlertScope;
  /** The agency's calendar day (yyyy-MM-dd): a lot expiring within the window from it alerts. */
  today: string;
  /** The moment SLA is measured at (ISO 8601). */
  now: string;
}

export interface OpenedAlert {
  id: string;
  kind: AlertKind;
  lot_id: string | null;
  emission_id: string | null;
  message: string;
}

export interface AlertSyncResult {
  opened: OpenedAlert[];
  resolved: number;
}

const ids = (list: readonly string[]) => sql`${uuidArray(list)}::uuid[]`;

/**
 * The lots a scoped sync looks at: those named, and those the named emissions draw (or drew) from,
 * whose miles moved with them. A CTE, read by the wanted set and by the open alerts.
 */
const scopeLots = (agencyId: string, scope: NonNullable<AlertScope>) => sql`
  SELECT unnest(${ids(scope.lotIds)}) AS id
  UNION
  SELECT ea.lot_id FROM emission_allocations ea
  WHERE ea.agency_id = ${agencyId} AND ea.emission_id = ANY(${ids(scope.emissionIds)})`;

/**
 * The alerts that should be open among the scope's targets, as rows (kind, lot_id, emission_id,
 * message) — spec part 2 §7 and §9, DESIGN §2:
 * - lot_expiring: a live lot with miles left whose expiry falls within the agency's window
 *   (settings.expiry_alert_days, 30 by default), already past included until someone marks it
 *   expired ("Marcar Expirados": the loss acknowledged);
 * - sla_exceeded: a live emission still pending or processing longer than its program's SLA target;
 * - margin_critical: a live active emission whose margin is below its program's minimum, in R$ or in
 *   % of its revenue (10 % and R$ 0 without a rule).
 */
function wantedAlerts({ agencyId, today, now, scope }: AlertSyncInput): SQL {
  const lotScope = scope ? sql`l.id IN (SELECT id FROM scope_lots)` : sql`true`;
  const emissionScope = scope ? sql`e.id = ANY(${ids(scope.emissionIds)})` : sql`true`;
  return sql`
    SELECT 'lot_expiring'::text AS kind, l.id AS lot_id, NULL::uuid AS emission_id,
      'Lote ' || l.account_number || ': ' || replace(to_char(l.remaining_quantity, 'FM999,999,999,999'), ',', '.')
        || ' milhas vencem em '
        || to_char(l.expiry_date, 'DD/MM/YYYY') AS message
    FROM mile_lots l
    CROSS JOIN (
      SELECT COALESCE((a.settings ->> 'expiry_alert_days')::int, ${DEFAULT_SETTINGS.expiry_alert_days}) AS days
      FROM agencies a WHERE a.id = ${agencyId}
    ) s
    WHERE l.agency_id = ${agencyId} AND ${lotScope} AND l.deleted_at IS NULL AND l.remaining_quantity > 0
      AND l.status <> 'expired'
      AND l.expiry_date IS NOT NULL AND l.expiry_date <= ${today}::date + s.days
    UNION ALL
    SELECT 'sla_exceeded', NULL, e.id,
      'Emissão ' || COALESCE(e.pnr, e.route) || ' em processamento além da meta de '
        || COALESCE(r.sla_target_hours, ${RULE_DEFAULT_SLA_TARGET_HOURS}) || ' h'
    FROM emissions e
    JOIN loyalty_accounts la ON la.agency_id = e.agency_id AND la.id = e.account_id
    LEFT JOIN program_rules r ON r.agency_id = e.agency_id AND r.program = la.program
    WHERE e.agency_id = ${agencyId} AND ${emissionScope} AND e.deleted_at IS NULL
      AND e.status IN ('pending', 'processing') AND e.submitted_at IS NOT NULL
      AND e.submitted_at + make_interval(hours => COALESCE(r.sla_target_hours, ${RULE_DEFAULT_SLA_TARGET_HOURS}))
        < ${now}::timestamptz
    UNION ALL
    SELECT 'margin_critical', NULL, e.id,
      'Emissão ' || COALESCE(e.pnr, e.route) || ' com margem abaixo do mínimo do programa'
    FROM emissions e
    JOIN loyalty_accounts la ON la.agency_id = e.agency_id AND la.id = e.account_id
    LEFT JOIN program_rules r ON r.agency_id = e.agency_id AND r.program = la.program
    WHERE e.agency_id = ${agencyId} AND ${emissionScope} AND e.deleted_at IS NULL
      AND e.status IN ('pending', 'processing', 'issued')
      AND (e.margin_cents < COALESCE(r.min_margin_cents, ${RULE_DEFAULT_MIN_MARGIN_CENTS})
        OR e.margin_cents * 100 < e.revenue_cents * COALESCE(r.min_margin_percent, ${RULE_DEFAULT_MIN_MARGIN_PERCENT}::numeric))`;
}

/**
 * Opens the alerts whose cause is there and resolves those whose cause went, among the scope's
 * targets, in one statement; an alert already open is left as it is (read state kept), so a scan
 * writes only what changed. One alert per (kind, target) ever: a resolved one whose cause comes
 * back opens again, unread (alerts_lot_key, alerts_emission_key).
 */
export async function syncAlerts(db: Db, input: AlertSyncInput): Promise<AlertSyncResult> {
  const { agencyId, now, scope } = input;
  // The open alerts among the scope's targets, through the unique indexes (agency, kind, target):
  // a write's sync reads its own targets' alerts, not the agency's (O(rows touched)).
  const openLots = scope ? sql`AND a.lot_id IN (SELECT id FROM scope_lots)` : sql``;
  const openEmissions = scope ? sql`AND a.emission_id = ANY(${ids(scope.emissionIds)})` : sql``;
  const res = await db.execute(sql`
    WITH scope_lots AS (${scope ? scopeLots(agencyId, scope) : sql`SELECT NULL::uuid AS id WHERE false`}),
    wanted AS (${wantedAlerts(input)}),
    current AS (
      SELECT a.id, a.kind, a.lot_id AS target FROM alerts a
      WHERE a.agency_id = ${agencyId} AND a.kind = 'lot_expiring' AND a.resolved_at IS NULL ${openLots}
      UNION ALL
      SELECT a.id, a.kind, a.emission_id FROM alerts a
      WHERE a.agency_id = ${agencyId} AND a.kind IN ('sla_exceeded', 'margin_critical') AND a.resolved_at IS NULL
        ${openEmissions}
    ),
    -- Compared on one never-null key (kind, target) through NOT IN: a hashed subplan whatever the
    -- planner believes of the alerts' size (right after a scan opened thousands, its statistics
    -- still say one row, and an anti-join turned into a nested loop: 4 s for 20,000 lots).
    fresh AS (
      SELECT w.* FROM wanted w
      WHERE (w.kind, COALESCE(w.lot_id, w.emission_id)) NOT IN (SELECT c.kind, c.target FROM current c)
    ),
    opened_lots AS (
      INSERT INTO alerts (agency_id, kind, lot_id, message, created_at)
      SELECT ${agencyId}, kind, lot_id, message, ${now}::timestamptz FROM fresh WHERE lot_id IS NOT NULL
      ON CONFLICT (agency_id, kind, lot_id) WHERE lot_id IS NOT NULL DO UPDATE
        SET resolved_at = NULL, is_read = false, read_at = NULL, message = EXCLUDED.message, created_at = EXCLUDED.created_at
      RETURNING id, kind, lot_id, emission_id, message
    ),
    opened_emissions AS (
      INSERT INTO alerts (agency_id, kind, emission_id, message, created_at)
      SELECT ${agencyId}, kind, emission_id, message, ${now}::timestamptz FROM fresh WHERE emission_id IS NOT NULL
      ON CONFLICT (agency_id, kind, emission_id) WHERE emission_id IS NOT NULL DO UPDATE
        SET resolved_at = NULL, is_read = false, read_at = NULL, message = EXCLUDED.message, created_at = EXCLUDED.created_at
      RETURNING id, kind, lot_id, emission_id, message
    ),
    resolved AS (
      UPDATE alerts a SET resolved_at = ${now}::timestamptz
      WHERE a.agency_id = ${agencyId} AND a.id IN (
        SELECT c.id FROM current c
        WHERE (c.kind, c.target) NOT IN (SELECT w.kind, COALESCE(w.lot_id, w.emission_id) FROM wanted w)
      )
      RETURNING a.id
    )
    SELECT 'opened' AS what, id, kind, lot_id, emission_id, message FROM opened_lots
    UNION ALL SELECT 'opened', id, kind, lot_id, emission_id, message FROM opened_emissions
    UNION ALL SELECT 'resolved', id, NULL, NULL, NULL, NULL FROM resolved`);
  const rows = rowsOf<OpenedAlert & { what: 'opened' | 'resolved' }>(res);
  return {
    opened: rows.filter((r) => r.what === 'opened').map(({ what: _what, ...alert }) => alert),
    resolved: rows.filter((r) => r.what === 'resolved').length,
  };
}

export interface AlertFilters {
  agencyId: string;
  status: 'open' | 'resolved';
  kind?: AlertKind;
  program?: string;
  accountId?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** The filters but the tab's kind: what the list and the tabs' counts share. */
function alertFilters(f: AlertFilters): SQL {
  const parts: SQL[] = [
    sql`a.agency_id = ${f.agencyId}`,
    f.status === 'open' ? sql`a.resolved_at IS NULL` : sql`a.resolved_at IS NOT NULL`,
  ];
  if (f.program) parts.push(sql`COALESCE(l.program, la.program) = ${f.program}`);
  if (f.accountId) parts.push(sql`COALESCE(l.account_id, e.account_id) = ${f.accountId}`);
  // The day the alert is about: the lot's expiry, the emission's submission (agency's calendar).
  const day = sql`COALESCE(l.expiry_date, (e.submitted_at AT TIME ZONE ${AGENCY_TIME_ZONE})::date)`;
  if (f.dateFrom) parts.push(sql`${day} >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`${day} <= ${f.dateTo}::date`);
  return sql.join(parts, sql` AND `);
}

const ALERT_TARGETS = sql`
  alerts a
  LEFT JOIN mile_lots l ON l.agency_id = a.agency_id AND l.id = a.lot_id
  LEFT JOIN emissions e ON e.agency_id = a.agency_id AND e.id = a.emission_id
  LEFT JOIN loyalty_accounts la ON la.agency_id = e.agency_id AND la.id = e.account_id
  LEFT JOIN clients c ON c.agency_id = e.agency_id AND c.id = e.client_id`;

export interface AlertRow {
  id: string;
  kind: AlertKind;
  message: string;
  is_read: boolean;
  created_at: string | Date;
  resolved_at: string | Date | null;
  lot_id: string | null;
  lot_program: string | null;
  lot_account_id: string | null;
  lot_account_number: string | null;
  lot_remaining: number | null;
  lot_expiry: string | null;
  emission_id: string | null;
  pnr: string | null;
  route: string | null;
  client_name: string | null;
  emission_program: string | null;
  emission_account_id: string | null;
  emission_status: string | null;
  submitted_at: string | Date | null;
  revenue_cents: number | string | null;
  margin_cents: number | string | null;
}

/**
 * One page of alerts: an expiry tab soonest expiry first, the others (and all kinds together)
 * newest first; ids break ties.
 */
export async function listAlertRows(
  db: Db,
  filters: AlertFilters & { limit: number; offset: number },
): Promise<AlertRow[]> {
  const where = filters.kind ? sql`${alertFilters(filters)} AND a.kind = ${filters.kind}` : alertFilters(filters);
  const order = filters.kind === 'lot_expiring' ? sql`l.expiry_date ASC, a.id ASC` : sql`a.created_at DESC, a.id DESC`;
  const res = await db.execute(sql`
    SELECT a.id, a.kind, a.message, a.is_read, a.created_at, a.resolved_at,
      l.id AS lot_id, l.program AS lot_program, l.account_id AS lot_account_id,
      l.account_number AS lot_account_number, l.remaining_quantity AS lot_remaining, l.expiry_date::text AS lot_expiry,
      e.id AS emission_id, e.pnr, e.route, c.name AS client_name, la.program AS emission_program,
      e.account_id AS emission_account_id, e.status AS emission_status, e.submitted_at, e.revenue_cents, e.margin_cents
    FROM ${ALERT_TARGETS}
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${filters.limit} OFFSET ${filters.offset}`);
  return rowsOf<AlertRow>(res);
}

/** Per kind, with the same filters: how many alerts and how many of them unread. */
export async function countAlerts(
  db: Db,
  filters: AlertFilters,
): Promise<Record<AlertKind, { total: number; unread: number }>> {
  const res = await db.execute(sql`
    SELECT a.kind, count(*)::int AS total, (count(*) FILTER (WHERE NOT a.is_read))::int AS unread
    FROM ${ALERT_TARGETS}
    WHERE ${alertFilters(filters)}
    GROUP BY a.kind`);
  const counts = {
    lot_expiring: { total: 0, unread: 0 },
    sla_exceeded: { total: 0, unread: 0 },
    margin_critical: { total: 0, unread: 0 },
  };
  for (const row of rowsOf<{ kind: AlertKind; total: number; unread: number }>(res)) {
    counts[row.kind] = { total: Number(row.total), unread: Number(row.unread) };
  }
  return counts;
}

/** The bell: the agency's open alerts and how many are unread (alerts_open_idx, alerts_unread_idx). */
export async function getAlertSummary(db: Db, { agencyId }: { agencyId: string }) {
  const res = await db.execute(sql`
    SELECT count(*)::int AS open, (count(*) FILTER (WHERE NOT is_read))::int AS unread
    FROM alerts WHERE agency_id = ${agencyId} AND resolved_at IS NULL`);
  const [row] = rowsOf<{ open: number; unread: number }>(res);
  return { open: Number(row?.open ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Read or unread; false when the agency has no such alert. */
export async function setAlertRead(
  db: Db,
  { agencyId, id, isRead, at }: { agencyId: string; id: string; isRead: boolean; at: string },
): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE alerts SET is_read = ${isRead}, read_at = ${isRead ? at : null}::timestamptz
    WHERE agency_id = ${agencyId} AND id = ${id}
    RETURNING id`);
  return rowsOf(res).length === 1;
}

/** Every open unread alert (of one kind) read; how many were. */
export async function markAllAlertsRead(
  db: Db,
  { agencyId, kind, at }: { agencyId: string; kind?: AlertKind; at: string },
): Promise<number> {
  const res = await db.execute(sql`
    UPDATE alerts SET is_read = true, read_at = ${at}::timestamptz
    WHERE agency_id = ${agencyId} AND resolved_at IS NULL AND NOT is_read
      ${kind ? sql`AND kind = ${kind}` : sql``}
    RETURNING id`);
  return rowsOf(res).length;
}

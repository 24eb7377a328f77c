import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_EXPIRY_HORIZONS } from '../../domain/dashboard/dashboard.schema';
import { addDaysIso } from '../../domain/format';
import type { ProgramKey } from '../../domain/programs';
import { agencyDayEnd, agencyDayStart } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// The dashboard's figures (issue #18; docs/decisions/0023-dashboard.md), each read from what is
// kept for it: per-agency totals (client_totals, emission_totals, lot_totals, emission_sla_stats),
// per-day accrual (emission_days), or an index whose range is the answer (lots by expiry and by
// purchase, clients and alerts by creation, the activity feed and client_figures newest/biggest
// first). No query reads every emission.

const ACTIVE = sql`d.status IN ('pending', 'processing', 'issued')`;

/** The period as counted (up to today) and the one it compares with; previous ends before period starts. */
interface Periods {
  agencyId: string;
  period: { from: string; to: string };
  previous: { from: string; to: string };
}

const toNumber = (v: string | number | null | undefined) => Number(v ?? 0);

/** Σ of the kept per-agency totals: clients by status, emissions by status, live lots. */
export async function getStockTotals(db: Db, { agencyId }: { agencyId: string }) {
  const [row] = rowsOf<{
    clients: string;
    active_clients: string;
    emissions: string;
    active_emissions: string;
  }>(
    await db.execute(sql`
      SELECT
        (SELECT coalesce(sum(total_clients), 0) FROM client_totals WHERE agency_id = ${agencyId})::text AS clients,
        (SELECT coalesce(sum(active_clients), 0) FROM client_totals WHERE agency_id = ${agencyId})::text AS active_clients,
        (SELECT coalesce(sum(pending + processing + issued + failed + cancelled), 0) FROM emission_totals
           WHERE agency_id = ${agencyId})::text AS emissions,
        (SELECT coalesce(sum(pending + processing + issued), 0) FROM emission_totals
           WHERE agency_id = ${agencyId})::text AS active_emissions`),
  );
  return {
    clients: toNumber(row?.clients),
    activeClients: toNumber(row?.active_clients),
    emissions: toNumber(row?.emissions),
    activeEmissions: toNumber(row?.active_emissions),
  };
}

/**
 * The miles in stock from lot_totals: live lots, and per program the available lots' remaining
 * miles, their value (each lot's remaining_value_cents) and Σ remaining × CPM (the weighted average).
 */
export async function getStock(db: Db, { agencyId }: { agencyId: string }) {
  // One scan: a row per program, and the agency's row (program null) with the weighted average.
  const rows = rowsOf<{
    program: ProgramKey | null;
    lots: string;
    miles: string;
    value: string;
    cpt: string | null;
  }>(
    await db.execute(sql`
      SELECT program,
        sum(lots)::text AS lots,
        coalesce(sum(remaining_miles) FILTER (WHERE status = 'available'), 0)::text AS miles,
        coalesce(sum(remaining_value_cents) FILTER (WHERE status = 'available'), 0)::text AS value,
        round(sum(remaining_cost) FILTER (WHERE status = 'available')
          / nullif(sum(remaining_miles) FILTER (WHERE status = 'available'), 0), 4)::text AS cpt
      FROM lot_totals WHERE agency_id = ${agencyId}
      GROUP BY GROUPING SETS ((program), ())`),
  );
  const all = rows.find((r) => r.program === null);
  return {
    lots: toNumber(all?.lots),
    byProgram: rows
      .filter((r): r is typeof r & { program: ProgramKey } => r.program !== null)
      .map((r) => ({ program: r.program, miles: toNumber(r.miles), value_cents: toNumber(r.value) }))
      .filter((r) => r.miles > 0)
      .sort((a, b) => b.miles - a.miles || a.program.localeCompare(b.program)),
    averageCostPerThousand: all?.cpt ?? null,
  };
}

/** Accrual of both periods from emission_days: active emissions created, their revenue and margin. */
export async function getAccrualFlows(db: Db, { agencyId, period, previous }: Periods) {
  const inPeriod = sql`d.day >= ${period.from}::date AND d.day <= ${period.to}::date`;
  const inPrevious = sql`d.day >= ${previous.from}::date AND d.day <= ${previous.to}::date`;
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      SELECT
        coalesce(sum(d.emissions) FILTER (WHERE ${inPeriod}), 0)::text AS emissions,
        coalesce(sum(d.emissions) FILTER (WHERE ${inPrevious}), 0)::text AS previous_emissions,
        coalesce(sum(d.revenue_cents) FILTER (WHERE ${inPeriod}), 0)::text AS revenue,
        coalesce(sum(d.revenue_cents) FILTER (WHERE ${inPrevious}), 0)::text AS previous_revenue,
        coalesce(sum(d.margin_cents) FILTER (WHERE ${inPeriod}), 0)::text AS margin,
        coalesce(sum(d.margin_cents) FILTER (WHERE ${inPrevious}), 0)::text AS previous_margin
      FROM emission_days d
      WHERE d.agency_id = ${agencyId} AND ${ACTIVE}
        AND d.day >= ${previous.from}::date AND d.day <= ${period.to}::date`),
  );
  const flow = (key: string) => ({ current: toNumber(row?.[key]), previous: toNumber(row?.[`previous_${key}`]) });
  return { emissions: flow('emissions'), revenue: flow('revenue'), margin: flow('margin') };
}

/**
 * Lots bought (purchase date) in both periods: their miles and what they cost per 1,000 miles (Σ
 * what was paid ÷ Σ miles: the average weighted by miles, in integer sums), index-only through
 * mile_lots_purchase_idx.
 */
export async function getPurchaseFlows(db: Db, { agencyId, period, previous }: Periods) {
  const inPeriod = sql`l.purchase_date >= ${period.from}::date AND l.purchase_date <= ${period.to}::date`;
  const inPrevious = sql`l.purchase_date >= ${previous.from}::date AND l.purchase_date <= ${previous.to}::date`;
  const [row] = rowsOf<Record<string, string | null>>(
    await db.execute(sql`
      SELECT
        coalesce(sum(l.original_quantity) FILTER (WHERE ${inPeriod}), 0)::text AS miles,
        coalesce(sum(l.original_quantity) FILTER (WHERE ${inPrevious}), 0)::text AS previous_miles,
        round(sum(l.total_cost_cents) FILTER (WHERE ${inPeriod}) * 10.0
          / nullif(sum(l.original_quantity) FILTER (WHERE ${inPeriod}), 0), 4)::text AS cpt,
        round(sum(l.total_cost_cents) FILTER (WHERE ${inPrevious}) * 10.0
          / nullif(sum(l.original_quantity) FILTER (WHERE ${inPrevious}), 0), 4)::text AS previous_cpt
      FROM mile_lots l
      WHERE l.agency_id = ${agencyId} AND l.deleted_at IS NULL
        AND l.purchase_date >= ${previous.from}::date AND l.purchase_date <= ${period.to}::date`),
  );
  return {
    miles: { current: toNumber(row?.miles), previous: toNumber(row?.previous_miles) },
    costPerThousand: { current: row?.cpt ?? null, previous: row?.previous_cpt ?? null },
  };
}

/**
 * Live clients registered, and alerts opened, in both periods (agency days), each table read once
 * over the two periods; and the open alerts nobody has read (alerts_unread_idx).
 */
export async function getCreationFlows(db: Db, { agencyId, period, previous }: Periods) {
  const from = agencyDayStart(previous.from);
  const to = agencyDayEnd(period.to);
  const current = (at: SQL) => sql`${at} >= ${agencyDayStart(period.from)}`;
  const before = (at: SQL) => sql`${at} < ${agencyDayEnd(previous.to)}`;
  const createdAt = sql.raw('created_at');
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      SELECT c.clients::text, c.previous_clients::text, a.alerts::text, a.previous_alerts::text, u.pending_alerts::text
      FROM (SELECT count(*) FILTER (WHERE ${current(createdAt)}) AS clients,
              count(*) FILTER (WHERE ${before(createdAt)}) AS previous_clients
            FROM clients
            WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND created_at >= ${from} AND created_at < ${to}) c,
           (SELECT count(*) FILTER (WHERE ${current(createdAt)}) AS alerts,
              count(*) FILTER (WHERE ${before(createdAt)}) AS previous_alerts
            FROM alerts WHERE agency_id = ${agencyId} AND created_at >= ${from} AND created_at < ${to}) a,
           (SELECT count(*) AS pending_alerts FROM alerts
            WHERE agency_id = ${agencyId} AND resolved_at IS NULL AND NOT is_read) u`),
  );
  const flow = (key: string) => ({ current: toNumber(row?.[key]), previous: toNumber(row?.[`previous_${key}`]) });
  return { clients: flow('clients'), alerts: flow('alerts'), pendingAlerts: toNumber(row?.pending_alerts) };
}

/**
 * Available lots expiring from today to today + `days` (the agency's window: /lotes's count), and
 * within each of DASHBOARD_EXPIRY_HORIZONS days: lots, miles and their value at cost (each lot
 * rounded to centavos, as lot_totals' remaining_value_cents), through mile_lots_agency_status_idx.
 */
export async function getExpiring(
  db: Db,
  { agencyId, today, days }: { agencyId: string; today: string; days: number },
) {
  const window = addDaysIso(today, days)!;
  const horizons = DASHBOARD_EXPIRY_HORIZONS.map((h) => ({ days: h, until: addDaysIso(today, h)! }));
  const last = [window, ...horizons.map((h) => h.until)].sort().at(-1)!;
  const columns = horizons.map(
    (h, i) => sql`
      count(*) FILTER (WHERE l.expiry_date <= ${h.until}::date)::int AS ${sql.raw(`lots_${i}`)},
      coalesce(sum(l.remaining_quantity) FILTER (WHERE l.expiry_date <= ${h.until}::date), 0)::text AS ${sql.raw(`miles_${i}`)},
      coalesce(sum(round(l.remaining_quantity * l.cost_per_thousand / 10)) FILTER (WHERE l.expiry_date <= ${h.until}::date), 0)::text AS ${sql.raw(`value_${i}`)}`,
  );
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE l.expiry_date <= ${window}::date)::int AS window, ${sql.join(columns, sql`, `)}
      FROM mile_lots l
      WHERE l.agency_id = ${agencyId} AND l.status = 'available' AND l.deleted_at IS NULL
        AND l.expiry_date >= ${today}::date AND l.expiry_date <= ${last}::date`),
  );
  return {
    inWindow: toNumber(row?.window),
    horizons: horizons.map((h, i) => ({
      days: h.days,
      lots: toNumber(row?.[`lots_${i}`]),
      miles: toNumber(row?.[`miles_${i}`]),
      value_cents: toNumber(row?.[`value_${i}`]),
    })),
  };
}

/** What active emissions still owe today (emission_days), and the part owed by those created before `overdueBefore`. */
export async function getReceivables(db: Db, { agencyId, overdueBefore }: { agencyId: string; overdueBefore: string }) {
  const [row] = rowsOf<{ total: string; overdue: string }>(
    await db.execute(sql`
      SELECT coalesce(sum(d.outstanding_cents), 0)::text AS total,
        coalesce(sum(d.outstanding_cents) FILTER (WHERE d.day < ${overdueBefore}::date), 0)::text AS overdue
      FROM emission_days d
      WHERE d.agency_id = ${agencyId} AND ${ACTIVE} AND d.outstanding_cents <> 0`),
  );
  return { total_cents: toNumber(row?.total), overdue_cents: toNumber(row?.overdue) };
}

/** The clients whose active emissions brought the most revenue (client_figures, biggest first). */
export async function getTopClients(db: Db, { agencyId, limit }: { agencyId: string; limit: number }) {
  return rowsOf<{ id: string; name: string; emissions: number; revenue_cents: string }>(
    await db.execute(sql`
      SELECT c.id, c.name, f.active_emissions_count AS emissions, f.total_spent_cents::text AS revenue_cents
      FROM client_figures f
      JOIN clients c ON c.agency_id = f.agency_id AND c.id = f.client_id
      WHERE f.agency_id = ${agencyId} AND f.total_spent_cents > 0
      ORDER BY f.total_spent_cents DESC, f.sort_name, f.client_id
      LIMIT ${limit}`),
  ).map((r) => ({ ...r, revenue_cents: toNumber(r.revenue_cents) }));
}

/** The newest lines of the activity feed. */
export async function getRecentActivity(db: Db, { agencyId, limit }: { agencyId: string; limit: number }) {
  return rowsOf<{
    id: string;
    kind: string;
    description: string;
    ref_type: string | null;
    ref_id: string | null;
    created_at: string;
  }>(
    await db.execute(sql`
      SELECT id, kind, description, ref_type, ref_id, created_at::text AS created_at
      FROM activity WHERE agency_id = ${agencyId}
      -- NULLS LAST as activity_agency_created_idx has it, so the newest are read off the index.
      ORDER BY created_at DESC NULLS LAST, id DESC
      LIMIT ${limit}`),
  );
}

import { sql, type SQL } from 'drizzle-orm';
import type { EmissionStatus } from '../../domain/emissions/emission.schema';
import type { ReconciliationAlert } from '../../domain/finance/reconciliation.schema';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { rowsOf, uuidArray } from '../db/rows';

export interface ReconciliationFilters {
  agencyId: string;
  start?: string;
  end?: string;
  status?: EmissionStatus;
  /** Only these emissions (the bulk posting). */
  ids?: readonly string[];
}

export interface ReconciliationDbRow {
  emission_id: string;
  pnr: string | null;
  route: string;
  client_name: string;
  status: EmissionStatus;
  created_at: string;
  created_day: string;
  exp_revenue: string;
  exp_fees: string;
  exp_miles_cost: string;
  exp_rav: string;
  pos_revenue: string;
  pos_fees: string;
  pos_miles_cost: string;
  pos_rav: string;
  missing_fees: boolean;
  missing_miles_cost: boolean;
  missing_rav: boolean;
  missing_revenue: boolean;
  duplicate: boolean;
  posted_on_void: boolean;
}

export const ALERT_COLUMNS: readonly ReconciliationAlert[] = [
  'missing_fees',
  'missing_miles_cost',
  'missing_rav',
  'missing_revenue',
  'duplicate',
  'posted_on_void',
];

/**
 * Every live emission of the filter with what it expects and what was posted against it, and its
 * alerts (decisions/0019): a category is missing while less than the emission's figure is posted
 * (nothing expected of a cancelled or failed emission), duplicated when two live postings of it
 * carry the same amount; anything posted against a cancelled or failed emission is a discrepancy.
 * The postings are joined to the filter's emissions (a hash join over both, not a lookup per posting).
 */
function reconciled(f: ReconciliationFilters): SQL {
  const where: SQL[] = [sql`e.agency_id = ${f.agencyId}`, sql`e.deleted_at IS NULL`];
  if (f.start) where.push(sql`e.created_at >= (${f.start}::date::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`);
  if (f.end) where.push(sql`e.created_at < ((${f.end}::date + 1)::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`);
  if (f.status) where.push(sql`e.status = ${f.status}`);
  if (f.ids) where.push(sql`e.id = ANY(${uuidArray(f.ids)}::uuid[])`);
  return sql`
    WITH e AS (
      SELECT e.id, e.pnr, e.route, e.status, e.created_at, e.client_id,
        (e.status IN ('cancelled', 'failed')) AS void,
        CASE WHEN e.status IN ('cancelled', 'failed') THEN 0 ELSE e.revenue_cents END AS exp_revenue,
        CASE WHEN e.status IN ('cancelled', 'failed') THEN 0 ELSE e.fees_cents END AS exp_fees,
        CASE WHEN e.status IN ('cancelled', 'failed') THEN 0 ELSE e.miles_cost_cents END AS exp_miles_cost,
        CASE WHEN e.status IN ('cancelled', 'failed') THEN 0 ELSE e.rav_cents END AS exp_rav
      FROM emissions e
      WHERE ${sql.join(where, sql` AND `)}
    ), p AS (
      SELECT e.id AS emission_id,
        coalesce(sum(f.amount_cents) FILTER (WHERE f.category = 'revenue'), 0) AS revenue,
        coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'fees'), 0) AS fees,
        coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'miles_cost'), 0) AS miles_cost,
        coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'rav'), 0) AS rav,
        count(*) AS postings,
        count(*) - count(DISTINCT (f.category, f.amount_cents)) AS repeated
      FROM e
      JOIN financial_entries f ON f.agency_id = ${f.agencyId} AND f.emission_id = e.id AND f.deleted_at IS NULL
      GROUP BY e.id
    )
    SELECT e.id AS emission_id, e.pnr, e.route, c.name AS client_name, e.status, e.created_at::text AS created_at,
      e.created_at AS sort_at,
      (e.created_at AT TIME ZONE ${AGENCY_TIME_ZONE})::date::text AS created_day,
      e.exp_revenue::text, e.exp_fees::text, e.exp_miles_cost::text, e.exp_rav::text,
      coalesce(p.revenue, 0)::text AS pos_revenue, coalesce(p.fees, 0)::text AS pos_fees,
      coalesce(p.miles_cost, 0)::text AS pos_miles_cost, coalesce(p.rav, 0)::text AS pos_rav,
      (e.exp_fees > coalesce(p.fees, 0)) AS missing_fees,
      (e.exp_miles_cost > coalesce(p.miles_cost, 0)) AS missing_miles_cost,
      (e.exp_rav > coalesce(p.rav, 0)) AS missing_rav,
      (e.exp_revenue > coalesce(p.revenue, 0)) AS missing_revenue,
      (coalesce(p.repeated, 0) > 0) AS duplicate,
      (e.void AND coalesce(p.postings, 0) > 0) AS posted_on_void
    FROM e
    JOIN clients c ON c.agency_id = ${f.agencyId} AND c.id = e.client_id
    LEFT JOIN p ON p.emission_id = e.id`;
}

const DISCREPANCY = sql.raw(ALERT_COLUMNS.join(' OR '));

/** The counts over the whole filter: emissions, and those with at least one alert. */
export async function getReconciliationCounts(db: Db, f: ReconciliationFilters) {
  const [row] = rowsOf<{ total: number; discrepancies: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE ${DISCREPANCY})::int AS discrepancies
      FROM (${reconciled(f)}) r`),
  );
  return { total: row?.total ?? 0, discrepancies: row?.discrepancies ?? 0 };
}

/** A page (or, without `page`, all) of the filter's emissions, newest first; only those with an alert when asked. */
export async function getReconciliationRows(
  db: Db,
  f: ReconciliationFilters & { onlyDiscrepancies: boolean; page?: { offset: number; limit: number } },
) {
  return rowsOf<ReconciliationDbRow>(
    await db.execute(sql`
      SELECT * FROM (${reconciled(f)}) r
      ${f.onlyDiscrepancies ? sql`WHERE ${DISCREPANCY}` : sql``}
      ORDER BY r.sort_at DESC, r.emission_id DESC
      ${f.page ? sql`OFFSET ${f.page.offset} LIMIT ${f.page.limit}` : sql``}`),
  );
}

/** Locks the agency's live emissions among `ids`, in id order (decision 0011), and answers those found. */
export async function lockEmissions(db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) {
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT id FROM emissions
      WHERE agency_id = ${agencyId} AND id = ANY(${uuidArray(ids)}::uuid[]) AND deleted_at IS NULL
      ORDER BY id FOR UPDATE`),
  ).map((r) => r.id);
}

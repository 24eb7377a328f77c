import { sql, type SQL } from 'drizzle-orm';
import type { EmissionStatus } from '../../domain/emissions/emission.schema';
import type { ReconciliationAlert } from '../../domain/finance/reconciliation.schema';
import { AGENCY_TIME_ZONE, agencyDayEnd, agencyDayStart } from '../agency/agency.queries';
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

const VOID = sql`e.status IN ('cancelled', 'failed')`;
const POSTED = {
  revenue: sql`coalesce(r.posted_revenue_cents, 0)`,
  fees: sql`coalesce(r.posted_fees_cents, 0)`,
  miles_cost: sql`coalesce(r.posted_miles_cost_cents, 0)`,
  rav: sql`coalesce(r.posted_rav_cents, 0)`,
  postings: sql`coalesce(r.postings, 0)`,
  repeated: sql`coalesce(r.repeated, 0)`,
};

/** The reconciliation's verdict on the emission e beside its posted sums r (migration 0024's function, decision 0019). */
const DISCREPANT = sql`reconciliation_discrepant(e.status, e.revenue_cents, e.fees_cents, e.miles_cost_cents, e.rav_cents,
  ${POSTED.revenue}, ${POSTED.fees}, ${POSTED.miles_cost}, ${POSTED.rav}, ${POSTED.postings}::int, ${POSTED.repeated}::int)`;

/**
 * The counts over the whole filter — emissions, and those with at least one alert — summed from
 * emission_days (kept per agency day and status by migration 0024's triggers).
 */
export async function getReconciliationCounts(db: Db, f: ReconciliationFilters) {
  const where: SQL[] = [sql`d.agency_id = ${f.agencyId}`];
  if (f.start) where.push(sql`d.day >= ${f.start}::date`);
  if (f.end) where.push(sql`d.day <= ${f.end}::date`);
  if (f.status) where.push(sql`d.status = ${f.status}`);
  const [row] = rowsOf<{ total: number; discrepancies: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(d.emissions), 0)::int AS total, coalesce(sum(d.discrepancies), 0)::int AS discrepancies
      FROM emission_days d WHERE ${sql.join(where, sql` AND `)}`),
  );
  return { total: row?.total ?? 0, discrepancies: row?.discrepancies ?? 0 };
}

/**
 * A page (or, without `page`, all) of the filter's live emissions, newest first — only those with
 * an alert when asked —, each with what it expects (nothing of a cancelled or failed emission), what
 * was posted against it (its emission_postings row; none: nothing posted) and its alerts (decision
 * 0019): a category is missing while less than the emission's figure is posted; duplicated when two
 * live postings of it carry the same amount; anything posted against a void emission is one.
 * Walks the list's index newest first and stops at the page's end.
 */
export async function getReconciliationRows(
  db: Db,
  f: ReconciliationFilters & { onlyDiscrepancies: boolean; page?: { offset: number; limit: number } },
) {
  const where: SQL[] = [sql`e.agency_id = ${f.agencyId}`, sql`e.deleted_at IS NULL`];
  if (f.start) where.push(sql`e.created_at >= ${agencyDayStart(f.start)}`);
  if (f.end) where.push(sql`e.created_at < ${agencyDayEnd(f.end)}`);
  if (f.status) where.push(sql`e.status = ${f.status}`);
  if (f.ids) where.push(sql`e.id = ANY(${uuidArray(f.ids)}::uuid[])`);
  if (f.onlyDiscrepancies) where.push(DISCREPANT);
  const expected = (column: string) => sql`(CASE WHEN ${VOID} THEN 0 ELSE e.${sql.raw(column)} END)`;
  return rowsOf<ReconciliationDbRow>(
    await db.execute(sql`
      SELECT e.id AS emission_id, e.pnr, e.route, c.name AS client_name, e.status, e.created_at::text AS created_at,
        (e.created_at AT TIME ZONE ${AGENCY_TIME_ZONE})::date::text AS created_day,
        ${expected('revenue_cents')}::text AS exp_revenue, ${expected('fees_cents')}::text AS exp_fees,
        ${expected('miles_cost_cents')}::text AS exp_miles_cost, ${expected('rav_cents')}::text AS exp_rav,
        ${POSTED.revenue}::text AS pos_revenue, ${POSTED.fees}::text AS pos_fees,
        ${POSTED.miles_cost}::text AS pos_miles_cost, ${POSTED.rav}::text AS pos_rav,
        (${expected('fees_cents')} > ${POSTED.fees}) AS missing_fees,
        (${expected('miles_cost_cents')} > ${POSTED.miles_cost}) AS missing_miles_cost,
        (${expected('rav_cents')} > ${POSTED.rav}) AS missing_rav,
        (${expected('revenue_cents')} > ${POSTED.revenue}) AS missing_revenue,
        (${POSTED.repeated} > 0) AS duplicate,
        (${VOID} AND ${POSTED.postings} > 0) AS posted_on_void
      FROM emissions e
      LEFT JOIN emission_postings r ON r.agency_id = e.agency_id AND r.emission_id = e.id
      JOIN clients c ON c.agency_id = e.agency_id AND c.id = e.client_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY e.created_at DESC, e.id DESC
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

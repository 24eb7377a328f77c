import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface BrokenLot {
  id: string;
  original_quantity: number;
  remaining_quantity: number;
  allocated_to_live: number;
  unreleased: number;
}

/**
 * Lots of the agency that break DESIGN.md §2's invariant — original = remaining + miles allocated
 * to live (non-cancelled, not soft-deleted) emissions, plus the miles transfers took (lot_withdrawals, issue #23) — or its bookkeeping twin, original = remaining + unreleased
 * allocations (releaseMiles marks what a cancellation gave back). Empty when all is well.
 */
export async function brokenLots(db: Db, agencyId: string): Promise<BrokenLot[]> {
  const result = await db.execute(sql`
    SELECT l.id, l.original_quantity, l.remaining_quantity,
      coalesce(x.live, 0)::int AS allocated_to_live, coalesce(x.unreleased, 0)::int AS unreleased
    FROM mile_lots l
    LEFT JOIN (
      SELECT a.lot_id,
        sum(a.miles) FILTER (WHERE e.status <> 'cancelled' AND e.deleted_at IS NULL) AS live,
        sum(a.miles) FILTER (WHERE a.released_at IS NULL) AS unreleased
      FROM emission_allocations a JOIN emissions e ON e.id = a.emission_id AND e.agency_id = a.agency_id
      WHERE a.agency_id = ${agencyId}
      GROUP BY a.lot_id
    ) x ON x.lot_id = l.id
    LEFT JOIN (
      SELECT w.lot_id, sum(w.miles) FILTER (WHERE w.released_at IS NULL) AS withdrawn
      FROM lot_withdrawals w WHERE w.agency_id = ${agencyId} GROUP BY w.lot_id
    ) w ON w.lot_id = l.id
    WHERE l.agency_id = ${agencyId}
      AND (l.original_quantity <> l.remaining_quantity + coalesce(x.live, 0) + coalesce(w.withdrawn, 0)
        OR l.original_quantity <> l.remaining_quantity + coalesce(x.unreleased, 0) + coalesce(w.withdrawn, 0)
        OR l.remaining_quantity < 0)`);
  return (result as { rows: BrokenLot[] }).rows;
}

/**
 * lot_totals rows of the agency that differ from a recount of its live lots (the statement-level
 * triggers on mile_lots keep them); empty when all is well.
 */
export async function lotTotalsMismatches(db: Db, agencyId: string): Promise<unknown[]> {
  const result = await db.execute(sql`
    WITH recount AS (
      SELECT account_id, program, status, count(*)::int AS lots, sum(original_quantity)::bigint AS original_miles,
        sum(remaining_quantity)::bigint AS remaining_miles, sum(total_cost_cents)::bigint AS total_cost_cents,
        sum(round(remaining_quantity * cost_per_thousand / 10))::bigint AS remaining_value_cents,
        sum(remaining_quantity * cost_per_thousand) AS remaining_cost
      FROM mile_lots WHERE agency_id = ${agencyId} AND deleted_at IS NULL GROUP BY 1, 2, 3
    ), kept AS (
      SELECT account_id, program, status, lots, original_miles, remaining_miles, total_cost_cents, remaining_value_cents, remaining_cost
      FROM lot_totals WHERE agency_id = ${agencyId} AND lots <> 0
    )
    SELECT coalesce(r.account_id, k.account_id) AS account_id, coalesce(r.status, k.status) AS status, row_to_json(r) AS recount, row_to_json(k) AS kept
    FROM recount r FULL JOIN kept k USING (account_id, program, status)
    WHERE (r.lots, r.original_miles, r.remaining_miles, r.total_cost_cents, r.remaining_value_cents, r.remaining_cost)
      IS DISTINCT FROM (k.lots, k.original_miles, k.remaining_miles, k.total_cost_cents, k.remaining_value_cents, k.remaining_cost)`);
  return (result as { rows: unknown[] }).rows;
}

/**
 * Lots of the agency whose lot_search_entries row (kept by the triggers on mile_lots) differs from
 * the lot, and entries of the agency left without their lot (they have no foreign key: the
 * trigger deletes them with it).
 */
export async function lotSearchEntryMismatches(db: Db, agencyId: string): Promise<unknown[]> {
  const result = await db.execute(sql`
    SELECT l.id FROM mile_lots l
    LEFT JOIN lot_search_entries e ON e.lot_id = l.id
    WHERE l.agency_id = ${agencyId}
      AND (e.lot_id IS NULL
        OR (e.agency_id, e.program, e.status, e.remaining_quantity, e.cost_per_thousand, e.expiry_date, e.deleted_at, e.search_text)
          IS DISTINCT FROM (l.agency_id, l.program, l.status, l.remaining_quantity, l.cost_per_thousand, l.expiry_date, l.deleted_at,
            lot_search_text_of(l.supplier, l.notes, l.account_number)))
    UNION ALL
    SELECT e.lot_id FROM lot_search_entries e
    WHERE e.agency_id = ${agencyId}
      AND NOT EXISTS (SELECT 1 FROM mile_lots l WHERE l.agency_id = e.agency_id AND l.id = e.lot_id)`);
  return (result as { rows: unknown[] }).rows;
}

/**
 * Every figure the database keeps for the agency that differs from a recount of its live rows:
 * each client's emission figures (from its live emissions), the agency's client_totals and
 * emission_totals (summed over their stripes), lot_totals, and the SLA statistic's count. Empty
 * when all is well; each row names what differs.
 */
export async function keptFigureMismatches(db: Db, agencyId: string): Promise<unknown[]> {
  const clientsOff = rowsOf(
    await db.execute(sql`
      SELECT 'client_figures' AS kept, c.id, c.deleted_at, c.sort_name, c.status, f.*, x.*
      FROM clients c
      LEFT JOIN client_figures f ON f.agency_id = c.agency_id AND f.client_id = c.id
      LEFT JOIN LATERAL (
        SELECT (count(*) FILTER (WHERE e.status <> 'cancelled'))::int AS n,
          (count(*) FILTER (WHERE e.status IN ('pending', 'processing', 'issued')))::int AS active,
          coalesce(sum(e.revenue_cents) FILTER (WHERE e.status IN ('pending', 'processing', 'issued')), 0)::bigint AS spent,
          max(e.created_at) AS last_at
        FROM emissions e WHERE e.agency_id = c.agency_id AND e.client_id = c.id AND e.deleted_at IS NULL
      ) x ON true
      WHERE c.agency_id = ${agencyId} AND CASE
        -- A live client has one figures row, equal to a recount of its live emissions and with its
        -- sort_name, status and search_text; a deleted one has none.
        WHEN c.deleted_at IS NULL THEN f.client_id IS NULL
          OR (f.emissions_count, f.active_emissions_count, f.total_spent_cents, f.last_emission_at, f.sort_name, f.status, f.search_text)
            IS DISTINCT FROM (x.n, x.active, x.spent, x.last_at, c.sort_name, c.status, c.search_text)
        ELSE f.client_id IS NOT NULL END`),
  );
  const totalsOff = rowsOf(
    await db.execute(sql`
      SELECT 'client_totals' AS kept, k.*, r.*
      FROM (SELECT coalesce(sum(total_clients), 0)::int AS k_total, coalesce(sum(active_clients), 0)::int AS k_active,
              coalesce(sum(inactive_clients), 0)::int AS k_inactive, coalesce(sum(blocked_clients), 0)::int AS k_blocked,
              coalesce(sum(total_emissions), 0)::bigint AS k_emissions, coalesce(sum(total_revenue_cents), 0)::bigint AS k_revenue
            FROM client_totals WHERE agency_id = ${agencyId}) k,
           (SELECT count(*)::int AS r_total, (count(*) FILTER (WHERE c.status = 'active'))::int AS r_active,
              (count(*) FILTER (WHERE c.status = 'inactive'))::int AS r_inactive, (count(*) FILTER (WHERE c.status = 'blocked'))::int AS r_blocked,
              coalesce(sum(f.emissions_count), 0)::bigint AS r_emissions, coalesce(sum(f.total_spent_cents), 0)::bigint AS r_revenue
            FROM clients c LEFT JOIN client_figures f ON f.agency_id = c.agency_id AND f.client_id = c.id
            WHERE c.agency_id = ${agencyId} AND c.deleted_at IS NULL) r
      WHERE (k_total, k_active, k_inactive, k_blocked, k_emissions, k_revenue) IS DISTINCT FROM (r_total, r_active, r_inactive, r_blocked, r_emissions, r_revenue)`),
  );
  const emissionTotalsOff = rowsOf(
    await db.execute(sql`
      SELECT 'emission_totals' AS kept, k.*, r.*
      FROM (SELECT coalesce(sum(pending), 0)::int AS k_pending, coalesce(sum(processing), 0)::int AS k_processing, coalesce(sum(issued), 0)::int AS k_issued,
              coalesce(sum(failed), 0)::int AS k_failed, coalesce(sum(cancelled), 0)::int AS k_cancelled, coalesce(sum(issued_revenue_cents), 0)::bigint AS k_revenue
            FROM emission_totals WHERE agency_id = ${agencyId}) k,
           (SELECT (count(*) FILTER (WHERE status = 'pending'))::int AS r_pending, (count(*) FILTER (WHERE status = 'processing'))::int AS r_processing,
              (count(*) FILTER (WHERE status = 'issued'))::int AS r_issued, (count(*) FILTER (WHERE status = 'failed'))::int AS r_failed,
              (count(*) FILTER (WHERE status = 'cancelled'))::int AS r_cancelled,
              coalesce(sum(revenue_cents) FILTER (WHERE status = 'issued'), 0)::bigint AS r_revenue
            FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL) r
      WHERE (k_pending, k_processing, k_issued, k_failed, k_cancelled, k_revenue) IS DISTINCT FROM (r_pending, r_processing, r_issued, r_failed, r_cancelled, r_revenue)`),
  );
  const slaOff = rowsOf(
    await db.execute(sql`
      SELECT 'emission_sla_stats' AS kept, k.n AS kept_count, r.n AS recount
      FROM (SELECT coalesce((SELECT sla_count FROM emission_sla_stats WHERE agency_id = ${agencyId}), 0) AS n) k,
           (SELECT count(*)::int AS n FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND issued_at > submitted_at
              AND floor(extract(epoch FROM issued_at) * 1000) > floor(extract(epoch FROM submitted_at) * 1000)) r
      WHERE k.n <> r.n`),
  );
  return [
    ...clientsOff,
    ...totalsOff,
    ...emissionTotalsOff,
    ...(await lotTotalsMismatches(db, agencyId)),
    ...slaOff,
    ...(await financeKeptMismatches(db, agencyId)),
  ];
}

/**
 * The finance figures kept by migration 0024 that differ from a recount of the live emissions and
 * postings, written here without the migration's functions: emission_days per (day, status), its
 * stripes summed — emissions, figures, discrepant ones (decision 0019) and what clients still owe —;
 * posting_days per (day, category, method); and each live emission's posted sums in emission_postings
 * (a deleted one's record must only have stopped counting it).
 */
export async function financeKeptMismatches(db: Db, agencyId: string): Promise<unknown[]> {
  const daysOff = rowsOf(
    await db.execute(sql`
      WITH posted AS (
        SELECT f.emission_id,
          coalesce(sum(f.amount_cents) FILTER (WHERE f.category = 'revenue'), 0) AS revenue,
          coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'fees'), 0) AS fees,
          coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'miles_cost'), 0) AS miles_cost,
          coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'rav'), 0) AS rav,
          count(*) AS postings, count(*) - count(DISTINCT (f.category, f.amount_cents)) AS repeated
        FROM financial_entries f WHERE f.agency_id = ${agencyId} AND f.deleted_at IS NULL AND f.emission_id IS NOT NULL
        GROUP BY 1
      ), e AS (
        SELECT (e.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, e.status, e.revenue_cents, e.fees_cents,
          e.miles_cost_cents, e.rav_cents, e.margin_cents, e.status IN ('cancelled', 'failed') AS void,
          coalesce(p.revenue, 0) AS p_revenue, coalesce(p.fees, 0) AS p_fees, coalesce(p.miles_cost, 0) AS p_miles_cost,
          coalesce(p.rav, 0) AS p_rav, coalesce(p.postings, 0) AS postings, coalesce(p.repeated, 0) AS repeated
        FROM emissions e LEFT JOIN posted p ON p.emission_id = e.id
        WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL
      ), recount AS (
        SELECT day, status, count(*)::int AS emissions, sum(revenue_cents)::bigint AS revenue, sum(fees_cents)::bigint AS fees,
          sum(miles_cost_cents)::bigint AS miles_cost, sum(rav_cents)::bigint AS rav, sum(margin_cents)::bigint AS margin,
          (count(*) FILTER (WHERE (void AND postings > 0) OR (NOT void AND (p_revenue < revenue_cents OR p_fees < fees_cents
            OR p_miles_cost < miles_cost_cents OR p_rav < rav_cents OR repeated > 0))))::int AS discrepancies,
          coalesce(sum(revenue_cents - p_revenue) FILTER (WHERE NOT void AND p_revenue < revenue_cents), 0)::bigint AS outstanding
        FROM e GROUP BY 1, 2
      ), kept AS (
        SELECT day, status, sum(emissions)::int AS emissions, sum(revenue_cents)::bigint AS revenue, sum(fees_cents)::bigint AS fees,
          sum(miles_cost_cents)::bigint AS miles_cost, sum(rav_cents)::bigint AS rav, sum(margin_cents)::bigint AS margin,
          sum(discrepancies)::int AS discrepancies, sum(outstanding_cents)::bigint AS outstanding
        FROM emission_days WHERE agency_id = ${agencyId} GROUP BY 1, 2
        HAVING (sum(emissions), sum(revenue_cents), sum(fees_cents), sum(miles_cost_cents), sum(rav_cents), sum(margin_cents),
          sum(discrepancies), sum(outstanding_cents)) IS DISTINCT FROM (0::bigint, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::bigint, 0::numeric)
      )
      SELECT 'emission_days' AS kept, coalesce(r.day, k.day)::text AS day, coalesce(r.status, k.status) AS status,
        row_to_json(r) AS recount, row_to_json(k) AS kept_row
      FROM recount r FULL JOIN kept k USING (day, status)
      WHERE (r.emissions, r.revenue, r.fees, r.miles_cost, r.rav, r.margin, r.discrepancies, r.outstanding)
        IS DISTINCT FROM (k.emissions, k.revenue, k.fees, k.miles_cost, k.rav, k.margin, k.discrepancies, k.outstanding)`),
  );
  const postingDaysOff = rowsOf(
    await db.execute(sql`
      WITH recount AS (
        SELECT entry_date AS day, category, coalesce(payment_method, '') AS method,
          coalesce(sum(amount_cents) FILTER (WHERE amount_cents > 0), 0)::bigint AS in_cents,
          coalesce(sum(amount_cents) FILTER (WHERE amount_cents < 0), 0)::bigint AS out_cents
        FROM financial_entries WHERE agency_id = ${agencyId} AND deleted_at IS NULL GROUP BY 1, 2, 3
      ), kept AS (
        SELECT day, category, method, in_cents, out_cents FROM posting_days
        WHERE agency_id = ${agencyId} AND (in_cents, out_cents) <> (0, 0)
      )
      SELECT 'posting_days' AS kept, coalesce(r.day, k.day)::text AS day, coalesce(r.category, k.category) AS category,
        row_to_json(r) AS recount, row_to_json(k) AS kept_row
      FROM recount r FULL JOIN kept k USING (day, category, method)
      WHERE (r.in_cents, r.out_cents) IS DISTINCT FROM (k.in_cents, k.out_cents)`),
  );
  const postedOff = rowsOf(
    await db.execute(sql`
      SELECT 'emission_postings' AS kept, e.id, row_to_json(k) AS kept_row, row_to_json(x) AS recount
      FROM emissions e
      LEFT JOIN emission_postings k ON k.agency_id = e.agency_id AND k.emission_id = e.id
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(f.amount_cents) FILTER (WHERE f.category = 'revenue'), 0)::bigint AS revenue,
          coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'fees'), 0)::bigint AS fees,
          coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'miles_cost'), 0)::bigint AS miles_cost,
          coalesce(-sum(f.amount_cents) FILTER (WHERE f.category = 'rav'), 0)::bigint AS rav, count(*)::int AS postings
        FROM financial_entries f WHERE f.agency_id = e.agency_id AND f.emission_id = e.id AND f.deleted_at IS NULL
      ) x
      WHERE e.agency_id = ${agencyId} AND CASE
        WHEN k.emission_id IS NULL THEN x.postings > 0
        -- A deleted emission's record only stops counting it; its sums are recomputed when it comes back.
        WHEN e.deleted_at IS NOT NULL THEN k.counted
        ELSE (k.posted_revenue_cents, k.posted_fees_cents, k.posted_miles_cost_cents, k.posted_rav_cents, k.postings, k.counted)
          IS DISTINCT FROM (x.revenue, x.fees, x.miles_cost, x.rav, x.postings, true) END`),
  );
  return [...daysOff, ...postingDaysOff, ...postedOff];
}

/** How many rows of `table` the agency has: a test's before/after snapshot that nothing was written. */
export async function agencyRowCount(db: Db, table: string, agencyId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE agency_id = ${agencyId}`),
  );
  return row?.n ?? 0;
}

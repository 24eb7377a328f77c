import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface BrokenLot {
  id: string;
  original_quantity: number;
  remaining_quantity: number;
  allocated_to_live: number;
  unreleased: number;
}

/**
 * Lots of the agency that break DESIGN.md §2's invariant — original = remaining + miles allocated
 * to non-cancelled emissions — or its bookkeeping twin, original = remaining + unreleased
 * allocations (releaseMiles marks what a cancellation gave back). Empty when all is well.
 */
export async function brokenLots(db: Db, agencyId: string): Promise<BrokenLot[]> {
  const result = await db.execute(sql`
    SELECT l.id, l.original_quantity, l.remaining_quantity,
      coalesce(x.live, 0)::int AS allocated_to_live, coalesce(x.unreleased, 0)::int AS unreleased
    FROM mile_lots l
    LEFT JOIN (
      SELECT a.lot_id,
        sum(a.miles) FILTER (WHERE e.status <> 'cancelled') AS live,
        sum(a.miles) FILTER (WHERE a.released_at IS NULL) AS unreleased
      FROM emission_allocations a JOIN emissions e ON e.id = a.emission_id AND e.agency_id = a.agency_id
      WHERE a.agency_id = ${agencyId}
      GROUP BY a.lot_id
    ) x ON x.lot_id = l.id
    WHERE l.agency_id = ${agencyId}
      AND (l.original_quantity <> l.remaining_quantity + coalesce(x.live, 0)
        OR l.original_quantity <> l.remaining_quantity + coalesce(x.unreleased, 0)
        OR l.remaining_quantity < 0)`);
  return (result as unknown as { rows: BrokenLot[] }).rows;
}

/**
 * lot_totals rows of the agency that differ from a recount of its live lots (migration 0007's
 * triggers keep them); empty when all is well.
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
  return (result as unknown as { rows: unknown[] }).rows;
}

/** Lots of the agency whose lot_search_entries row (migration 0007's triggers) differs from the lot. */
export async function lotSearchEntryMismatches(db: Db, agencyId: string): Promise<unknown[]> {
  const result = await db.execute(sql`
    SELECT l.id FROM mile_lots l
    LEFT JOIN lot_search_entries e ON e.lot_id = l.id
    WHERE l.agency_id = ${agencyId}
      AND (e.lot_id IS NULL
        OR (e.agency_id, e.program, e.status, e.remaining_quantity, e.cost_per_thousand, e.expiry_date, e.deleted_at, e.search_text)
          IS DISTINCT FROM (l.agency_id, l.program, l.status, l.remaining_quantity, l.cost_per_thousand, l.expiry_date, l.deleted_at,
            lot_search_text_of(l.supplier, l.notes, l.account_number)))`);
  return (result as unknown as { rows: unknown[] }).rows;
}

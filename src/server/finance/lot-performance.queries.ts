import { sql } from 'drizzle-orm';
import type { LotStatus } from '../../domain/lots/lot.schema';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** The agency's live lots, from the kept lot_totals. */
export async function countLiveLots(db: Db, agencyId: string) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT coalesce(sum(lots), 0)::int AS n FROM lot_totals WHERE agency_id = ${agencyId}`),
  );
  return row?.n ?? 0;
}

/**
 * A page of the agency's live lots, newest purchase first, each with what its active emissions
 * drew from it (unreleased allocations of live pending, processing or issued emissions) and the
 * share of those emissions' revenue and margin its miles carry (allocation miles ÷ emission miles,
 * rounded per allocation).
 */
export async function getLotPerformanceRows(
  db: Db,
  { agencyId, offset, limit }: { agencyId: string; offset: number; limit: number },
) {
  return rowsOf<{
    id: string;
    program: string;
    supplier: string | null;
    purchase_date: string;
    status: LotStatus;
    original_quantity: number;
    remaining_quantity: number;
    stock_cost_cents: string;
    miles_used: string;
    used_cost_cents: string;
    emissions: number;
    revenue_cents: string;
    margin_cents: string;
  }>(
    await db.execute(sql`
      SELECT l.id, l.program, l.supplier, l.purchase_date::text AS purchase_date, l.status, l.original_quantity,
        l.remaining_quantity, round(l.remaining_quantity * l.cost_per_thousand / 10)::text AS stock_cost_cents,
        a.miles_used::text, a.used_cost_cents::text, a.emissions, a.revenue_cents::text, a.margin_cents::text
      FROM (
        -- The page's lots first, so that only they are summed.
        SELECT * FROM mile_lots
        WHERE agency_id = ${agencyId} AND deleted_at IS NULL
        ORDER BY purchase_date DESC, id DESC
        OFFSET ${offset} LIMIT ${limit}
      ) l
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(x.miles), 0) AS miles_used, coalesce(sum(x.cost_cents), 0) AS used_cost_cents,
          count(DISTINCT e.id)::int AS emissions,
          coalesce(sum(round(e.revenue_cents * x.miles::numeric / e.miles_used)), 0) AS revenue_cents,
          coalesce(sum(round(e.margin_cents * x.miles::numeric / e.miles_used)), 0) AS margin_cents
        FROM emission_allocations x
        JOIN emissions e ON e.agency_id = x.agency_id AND e.id = x.emission_id
        WHERE x.lot_id = l.id AND x.agency_id = l.agency_id AND x.released_at IS NULL
          AND e.deleted_at IS NULL AND e.status IN ('pending', 'processing', 'issued')
      ) a
      ORDER BY l.purchase_date DESC, l.id DESC`),
  );
}

import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../domain/finance/entry.schema';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

const ACTIVE = sql`e.status IN ('pending', 'processing', 'issued')`;
const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`;

/** Accrual (decision 0019): active emissions created in [from, to], their figures summed in centavos. */
export async function getAccrual(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  const [row] = rowsOf<{ emissions: number; revenue: string; cost: string; margin: string }>(
    await db.execute(sql`
      SELECT count(*)::int AS emissions,
        coalesce(sum(e.revenue_cents), 0)::text AS revenue,
        coalesce(sum(e.fees_cents + e.miles_cost_cents + e.rav_cents), 0)::text AS cost,
        coalesce(sum(e.margin_cents), 0)::text AS margin
      FROM emissions e
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND ${ACTIVE}
        AND e.created_at >= ${dayStart(from)} AND e.created_at < ${dayEnd(to)}`),
  );
  return {
    emissions: row?.emissions ?? 0,
    revenue_cents: Number(row?.revenue ?? 0),
    cost_cents: Number(row?.cost ?? 0),
    margin_cents: Number(row?.margin ?? 0),
  };
}

/** Cash (decision 0019): live postings dated in [from, to], in and out per payment method; miles_cost postings left out. */
export async function getCashByMethod(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  return rowsOf<{ method: PaymentMethod | null; in_cents: string; out_cents: string }>(
    await db.execute(sql`
      SELECT f.payment_method AS method,
        coalesce(sum(f.amount_cents) FILTER (WHERE f.amount_cents > 0), 0)::text AS in_cents,
        coalesce(sum(f.amount_cents) FILTER (WHERE f.amount_cents < 0), 0)::text AS out_cents
      FROM financial_entries f
      WHERE f.agency_id = ${agencyId} AND f.deleted_at IS NULL AND f.category <> 'miles_cost'
        AND f.entry_date >= ${from}::date AND f.entry_date <= ${to}::date
      GROUP BY f.payment_method
      ORDER BY f.payment_method NULLS LAST`),
  ).map((r) => ({ method: r.method, in_cents: Number(r.in_cents), out_cents: Number(r.out_cents) }));
}

/**
 * Receivables, lot purchases and postings on void emissions of the period: what separates the
 * accrual and cash views (decision 0019).
 */
export async function getDifferences(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  const [row] = rowsOf<{ receivables: string; lot_purchases: string; void_postings: string }>(
    await db.execute(sql`
      WITH active AS (
        SELECT e.id, e.revenue_cents FROM emissions e
        WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND ${ACTIVE} AND e.created_at < ${dayEnd(to)}
      ), received AS (
        SELECT f.emission_id, sum(f.amount_cents) AS cents FROM financial_entries f
        WHERE f.agency_id = ${agencyId} AND f.deleted_at IS NULL AND f.category = 'revenue'
          AND f.emission_id IS NOT NULL AND f.entry_date <= ${to}::date
        GROUP BY f.emission_id
      )
      SELECT
        (SELECT coalesce(sum(greatest(a.revenue_cents - coalesce(r.cents, 0), 0)), 0)
           FROM active a LEFT JOIN received r ON r.emission_id = a.id)::text AS receivables,
        (SELECT coalesce(-sum(f.amount_cents), 0) FROM financial_entries f
           WHERE f.agency_id = ${agencyId} AND f.deleted_at IS NULL AND f.category = 'lot_purchase'
             AND f.entry_date >= ${from}::date AND f.entry_date <= ${to}::date)::text AS lot_purchases,
        (SELECT coalesce(sum(f.amount_cents), 0) FROM financial_entries f
           JOIN emissions e ON e.agency_id = f.agency_id AND e.id = f.emission_id
           WHERE f.agency_id = ${agencyId} AND f.deleted_at IS NULL AND e.status IN ('cancelled', 'failed')
             AND f.entry_date >= ${from}::date AND f.entry_date <= ${to}::date)::text AS void_postings`),
  );
  return {
    receivables_cents: Number(row?.receivables ?? 0),
    lot_purchases_cents: Number(row?.lot_purchases ?? 0),
    void_postings_cents: Number(row?.void_postings ?? 0),
  };
}

/** The cost of the miles used by the period's active emissions. */
export async function getMilesUsed(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  const [row] = rowsOf<{ cents: string }>(
    await db.execute(sql`
      SELECT coalesce(sum(e.miles_cost_cents), 0)::text AS cents FROM emissions e
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND ${ACTIVE}
        AND e.created_at >= ${dayStart(from)} AND e.created_at < ${dayEnd(to)}`),
  );
  return Number(row?.cents ?? 0);
}

/** Accrual per calendar month (agency time) from `firstDay` to the end of `to`. */
export async function getMonthly(
  db: Db,
  { agencyId, firstDay, to }: { agencyId: string; firstDay: string; to: string },
) {
  return rowsOf<{ month: string; revenue: string; cost: string; margin: string }>(
    await db.execute(sql`
      SELECT to_char(date_trunc('month', e.created_at AT TIME ZONE ${AGENCY_TIME_ZONE}), 'YYYY-MM') AS month,
        sum(e.revenue_cents)::text AS revenue,
        sum(e.fees_cents + e.miles_cost_cents + e.rav_cents)::text AS cost,
        sum(e.margin_cents)::text AS margin
      FROM emissions e
      WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND ${ACTIVE}
        AND e.created_at >= ${dayStart(firstDay)} AND e.created_at < ${dayEnd(to)}
      GROUP BY 1`),
  ).map((r) => ({
    month: r.month,
    revenue_cents: Number(r.revenue),
    cost_cents: Number(r.cost),
    margin_cents: Number(r.margin),
  }));
}

/** Σ remaining value of the available lots, from the kept lot_totals. */
export async function getStockCost(db: Db, { agencyId }: { agencyId: string }) {
  const [row] = rowsOf<{ cents: string }>(
    await db.execute(sql`
      SELECT coalesce(sum(remaining_value_cents), 0)::text AS cents FROM lot_totals
      WHERE agency_id = ${agencyId} AND status = 'available'`),
  );
  return Number(row?.cents ?? 0);
}

/** The latest money in up to `to`. */
export async function getRecentReceipts(
  db: Db,
  { agencyId, to, limit }: { agencyId: string; to: string; limit: number },
) {
  return rowsOf<{
    id: string;
    entry_date: string;
    amount_cents: string;
    description: string | null;
    payment_method: PaymentMethod | null;
    emission_id: string | null;
  }>(
    await db.execute(sql`
      SELECT f.id, f.entry_date::text AS entry_date, f.amount_cents::text AS amount_cents, f.description,
        f.payment_method, f.emission_id
      FROM financial_entries f
      WHERE f.agency_id = ${agencyId} AND f.deleted_at IS NULL AND f.amount_cents > 0 AND f.entry_date <= ${to}::date
      ORDER BY f.entry_date DESC, f.created_at DESC, f.id DESC
      LIMIT ${limit}`),
  ).map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
}

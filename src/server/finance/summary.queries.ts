import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../domain/finance/entry.schema';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

const ACTIVE = sql`d.status IN ('pending', 'processing', 'issued')`;

/**
 * Accrual (decision 0019): active emissions created in [from, to], their figures summed in centavos
 * from emission_days (kept per agency day and status by migration 0024's triggers).
 */
export async function getAccrual(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  const [row] = rowsOf<{ emissions: number; revenue: string; cost: string; margin: string; miles_cost: string }>(
    await db.execute(sql`
      SELECT coalesce(sum(d.emissions), 0)::int AS emissions,
        coalesce(sum(d.revenue_cents), 0)::text AS revenue,
        coalesce(sum(d.fees_cents + d.miles_cost_cents + d.rav_cents), 0)::text AS cost,
        coalesce(sum(d.margin_cents), 0)::text AS margin,
        coalesce(sum(d.miles_cost_cents), 0)::text AS miles_cost
      FROM emission_days d
      WHERE d.agency_id = ${agencyId} AND ${ACTIVE} AND d.day >= ${from}::date AND d.day <= ${to}::date`),
  );
  return {
    emissions: row?.emissions ?? 0,
    revenue_cents: Number(row?.revenue ?? 0),
    cost_cents: Number(row?.cost ?? 0),
    margin_cents: Number(row?.margin ?? 0),
    /** The cost of the miles the period's emissions used (a difference between the views, decision 0019). */
    miles_cost_cents: Number(row?.miles_cost ?? 0),
  };
}

/**
 * Cash (decision 0019): live postings dated in [from, to], in and out per payment method, from
 * posting_days; miles_cost postings left out.
 */
export async function getCashByMethod(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  return rowsOf<{ method: PaymentMethod | null; in_cents: string; out_cents: string }>(
    await db.execute(sql`
      SELECT nullif(p.method, '') AS method, sum(p.in_cents)::text AS in_cents, sum(p.out_cents)::text AS out_cents
      FROM posting_days p
      WHERE p.agency_id = ${agencyId} AND p.category <> 'miles_cost' AND p.day >= ${from}::date AND p.day <= ${to}::date
      GROUP BY p.method
      HAVING (sum(p.in_cents), sum(p.out_cents)) <> (0, 0)
      ORDER BY nullif(p.method, '') NULLS LAST`),
  ).map((r) => ({ method: r.method, in_cents: Number(r.in_cents), out_cents: Number(r.out_cents) }));
}

/**
 * Receivables, lot purchases and postings on void emissions of the period: what separates the
 * accrual and cash views (decision 0019). Receivables: what the active emissions created up to the
 * period's end still owe today, from emission_days.
 */
export async function getDifferences(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  const [row] = rowsOf<{ receivables: string; lot_purchases: string; void_postings: string }>(
    await db.execute(sql`
      SELECT
        (SELECT coalesce(sum(d.outstanding_cents), 0) FROM emission_days d
           WHERE d.agency_id = ${agencyId} AND ${ACTIVE} AND d.day <= ${to}::date)::text AS receivables,
        (SELECT coalesce(-sum(p.out_cents), 0) FROM posting_days p
           WHERE p.agency_id = ${agencyId} AND p.category = 'lot_purchase'
             AND p.day >= ${from}::date AND p.day <= ${to}::date)::text AS lot_purchases,
        (SELECT coalesce(sum(f.amount_cents), 0) FROM emission_postings r
           JOIN financial_entries f ON f.agency_id = r.agency_id AND f.emission_id = r.emission_id AND f.deleted_at IS NULL
           WHERE r.agency_id = ${agencyId} AND r.counted AND r.status IN ('cancelled', 'failed') AND r.postings > 0
             AND f.entry_date >= ${from}::date AND f.entry_date <= ${to}::date)::text AS void_postings`),
  );
  return {
    receivables_cents: Number(row?.receivables ?? 0),
    lot_purchases_cents: Number(row?.lot_purchases ?? 0),
    void_postings_cents: Number(row?.void_postings ?? 0),
  };
}

/** Accrual per calendar month (agency time) from `firstDay` to the end of `to`, from emission_days. */
export async function getMonthly(
  db: Db,
  { agencyId, firstDay, to }: { agencyId: string; firstDay: string; to: string },
) {
  return rowsOf<{ month: string; revenue: string; cost: string; margin: string }>(
    await db.execute(sql`
      SELECT to_char(d.day, 'YYYY-MM') AS month,
        sum(d.revenue_cents)::text AS revenue,
        sum(d.fees_cents + d.miles_cost_cents + d.rav_cents)::text AS cost,
        sum(d.margin_cents)::text AS margin
      FROM emission_days d
      WHERE d.agency_id = ${agencyId} AND ${ACTIVE} AND d.day >= ${firstDay}::date AND d.day <= ${to}::date
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

/**
 * The active sales of miles made in [from, to] (issue #23, decision 0029 "Sales of miles"): how
 * many, their miles, price, the cost of the miles they took, and what they still have to receive.
 */
export async function getSales(db: Db, { agencyId, from, to }: { agencyId: string; from: string; to: string }) {
  const [row] = rowsOf<{ sales: number; miles: string; price: string; cost: string; to_receive: string }>(
    await db.execute(sql`
      SELECT count(*)::int AS sales, coalesce(sum(s.miles), 0)::text AS miles,
        coalesce(sum(s.price_cents), 0)::text AS price, coalesce(sum(s.cost_cents), 0)::text AS cost,
        coalesce((SELECT sum(r.amount_cents) FROM sale_receivables r
          JOIN mile_sales x ON x.agency_id = r.agency_id AND x.id = r.sale_id
          WHERE r.agency_id = ${agencyId} AND r.received_on IS NULL AND x.status = 'active'
            AND x.sale_date >= ${from}::date AND x.sale_date <= ${to}::date), 0)::text AS to_receive
      FROM mile_sales s
      WHERE s.agency_id = ${agencyId} AND s.status = 'active' AND s.sale_date >= ${from}::date AND s.sale_date <= ${to}::date`),
  );
  const price = Number(row?.price ?? 0);
  const cost = Number(row?.cost ?? 0);
  return {
    sales: row?.sales ?? 0,
    miles: Number(row?.miles ?? 0),
    price_cents: price,
    cost_cents: cost,
    profit_cents: price - cost,
    to_receive_cents: Number(row?.to_receive ?? 0),
  };
}

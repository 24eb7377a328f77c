// The SQL of sales of miles and their receivables (issue #23, docs/decisions/0029-transfers-and-
// credits.md, "Sales of miles"). Lock order (decision 0011): a sale locks its account's lots first,
// as an emission or a transfer does; cancelling locks the sale, then its lots; "Recebido" locks the
// instalment.

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { ACCOUNT_JSON } from '../transfers/transfers.queries';
import { deleteEntryRow } from '../finance/entries.queries';

export interface NewSale {
  id: string;
  account_id: string;
  buyer_name: string;
  buyer_document: string | null;
  buyer_contact: string | null;
  miles: number;
  price_per_thousand: string;
  price_cents: number;
  cost_cents: number;
  sale_date: string;
  notes: string | null;
  created_by: string | null;
}

/**
 * The sale, the miles taken from its lots (their remaining and status, and one lot_withdrawals row
 * per lot) and its instalments, in one statement.
 */
export async function insertSale(
  db: Db,
  params: {
    agencyId: string;
    sale: NewSale;
    take: { lot_id: string; miles: number; status: string; cost_per_thousand: string; cost_cents: number }[];
    receivables: { instalment: number; amount_cents: number; due_date: string }[];
  },
) {
  const { agencyId, sale: s } = params;
  const take = JSON.stringify(params.take);
  await db.execute(sql`WITH sale AS (
      INSERT INTO mile_sales (id, agency_id, account_id, buyer_name, buyer_document, buyer_contact, miles,
        price_per_thousand, price_cents, cost_cents, sale_date, notes, created_by)
      VALUES (${s.id}, ${agencyId}, ${s.account_id}, ${s.buyer_name}, ${s.buyer_document}, ${s.buyer_contact}, ${s.miles},
        ${s.price_per_thousand}, ${s.price_cents}, ${s.cost_cents}, ${s.sale_date}, ${s.notes}, ${s.created_by})
      RETURNING id
    ), taken AS (
      UPDATE mile_lots l SET remaining_quantity = l.remaining_quantity - v.miles, status = v.status, updated_at = now()
      FROM jsonb_to_recordset(${take}::jsonb) AS v(lot_id uuid, miles integer, status text)
      WHERE l.agency_id = ${agencyId} AND l.id = v.lot_id
      RETURNING l.id
    ), withdrawn AS (
      INSERT INTO lot_withdrawals (agency_id, lot_id, sale_id, miles, cost_per_thousand, cost_cents)
      SELECT ${agencyId}, v.lot_id, (SELECT id FROM sale), v.miles, v.cost_per_thousand, v.cost_cents
      FROM jsonb_to_recordset(${take}::jsonb)
        AS v(lot_id uuid, miles integer, cost_per_thousand numeric, cost_cents bigint)
      JOIN taken ON taken.id = v.lot_id
      RETURNING id
    )
    INSERT INTO sale_receivables (agency_id, sale_id, instalment, instalments, amount_cents, due_date)
    SELECT ${agencyId}, (SELECT id FROM sale), r.instalment, ${params.receivables.length}, r.amount_cents, r.due_date
    FROM jsonb_to_recordset(${JSON.stringify(params.receivables)}::jsonb)
      AS r(instalment smallint, amount_cents bigint, due_date date)
    WHERE (SELECT count(*) FROM withdrawn) >= 0`);
}

/** The sale, locked, with how many of its instalments were received. */
export async function lockSale(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<{ id: string; status: string; miles: number; buyer_name: string; received: number }>(
    await db.execute(sql`SELECT s.id, s.status, s.miles, s.buyer_name,
        (SELECT count(*)::int FROM sale_receivables r
          WHERE r.agency_id = s.agency_id AND r.sale_id = s.id AND r.received_on IS NOT NULL) AS received
      FROM mile_sales s WHERE s.agency_id = ${agencyId} AND s.id = ${id} FOR NO KEY UPDATE OF s`),
  );
  return row ?? null;
}

/** The lots a sale took from, locked in id order, with the miles to give back to each. */
export async function lockSaleLots(db: Db, { agencyId, saleId }: { agencyId: string; saleId: string }) {
  return rowsOf<{
    id: string;
    status: 'available' | 'reserved' | 'used' | 'expired';
    expiry_date: string | null;
    miles: number;
  }>(
    await db.execute(sql`SELECT l.id, l.status, l.expiry_date::text AS expiry_date, w.miles::int AS miles
      FROM (SELECT lot_id, sum(miles) AS miles FROM lot_withdrawals
        WHERE agency_id = ${agencyId} AND sale_id = ${saleId} AND released_at IS NULL GROUP BY lot_id) w
      JOIN mile_lots l ON l.agency_id = ${agencyId} AND l.id = w.lot_id
      ORDER BY l.id FOR NO KEY UPDATE OF l`),
  );
}

/**
 * Cancels the sale: its withdrawals released (kept as history), its lots given their miles back
 * with the status the caller worked out, its instalments still to receive dropped.
 */
export async function cancelSaleRows(
  db: Db,
  params: { agencyId: string; id: string; back: { lot_id: string; miles: number; status: string }[] },
) {
  const { agencyId, id } = params;
  await db.execute(sql`WITH released AS (
      UPDATE lot_withdrawals SET released_at = now()
      WHERE agency_id = ${agencyId} AND sale_id = ${id} AND released_at IS NULL
      RETURNING id
    ), back AS (
      UPDATE mile_lots l SET remaining_quantity = l.remaining_quantity + v.miles, status = v.status, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(params.back)}::jsonb) AS v(lot_id uuid, miles integer, status text)
      WHERE l.agency_id = ${agencyId} AND l.id = v.lot_id
      RETURNING l.id
    ), dropped AS (
      DELETE FROM sale_receivables WHERE agency_id = ${agencyId} AND sale_id = ${id} AND received_on IS NULL
      RETURNING id
    )
    UPDATE mile_sales SET status = 'cancelled', cancelled_at = now()
    WHERE agency_id = ${agencyId} AND id = ${id}
      AND (SELECT count(*) FROM released) + (SELECT count(*) FROM back) + (SELECT count(*) FROM dropped) >= 0`);
}

// ---------------------------------------------------------------------------------------------
// Reads

export interface SaleReceivableRow {
  id: string;
  instalment: number;
  instalments: number;
  amount_cents: number | string;
  due_date: string;
  received_on: string | null;
  entry_id: string | null;
}

export interface SaleRow {
  id: string;
  account: { id: string; program: string; account_number: string; holder_name: string | null };
  buyer_name: string;
  buyer_document: string | null;
  buyer_contact: string | null;
  miles: number;
  price_per_thousand: string;
  price_cents: number | string;
  cost_cents: number | string;
  sale_date: string;
  status: string;
  cancelled_at: string | null;
  notes: string | null;
  created_at: string;
  receivables: SaleReceivableRow[];
}

const SALE_SELECT = sql`SELECT s.id, ${ACCOUNT_JSON('a', 'h')} AS account, s.buyer_name, s.buyer_document, s.buyer_contact,
    s.miles, s.price_per_thousand::text AS price_per_thousand, s.price_cents::bigint AS price_cents,
    s.cost_cents::bigint AS cost_cents, s.sale_date::text AS sale_date, s.status, s.cancelled_at::text AS cancelled_at,
    s.notes, s.created_at::text AS created_at,
    (SELECT coalesce(json_agg(json_build_object('id', r.id, 'instalment', r.instalment, 'instalments', r.instalments,
        'amount_cents', r.amount_cents, 'due_date', r.due_date, 'received_on', r.received_on, 'entry_id', r.entry_id)
        ORDER BY r.instalment), '[]'::json)
      FROM sale_receivables r WHERE r.agency_id = s.agency_id AND r.sale_id = s.id) AS receivables
  FROM mile_sales s
  JOIN loyalty_accounts a ON a.agency_id = s.agency_id AND a.id = s.account_id
  LEFT JOIN clients h ON h.agency_id = a.agency_id AND h.id = a.client_id`;

export async function getSaleRow(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<SaleRow>(await db.execute(sql`${SALE_SELECT} WHERE s.agency_id = ${agencyId} AND s.id = ${id}`));
  return row ?? null;
}

export interface SalePageParams {
  agencyId: string;
  from?: string;
  to?: string;
  status?: string;
  accountId?: string;
  page: number;
  limit: number;
}

/** A page of sales, newest first, and the active sales of the filter summed (every page). */
export async function getSalesPage(db: Db, params: SalePageParams) {
  const filters = [sql`s.agency_id = ${params.agencyId}`];
  if (params.from) filters.push(sql`s.sale_date >= ${params.from}::date`);
  if (params.to) filters.push(sql`s.sale_date <= ${params.to}::date`);
  if (params.status) filters.push(sql`s.status = ${params.status}`);
  if (params.accountId) filters.push(sql`s.account_id = ${params.accountId}`);
  const where = sql.join(filters, sql` AND `);
  const rows = rowsOf<SaleRow>(
    await db.execute(sql`${SALE_SELECT} WHERE ${where}
      ORDER BY s.sale_date DESC, s.created_at DESC, s.id DESC LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`),
  );
  const [sums] = rowsOf<{ total: number; sales: number; miles: string; price: string; cost: string }>(
    await db.execute(sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE s.status = 'active')::int AS sales,
        coalesce(sum(s.miles) FILTER (WHERE s.status = 'active'), 0)::text AS miles,
        coalesce(sum(s.price_cents) FILTER (WHERE s.status = 'active'), 0)::text AS price,
        coalesce(sum(s.cost_cents) FILTER (WHERE s.status = 'active'), 0)::text AS cost
      FROM mile_sales s WHERE ${where}`),
  );
  return { rows, sums: sums! };
}

// ---------------------------------------------------------------------------------------------
// Receivables

export interface ReceivableRow extends SaleReceivableRow {
  sale: { id: string; buyer_name: string; miles: number; account: SaleRow['account'] };
}

const RECEIVABLE_SELECT = sql`SELECT r.id, r.instalment, r.instalments, r.amount_cents::bigint AS amount_cents,
    r.due_date::text AS due_date, r.received_on::text AS received_on, r.entry_id,
    json_build_object('id', s.id, 'buyer_name', s.buyer_name, 'miles', s.miles, 'account', ${ACCOUNT_JSON('a', 'h')}) AS sale
  FROM sale_receivables r
  JOIN mile_sales s ON s.agency_id = r.agency_id AND s.id = r.sale_id
  JOIN loyalty_accounts a ON a.agency_id = s.agency_id AND a.id = s.account_id
  LEFT JOIN clients h ON h.agency_id = a.agency_id AND h.id = a.client_id`;

export interface ReceivablePageParams {
  agencyId: string;
  today: string;
  from: string;
  to: string;
  status?: 'pending' | 'received' | 'overdue';
  saleId?: string;
  page: number;
  limit: number;
}

function receivableFilters(params: ReceivablePageParams) {
  const filters = [
    sql`r.agency_id = ${params.agencyId}`,
    sql`r.due_date BETWEEN ${params.from}::date AND ${params.to}::date`,
  ];
  if (params.saleId) filters.push(sql`r.sale_id = ${params.saleId}`);
  if (params.status === 'received') filters.push(sql`r.received_on IS NOT NULL`);
  if (params.status === 'pending') filters.push(sql`r.received_on IS NULL AND r.due_date >= ${params.today}::date`);
  if (params.status === 'overdue') filters.push(sql`r.received_on IS NULL AND r.due_date < ${params.today}::date`);
  return sql.join(filters, sql` AND `);
}

/**
 * A page of the period's receivables by due date, the period's due days summed (the caller sums
 * them per month), and everything overdue. A cancelled sale's instalments still to receive were
 * dropped, so the sums read sale_receivables alone.
 */
export async function getReceivablesPage(db: Db, params: ReceivablePageParams) {
  const where = receivableFilters(params);
  const rows = rowsOf<ReceivableRow>(
    await db.execute(sql`${RECEIVABLE_SELECT} WHERE ${where}
      ORDER BY r.due_date, r.id LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`),
  );
  const days = rowsOf<{
    day: string;
    pending_cents: string | number;
    overdue_cents: string | number;
    received_cents: string | number;
    count: number;
  }>(
    await db.execute(sql`SELECT r.due_date::text AS day,
        coalesce(sum(r.amount_cents) FILTER (WHERE r.received_on IS NULL AND r.due_date >= ${params.today}::date), 0)::bigint AS pending_cents,
        coalesce(sum(r.amount_cents) FILTER (WHERE r.received_on IS NULL AND r.due_date < ${params.today}::date), 0)::bigint AS overdue_cents,
        coalesce(sum(r.amount_cents) FILTER (WHERE r.received_on IS NOT NULL), 0)::bigint AS received_cents,
        count(*)::int AS count
      FROM sale_receivables r WHERE ${where} GROUP BY r.due_date ORDER BY r.due_date`),
  );
  const [overdue] = rowsOf<{ cents: string | number; count: number }>(
    await db.execute(sql`SELECT coalesce(sum(r.amount_cents), 0)::bigint AS cents, count(*)::int AS count
      FROM sale_receivables r
      WHERE r.agency_id = ${params.agencyId} AND r.received_on IS NULL AND r.due_date < ${params.today}::date`),
  );
  return { rows, days, overdue: overdue ?? { cents: 0, count: 0 } };
}

export async function getReceivableRow(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<ReceivableRow>(
    await db.execute(sql`${RECEIVABLE_SELECT} WHERE r.agency_id = ${agencyId} AND r.id = ${id}`),
  );
  return row ?? null;
}

/** The instalment, locked (two "Recebido" of it queue; the second finds it received). */
export async function lockReceivable(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<{
    id: string;
    sale_id: string;
    received_on: string | null;
    entry_id: string | null;
    instalment: number;
    instalments: number;
    amount_cents: string | number;
    buyer_name: string;
    sale_date: string;
  }>(
    await db.execute(sql`SELECT r.id, r.sale_id, r.received_on::text AS received_on, r.entry_id, r.instalment, r.instalments,
        r.amount_cents::bigint AS amount_cents,
        s.buyer_name, s.sale_date::text AS sale_date
      FROM sale_receivables r JOIN mile_sales s ON s.agency_id = r.agency_id AND s.id = r.sale_id
      WHERE r.agency_id = ${agencyId} AND r.id = ${id} FOR NO KEY UPDATE OF r`),
  );
  return row ?? null;
}

/** Posts the instalment as a miles_sale revenue on `day`, and marks it received with that posting. */
export async function receiveReceivable(
  db: Db,
  params: {
    agencyId: string;
    userId: string | null;
    id: string;
    entryId: string;
    day: string;
    method: string | null;
    description: string;
  },
) {
  await db.execute(sql`WITH entry AS (
      INSERT INTO financial_entries (id, agency_id, ref_type, kind, category, amount_cents, description,
        payment_method, entry_date, created_by)
      SELECT ${params.entryId}, r.agency_id, 'none', 'revenue', 'miles_sale', r.amount_cents, ${params.description},
        ${params.method}, ${params.day}::date, ${params.userId}
      FROM sale_receivables r WHERE r.agency_id = ${params.agencyId} AND r.id = ${params.id}
      RETURNING id
    )
    UPDATE sale_receivables SET received_on = ${params.day}::date, entry_id = (SELECT id FROM entry)
    WHERE agency_id = ${params.agencyId} AND id = ${params.id}`);
}

/** Undoes a receipt: the instalment is to receive again, and the revenue it posted is deleted. */
export async function reopenReceivable(db: Db, params: { agencyId: string; id: string; entryId: string | null }) {
  await db.execute(sql`UPDATE sale_receivables SET received_on = NULL, entry_id = NULL
    WHERE agency_id = ${params.agencyId} AND id = ${params.id}`);
  if (params.entryId) await deleteEntryRow(db, { agencyId: params.agencyId, id: params.entryId });
}

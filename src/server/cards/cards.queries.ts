// The SQL of cards and their payables (issue #23, docs/decisions/0029-transfers-and-credits.md,
// "Cards"). A lot bought on a card writes its instalments in one multi-row INSERT; "Marcar como
// pago" locks the instalment, posts it and marks it paid in the same transaction.

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { deleteEntryRow } from '../finance/entries.queries';

export interface CardRow {
  id: string;
  name: string;
  brand: string;
  closing_day: number;
  due_day: number;
  limit_cents: number | string | null;
  open_cents: number | string;
  created_at: string;
}

export async function getCards(db: Db, agencyId: string, id?: string) {
  return rowsOf<CardRow>(
    await db.execute(sql`SELECT k.id, k.name, k.brand, k.closing_day, k.due_day, k.limit_cents::bigint AS limit_cents,
        coalesce((SELECT sum(p.amount_cents) FROM card_payables p
          JOIN mile_lots l ON l.agency_id = p.agency_id AND l.id = p.lot_id AND l.deleted_at IS NULL
          WHERE p.agency_id = k.agency_id AND p.card_id = k.id AND p.paid_on IS NULL), 0)::bigint AS open_cents,
        k.created_at
      FROM cards k WHERE k.agency_id = ${agencyId} ${id ? sql`AND k.id = ${id}` : sql``}
      ORDER BY k.name, k.id`),
  );
}

/** The card's bill calendar, for a purchase on it (no sums: a lot's creation reads only this). */
export async function getCardCalendar(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<{ id: string; closing_day: number; due_day: number }>(
    await db.execute(sql`SELECT id, closing_day, due_day FROM cards WHERE agency_id = ${agencyId} AND id = ${id}`),
  );
  return row ?? null;
}

export async function insertCard(
  db: Db,
  params: {
    agencyId: string;
    userId: string | null;
    card: { id: string; name: string; brand: string; closing_day: number; due_day: number; limit_cents: number | null };
  },
) {
  const { card } = params;
  await db.execute(sql`INSERT INTO cards (id, agency_id, name, brand, closing_day, due_day, limit_cents, created_by)
    VALUES (${card.id}, ${params.agencyId}, ${card.name}, ${card.brand}, ${card.closing_day}, ${card.due_day},
      ${card.limit_cents}, ${params.userId})`);
}

export interface NewPayable {
  instalment: number;
  amount_cents: number;
  due_date: string;
}

/** A lot's instalments, all in one statement. */
export async function insertPayables(
  db: Db,
  params: { agencyId: string; cardId: string; lotId: string; payables: NewPayable[] },
) {
  const n = params.payables.length;
  const rows = params.payables.map(
    (p) =>
      sql`(${params.agencyId}, ${params.cardId}, ${params.lotId}, ${p.instalment}, ${n}, ${p.amount_cents}, ${p.due_date}::date)`,
  );
  await db.execute(sql`INSERT INTO card_payables (agency_id, card_id, lot_id, instalment, instalments, amount_cents, due_date)
    VALUES ${sql.join(rows, sql`, `)}`);
}

/** Whether the lot was bought on a card, and how many of its instalments are paid. */
export async function getLotPayables(db: Db, { agencyId, lotIds }: { agencyId: string; lotIds: string[] }) {
  if (lotIds.length === 0) return [];
  return rowsOf<{ lot_id: string; instalments: number; paid: number }>(
    await db.execute(sql`SELECT lot_id, count(*)::int AS instalments, count(paid_on)::int AS paid
      FROM card_payables WHERE agency_id = ${agencyId} AND lot_id IN (${sql.join(
        lotIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) GROUP BY lot_id`),
  );
}

export interface PayableRow {
  id: string;
  card: { id: string; name: string; brand: string };
  lot: { id: string; program: string; account_number: string; original_quantity: number; supplier: string | null };
  instalment: number;
  instalments: number;
  amount_cents: number | string;
  due_date: string;
  paid_on: string | null;
  entry_id: string | null;
}

const PAYABLE_COLUMNS = sql`p.id, json_build_object('id', k.id, 'name', k.name, 'brand', k.brand) AS card,
  json_build_object('id', l.id, 'program', l.program, 'account_number', l.account_number,
    'original_quantity', l.original_quantity, 'supplier', l.supplier) AS lot,
  p.instalment, p.instalments, p.amount_cents::bigint AS amount_cents, p.due_date::text AS due_date,
  p.paid_on::text AS paid_on, p.entry_id`;

const PAYABLE_FROM = sql`FROM card_payables p
  JOIN cards k ON k.agency_id = p.agency_id AND k.id = p.card_id
  JOIN mile_lots l ON l.agency_id = p.agency_id AND l.id = p.lot_id AND l.deleted_at IS NULL`;

export interface PayablePageParams {
  agencyId: string;
  today: string;
  from: string;
  to: string;
  status?: 'pending' | 'paid' | 'overdue';
  cardId?: string;
  lotId?: string;
  page: number;
  limit: number;
}

function payableFilters(params: PayablePageParams) {
  const filters = [
    sql`p.agency_id = ${params.agencyId}`,
    sql`p.due_date BETWEEN ${params.from}::date AND ${params.to}::date`,
  ];
  if (params.cardId) filters.push(sql`p.card_id = ${params.cardId}`);
  if (params.lotId) filters.push(sql`p.lot_id = ${params.lotId}`);
  if (params.status === 'paid') filters.push(sql`p.paid_on IS NOT NULL`);
  if (params.status === 'pending') filters.push(sql`p.paid_on IS NULL AND p.due_date >= ${params.today}::date`);
  if (params.status === 'overdue') filters.push(sql`p.paid_on IS NULL AND p.due_date < ${params.today}::date`);
  return sql.join(filters, sql` AND `);
}

/**
 * A page of the period's payables by due date, the period's months summed, and everything overdue.
 * The sums read card_payables alone (its index on agency and due date): a lot bought on a card is
 * never soft-deleted (only imported lots are, and imports take no card) and a deleted one takes its
 * instalments with it.
 */
export async function getPayablesPage(db: Db, params: PayablePageParams) {
  const where = payableFilters(params);
  const rows = rowsOf<PayableRow>(
    await db.execute(sql`SELECT ${PAYABLE_COLUMNS} ${PAYABLE_FROM} WHERE ${where}
      ORDER BY p.due_date, p.id LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`),
  );
  // Summed per due day (a card's instalments share a few), then per month by the caller: cheaper
  // than truncating every row's date.
  const days = rowsOf<{
    day: string;
    pending_cents: string | number;
    overdue_cents: string | number;
    paid_cents: string | number;
    count: number;
  }>(
    await db.execute(sql`SELECT p.due_date::text AS day,
        coalesce(sum(p.amount_cents) FILTER (WHERE p.paid_on IS NULL AND p.due_date >= ${params.today}::date), 0)::bigint AS pending_cents,
        coalesce(sum(p.amount_cents) FILTER (WHERE p.paid_on IS NULL AND p.due_date < ${params.today}::date), 0)::bigint AS overdue_cents,
        coalesce(sum(p.amount_cents) FILTER (WHERE p.paid_on IS NOT NULL), 0)::bigint AS paid_cents,
        count(*)::int AS count
      FROM card_payables p WHERE ${where} GROUP BY p.due_date ORDER BY p.due_date`),
  );
  const [overdue] = rowsOf<{ cents: string | number; count: number }>(
    await db.execute(sql`SELECT coalesce(sum(p.amount_cents), 0)::bigint AS cents, count(*)::int AS count
      FROM card_payables p WHERE p.agency_id = ${params.agencyId} AND p.paid_on IS NULL AND p.due_date < ${params.today}::date
        ${params.cardId ? sql`AND p.card_id = ${params.cardId}` : sql``}`),
  );
  return { rows, days, overdue: overdue ?? { cents: 0, count: 0 } };
}

export async function getPayableRow(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<PayableRow>(
    await db.execute(sql`SELECT ${PAYABLE_COLUMNS} ${PAYABLE_FROM} WHERE p.agency_id = ${agencyId} AND p.id = ${id}`),
  );
  return row ?? null;
}

/** The instalment, locked (two "Marcar como pago" of it queue; the second finds it paid). */
export async function lockPayable(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<{
    id: string;
    lot_id: string;
    amount_cents: string | number;
    paid_on: string | null;
    entry_id: string | null;
    instalment: number;
    instalments: number;
    card_name: string;
    due_date: string;
  }>(
    await db.execute(sql`SELECT p.id, p.lot_id, p.amount_cents::bigint AS amount_cents, p.paid_on::text AS paid_on, p.entry_id,
        p.instalment, p.instalments, k.name AS card_name, p.due_date::text AS due_date
      FROM card_payables p JOIN cards k ON k.agency_id = p.agency_id AND k.id = p.card_id
      JOIN mile_lots l ON l.agency_id = p.agency_id AND l.id = p.lot_id AND l.deleted_at IS NULL
      WHERE p.agency_id = ${agencyId} AND p.id = ${id} FOR NO KEY UPDATE OF p`),
  );
  return row ?? null;
}

/** Posts the instalment as a lot_purchase cash expense on `day`, and marks it paid with that posting. */
export async function payPayable(
  db: Db,
  params: { agencyId: string; userId: string | null; id: string; entryId: string; day: string; description: string },
) {
  await db.execute(sql`WITH entry AS (
      INSERT INTO financial_entries (id, agency_id, ref_type, lot_id, kind, category, amount_cents, description,
        payment_method, entry_date, created_by)
      SELECT ${params.entryId}, p.agency_id, 'lot', p.lot_id, 'expense', 'lot_purchase', -p.amount_cents, ${params.description},
        'card', ${params.day}::date, ${params.userId}
      FROM card_payables p WHERE p.agency_id = ${params.agencyId} AND p.id = ${params.id}
      RETURNING id
    )
    UPDATE card_payables SET paid_on = ${params.day}::date, entry_id = (SELECT id FROM entry)
    WHERE agency_id = ${params.agencyId} AND id = ${params.id}`);
}

/** Undoes a payment: the instalment is to pay again, and the cash expense it posted is deleted. */
export async function reopenPayable(db: Db, params: { agencyId: string; id: string; entryId: string | null }) {
  await db.execute(sql`UPDATE card_payables SET paid_on = NULL, entry_id = NULL
    WHERE agency_id = ${params.agencyId} AND id = ${params.id}`);
  if (params.entryId) await deleteEntryRow(db, { agencyId: params.agencyId, id: params.entryId });
}

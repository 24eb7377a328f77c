import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Lot, LotAllocation, LotSort, LotSortOrder, LotStatus } from '../../domain/lots/lot.schema';
import {
  costPerMileFromPerThousand,
  milesCostCents,
  numericToScaled,
  scaledToNumeric,
} from '../../domain/lots/lot.rules';
import { divRoundHalfAwayFromZero } from '../../domain/money';
import { escapeLike } from '../../domain/search';
import type { ProgramKey } from '../../domain/programs';
import type { Db } from '../db/client';
import {
  clients,
  emission_allocations,
  emissions,
  financial_entries,
  lot_search,
  lot_search_matches,
  lot_totals,
  loyalty_accounts,
  mile_lots,
} from '../db/schema';
import { rowsOf } from '../db/rows';
import { lockLiveRows, restoreRows, softDeleteRows } from '../db/soft-delete';

export type LotTableRow = typeof mile_lots.$inferSelect;

// The lot's own columns with its account and client.
const LOT_COLUMNS = getTableColumns(mile_lots);
const LOT_ROW_COLUMNS = {
  ...LOT_COLUMNS,
  account_nickname: loyalty_accounts.nickname,
  client_id: loyalty_accounts.client_id,
  client_name: clients.name,
};
export type LotRow = LotTableRow & {
  account_nickname: string | null;
  client_id: string | null;
  client_name: string | null;
};

/**
 * The API's Lot (lotSchema). The mile_lots_status check holds status to LOT_STATUSES, and the
 * account's foreign key holds program to its account's, which loyalty_accounts_program holds to the catalogue.
 */
export function toLotDto(r: LotRow): Lot {
  return {
    id: r.id,
    account_id: r.account_id,
    program: r.program as ProgramKey,
    account_number: r.account_number,
    account_nickname: r.account_nickname,
    client_id: r.client_id,
    client_name: r.client_name,
    original_quantity: r.original_quantity,
    remaining_quantity: r.remaining_quantity,
    used_quantity: r.original_quantity - r.remaining_quantity,
    cost_per_mile: costPerMileFromPerThousand(r.cost_per_thousand),
    cost_per_thousand: r.cost_per_thousand,
    total_cost_cents: r.total_cost_cents,
    remaining_value_cents: milesCostCents(r.remaining_quantity, r.cost_per_thousand),
    purchase_date: r.purchase_date,
    expiry_date: r.expiry_date,
    supplier: r.supplier,
    supplier_id: r.supplier_id,
    notes: r.notes,
    status: r.status as LotStatus,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

function selectLotRows(db: Db) {
  return db
    .select(LOT_ROW_COLUMNS)
    .from(mile_lots)
    .innerJoin(
      loyalty_accounts,
      and(eq(loyalty_accounts.id, mile_lots.account_id), eq(loyalty_accounts.agency_id, mile_lots.agency_id)),
    )
    .leftJoin(
      clients,
      and(eq(clients.id, loyalty_accounts.client_id), eq(clients.agency_id, loyalty_accounts.agency_id)),
    );
}

// ---------------------------------------------------------------------------------------------
// The list: filters, order, totals

export interface LotFilters {
  agencyId: string;
  search?: string;
  program?: ProgramKey;
  status?: LotStatus;
}

export interface LotOrder {
  sort: LotSort;
  order: LotSortOrder;
}

/**
 * A search as lower-case, accent-free words (the same folding as search_text's translate()),
 * at most 8; each must appear in the supplier, notes or account number. Unlike the clients'
 * search, punctuation stays: account numbers are stored as typed ("TP-123").
 */
export function lotSearchWords(search: string | undefined): string[] {
  return (search ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** Conditions on the lot_search view; a search is a semi-join to its matches (searchWhere). */
function filterWhere(params: LotFilters): SQL {
  const { agencyId, program, status } = params;
  const conditions: SQL[] = [eq(lot_search.agency_id, agencyId), isNull(lot_search.deleted_at)];
  if (program) conditions.push(eq(lot_search.program, program));
  if (status) conditions.push(eq(lot_search.status, status));
  if (isSearched(params)) {
    conditions.push(
      sql`${lot_search.id} IN (SELECT ${lot_search_matches.lot_id} FROM ${lot_search_matches} WHERE ${searchWhere(params)})`,
    );
  }
  return and(...conditions)!;
}

/**
 * Conditions on the lot_search_matches view, where LIKE can use the trigram index on
 * lot_search_entries.search_text: one LIKE per word, each word anywhere in supplier, notes or
 * account number.
 */
function searchWhere({ agencyId, search, program, status }: LotFilters): SQL {
  const conditions: SQL[] = [eq(lot_search_matches.agency_id, agencyId), isNull(lot_search_matches.deleted_at)];
  if (program) conditions.push(eq(lot_search_matches.program, program));
  if (status) conditions.push(eq(lot_search_matches.status, status));
  for (const word of lotSearchWords(search))
    conditions.push(sql`${lot_search_matches.search_text} LIKE ${`%${escapeLike(word)}%`}`);
  return and(...conditions)!;
}

export const isSearched = (f: Pick<LotFilters, 'search'>) => lotSearchWords(f.search).length > 0;

type OrderColumn = AnyPgColumn | SQL;

interface OrderColumns {
  id: OrderColumn;
  program: OrderColumn;
  remaining_quantity: OrderColumn;
  cost_per_thousand: OrderColumn;
  expiry_date: OrderColumn;
  status: OrderColumn;
}

interface OrderClause {
  column: OrderColumn;
  descending: boolean;
  nullsFirst: boolean;
}

/**
 * The sort key, then id, in one direction: each order is one of mile_lots' list indexes
 * (mile_lots_list_*_idx: agency_id, the key, id) read forwards or backwards. A lot without expiry
 * comes last in both directions of the expiry order (its own pair of indexes); other keys are
 * never null. Cost per mile sorts by the cost per
 * thousand, which orders the same. Programs sort by key.
 */
function orderClauses({ sort, order }: LotOrder, t: OrderColumns): OrderClause[] {
  const descending = order === 'desc';
  const key = {
    program: t.program,
    remaining_quantity: t.remaining_quantity,
    cost_per_mile: t.cost_per_thousand,
    expiry_date: t.expiry_date,
    status: t.status,
  }[sort];
  // PostgreSQL's defaults (ASC NULLS LAST, DESC NULLS FIRST) are what an ascending index gives read either way.
  const nullsFirst = sort === 'expiry_date' ? false : descending;
  return [key, t.id].map((column) => ({ column, descending, nullsFirst }));
}

/** The same order read from the other end. */
const reversed = (clauses: OrderClause[]) =>
  clauses.map((c) => ({ ...c, descending: !c.descending, nullsFirst: !c.nullsFirst }));

const orderSql = (clauses: OrderClause[]) =>
  clauses.map(
    (c) => sql`${c.column} ${sql.raw(c.descending ? 'DESC' : 'ASC')} NULLS ${sql.raw(c.nullsFirst ? 'FIRST' : 'LAST')}`,
  );

export interface LotTotals {
  total: number;
  total_miles: number;
  total_value_cents: number;
  avg_cost_per_mile: string | null;
  expiring_lots: number;
}

interface ExpiringWindow {
  today: string;
  expiringUntil: string;
}

/**
 * The list's four cards over the whole filtered set (not only the page), and the number of
 * matching lots. Only available lots count to miles, value, average cost and expiring (spec
 * part 1 §4 counting rules). Value = Σ remaining × CPM, each lot rounded to centavos as its
 * remaining_value_cents is; the average cost per mile is weighted by remaining miles; expiring =
 * from today to `expiringUntil` (isExpiringSoon).
 *
 * This is the unsearched list's (all lots, or one program and/or status): the sums come from
 * lot_totals (kept per statement by the triggers on mile_lots) and the expiring lots from the
 * (agency, status, expiry) index, so no request reads every lot. A search sums its matches in
 * searchLots.
 */
export async function getLotTotals(db: Db, params: Omit<LotFilters, 'search'> & ExpiringWindow): Promise<LotTotals> {
  const available = sql`${lot_totals.status} = 'available'`;
  const [sums] = await db
    .select({
      total: sql<number>`coalesce(sum(${lot_totals.lots}), 0)`.mapWith(Number),
      total_miles: sql<number>`coalesce(sum(${lot_totals.remaining_miles}) FILTER (WHERE ${available}), 0)`.mapWith(
        Number,
      ),
      total_value_cents:
        sql<number>`coalesce(sum(${lot_totals.remaining_value_cents}) FILTER (WHERE ${available}), 0)`.mapWith(Number),
      avg_cost_per_mile: sql<string | null>`round(
        sum(${lot_totals.remaining_cost}) FILTER (WHERE ${available})
        / nullif(sum(${lot_totals.remaining_miles}) FILTER (WHERE ${available}), 0) / 1000, 4)::text`,
    })
    .from(lot_totals)
    .where(
      and(
        eq(lot_totals.agency_id, params.agencyId),
        ...(params.program ? [eq(lot_totals.program, params.program)] : []),
        ...(params.status ? [eq(lot_totals.status, params.status)] : []),
      ),
    );
  const expiring = !params.status || params.status === 'available' ? await countExpiringLots(db, params) : 0;
  return {
    ...(sums ?? { total: 0, total_miles: 0, total_value_cents: 0, avg_cost_per_mile: null }),
    expiring_lots: expiring,
  };
}

/** Available lots expiring from today to `expiringUntil`, through mile_lots_agency_status_idx. */
export async function countExpiringLots(
  db: Db,
  params: { agencyId: string; program?: ProgramKey } & ExpiringWindow,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mile_lots)
    .where(
      and(
        eq(mile_lots.agency_id, params.agencyId),
        eq(mile_lots.status, 'available'),
        sql`${mile_lots.expiry_date} >= ${params.today}`,
        sql`${mile_lots.expiry_date} <= ${params.expiringUntil}`,
        isNull(mile_lots.deleted_at),
        ...(params.program ? [eq(mile_lots.program, params.program)] : []),
      ),
    );
  return row?.n ?? 0;
}

const M = {
  id: sql.raw('m.id'),
  program: sql.raw('m.program'),
  remaining_quantity: sql.raw('m.remaining_quantity'),
  cost_per_thousand: sql.raw('m.cost_per_thousand'),
  expiry_date: sql.raw('m.expiry_date'),
  status: sql.raw('m.status'),
};

/**
 * A searched list in one pass on lot_search_entries (no mile_lots row is read): the matches,
 * found through the trigram index, gathered once (MATERIALIZED), then both summed for the cards
 * and sorted for the page's ids, as the clients' search does
 * (docs/decisions/0004-client-list-at-scale.md). Only the page's rows come from mile_lots.
 */
export async function searchLots(
  db: Db,
  params: LotFilters & LotOrder & ExpiringWindow & { offset: number; limit: number },
): Promise<{ totals: LotTotals; ids: string[] }> {
  const matches = db
    .select({
      // Named id in the CTE (drizzle selects a column under its own name, lot_id).
      id: sql<string>`${lot_search_matches.lot_id}`.as('id'),
      program: lot_search_matches.program,
      status: lot_search_matches.status,
      remaining_quantity: lot_search_matches.remaining_quantity,
      cost_per_thousand: lot_search_matches.cost_per_thousand,
      expiry_date: lot_search_matches.expiry_date,
    })
    .from(lot_search_matches)
    .where(searchWhere(params));
  const result = await db.execute(sql`
    WITH m AS MATERIALIZED (${matches}),
    t AS (
      SELECT count(*) AS total,
        coalesce(sum(m.remaining_quantity) FILTER (WHERE m.status = 'available'), 0) AS total_miles,
        coalesce(sum(round(m.remaining_quantity * m.cost_per_thousand / 10)) FILTER (WHERE m.status = 'available'), 0) AS total_value_cents,
        round(sum(m.remaining_quantity * m.cost_per_thousand) FILTER (WHERE m.status = 'available')
          / nullif(sum(m.remaining_quantity) FILTER (WHERE m.status = 'available'), 0) / 1000, 4)::text AS avg_cost_per_mile,
        count(*) FILTER (WHERE m.status = 'available' AND m.expiry_date >= ${params.today} AND m.expiry_date <= ${params.expiringUntil}) AS expiring_lots
      FROM m
    ),
    p AS (SELECT m.id FROM m ORDER BY ${sql.join(orderSql(orderClauses(params, M)), sql`, `)} LIMIT ${params.limit} OFFSET ${params.offset})
    SELECT t.*, (SELECT coalesce(array_agg(p.id::text), '{}') FROM p) AS ids FROM t`);
  const row = rowsOf<Record<string, unknown>>(result)[0]!;
  return {
    totals: {
      total: Number(row.total),
      total_miles: Number(row.total_miles),
      total_value_cents: Number(row.total_value_cents),
      avg_cost_per_mile: (row.avg_cost_per_mile as string | null) ?? null,
      expiring_lots: Number(row.expiring_lots),
    },
    ids: row.ids as string[],
  };
}

/** Lots by id in list order, with their accounts and clients. */
export async function getLotsInOrder(
  db: Db,
  params: { agencyId: string; ids: string[] } & LotOrder,
): Promise<LotRow[]> {
  if (params.ids.length === 0) return [];
  return selectLotRows(db)
    .where(and(eq(mile_lots.agency_id, params.agencyId), inArray(mile_lots.id, params.ids)))
    .orderBy(...orderSql(orderClauses(params, mile_lots)));
}

/**
 * One page of the list. The page's ids come from the order's index on the lot_search view, read
 * from whichever end is nearer (the last page costs what the first does); then only those rows
 * are read from mile_lots, under row-level security, with their accounts and clients.
 */
export async function getLotsPage(
  db: Db,
  params: LotFilters & LotOrder & { offset: number; limit: number; total: number },
): Promise<LotRow[]> {
  const { offset, limit, total } = params;
  if (offset >= total || limit <= 0) return [];
  const end = Math.min(offset + limit, total);
  const fromEnd = total - end < offset;
  const clauses = orderClauses(params, lot_search);
  const pageIds = db
    .select({ id: lot_search.id })
    .from(lot_search)
    .where(filterWhere(params))
    .orderBy(...orderSql(fromEnd ? reversed(clauses) : clauses))
    .limit(end - offset)
    .offset(fromEnd ? total - end : offset);
  return selectLotRows(db)
    .where(and(eq(mile_lots.agency_id, params.agencyId), inArray(mile_lots.id, pageIds)))
    .orderBy(...orderSql(orderClauses(params, mile_lots)));
}

/** Every matching lot in list order (the CSV export), in one query, with the holder's CPF/CNPJ (the Excel form's). */
export async function getLotsForExport(db: Db, params: LotFilters & LotOrder) {
  const filtered = Boolean(params.program || params.status || isSearched(params));
  // selectLotRows' joins, with one column more.
  return db
    .select({ ...LOT_ROW_COLUMNS, client_document: clients.document })
    .from(mile_lots)
    .innerJoin(
      loyalty_accounts,
      and(eq(loyalty_accounts.id, mile_lots.account_id), eq(loyalty_accounts.agency_id, mile_lots.agency_id)),
    )
    .leftJoin(
      clients,
      and(eq(clients.id, loyalty_accounts.client_id), eq(clients.agency_id, loyalty_accounts.agency_id)),
    )
    .where(
      and(
        eq(mile_lots.agency_id, params.agencyId),
        isNull(mile_lots.deleted_at),
        ...(filtered
          ? [inArray(mile_lots.id, db.select({ id: lot_search.id }).from(lot_search).where(filterWhere(params)))]
          : []),
      ),
    )
    .orderBy(...orderSql(orderClauses(params, mile_lots)));
}

export async function getLot(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<LotRow | null> {
  const [row] = await selectLotRows(db)
    .where(and(eq(mile_lots.agency_id, agencyId), eq(mile_lots.id, id), isNull(mile_lots.deleted_at)))
    .limit(1);
  return row ?? null;
}

/** The lot row locked until the transaction ends, so no allocation moves its miles meanwhile. */
export async function lockLot(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select({
      ...LOT_COLUMNS,
      // Fed an emission or a transfer, or came of a credit (issue #23): its history stays.
      has_allocations: sql<boolean>`(EXISTS (SELECT 1 FROM emission_allocations a WHERE a.agency_id = mile_lots.agency_id AND a.lot_id = mile_lots.id)
        OR EXISTS (SELECT 1 FROM lot_withdrawals w WHERE w.agency_id = mile_lots.agency_id AND w.lot_id = mile_lots.id)
        OR EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = mile_lots.agency_id AND c.lot_id = mile_lots.id))`,
    })
    .from(mile_lots)
    .where(and(eq(mile_lots.agency_id, agencyId), eq(mile_lots.id, id), isNull(mile_lots.deleted_at)))
    .for('no key update');
  return row ?? null;
}

/**
 * A page of the emissions the lot has fed, newest first, cancelled ones (released) included as
 * history, and how many there are: read along emission_allocations_lot_idx (lot, created_at, id).
 */
export async function getLotAllocationsPage(
  db: Db,
  { agencyId, lotId, offset, limit }: { agencyId: string; lotId: string; offset: number; limit: number },
) {
  const where = and(eq(emission_allocations.agency_id, agencyId), eq(emission_allocations.lot_id, lotId));
  const [counted] = await db.select({ total: count() }).from(emission_allocations).where(where);
  const total = counted?.total ?? 0;
  if (offset >= total) return { rows: [], total };
  const rows = await db
    .select({
      id: emission_allocations.id,
      emission_id: emission_allocations.emission_id,
      emission_pnr: emissions.pnr,
      emission_route: emissions.route,
      emission_status: emissions.status,
      client_name: clients.name,
      miles: emission_allocations.miles,
      cost_per_thousand: emission_allocations.cost_per_thousand,
      cost_cents: emission_allocations.cost_cents,
      created_at: emission_allocations.created_at,
      released_at: emission_allocations.released_at,
    })
    .from(emission_allocations)
    .innerJoin(
      emissions,
      and(eq(emissions.id, emission_allocations.emission_id), eq(emissions.agency_id, emission_allocations.agency_id)),
    )
    .leftJoin(clients, and(eq(clients.id, emissions.client_id), eq(clients.agency_id, emissions.agency_id)))
    .where(where)
    .orderBy(desc(emission_allocations.created_at), desc(emission_allocations.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows satisfies LotAllocation[], total };
}

// ---------------------------------------------------------------------------------------------
// Writes

export interface LotValues {
  account_id: string;
  program: string;
  account_number: string;
  original_quantity: number;
  remaining_quantity: number;
  total_cost_cents: number;
  cost_per_thousand: string;
  purchase_date: string;
  expiry_date: string | null;
  supplier: string | null;
  supplier_id: string | null;
  notes: string | null;
  status: LotStatus;
}

export async function insertLot(db: Db, { agencyId, values }: { agencyId: string; values: LotValues }) {
  const [row] = await db
    .insert(mile_lots)
    .values({ agency_id: agencyId, ...values })
    .returning({ id: mile_lots.id });
  return row!;
}

export async function updateLotRow(
  db: Db,
  { agencyId, id, values }: { agencyId: string; id: string; values: LotValues },
) {
  const [row] = await db
    .update(mile_lots)
    .set({ ...values, updated_at: sql`now()` })
    .where(and(eq(mile_lots.agency_id, agencyId), eq(mile_lots.id, id)))
    .returning({ id: mile_lots.id });
  return row ?? null;
}

export interface PurchaseEntry {
  lotId: string;
  amountCents: number;
  description: string;
  entryDate: string;
}

/** The purchase as an expense (negative), tied to the lot; it goes when the lot goes (ON DELETE CASCADE). */
export async function insertPurchaseEntry(
  db: Db,
  { agencyId, userId, entry }: { agencyId: string; userId: string | null; entry: PurchaseEntry },
) {
  await db.insert(financial_entries).values({
    agency_id: agencyId,
    ref_type: 'lot',
    lot_id: entry.lotId,
    kind: 'expense',
    category: 'lot_purchase',
    amount_cents: -entry.amountCents,
    description: entry.description,
    entry_date: entry.entryDate,
    created_by: userId,
  });
}

/** Keeps the lot's purchase entry equal to its cost; a lot without one (imported, generated) is left so. */
export async function updatePurchaseEntry(db: Db, { agencyId, entry }: { agencyId: string; entry: PurchaseEntry }) {
  await db
    .update(financial_entries)
    .set({ amount_cents: -entry.amountCents, description: entry.description, entry_date: entry.entryDate })
    .where(
      and(
        eq(financial_entries.agency_id, agencyId),
        eq(financial_entries.lot_id, entry.lotId),
        eq(financial_entries.ref_type, 'lot'),
        eq(financial_entries.category, 'lot_purchase'),
        isNull(financial_entries.deleted_at),
      ),
    );
}

export interface LotDeleteCandidate {
  id: string;
  program: string;
  original_quantity: number;
  has_allocations: boolean;
}

/**
 * The agency's live lots among `ids`, locked (in id order, as allocations lock them, so the two
 * never deadlock), each with whether any emission ever drew from it: with the lock held, no
 * allocation can arrive between this answer and the delete.
 */
export async function lockDeleteCandidates(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<LotDeleteCandidate[]> {
  if (ids.length === 0) return [];
  return deleteCandidates(db, { agencyId, ids }).for('update');
}

/** The same, without a lock: for asking before the confirmation. */
export async function getDeleteCandidates(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<LotDeleteCandidate[]> {
  if (ids.length === 0) return [];
  return deleteCandidates(db, { agencyId, ids });
}

function deleteCandidates(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }) {
  return db
    .select({
      id: mile_lots.id,
      program: mile_lots.program,
      original_quantity: mile_lots.original_quantity,
      // Fed an emission or a transfer, or came of a credit (issue #23): its history stays.
      has_allocations: sql<boolean>`(EXISTS (SELECT 1 FROM emission_allocations a WHERE a.agency_id = mile_lots.agency_id AND a.lot_id = mile_lots.id)
        OR EXISTS (SELECT 1 FROM lot_withdrawals w WHERE w.agency_id = mile_lots.agency_id AND w.lot_id = mile_lots.id)
        OR EXISTS (SELECT 1 FROM mile_credits c WHERE c.agency_id = mile_lots.agency_id AND c.lot_id = mile_lots.id))`,
    })
    .from(mile_lots)
    .where(and(eq(mile_lots.agency_id, agencyId), inArray(mile_lots.id, ids), isNull(mile_lots.deleted_at)))
    .orderBy(asc(mile_lots.id));
}

/** Real deletes; the purchase entries and alerts go with them (ON DELETE CASCADE). */
export async function deleteLotRows(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return db
    .delete(mile_lots)
    .where(and(eq(mile_lots.agency_id, agencyId), inArray(mile_lots.id, ids)))
    .returning({ id: mile_lots.id });
}

/**
 * "Marcar Expirados": available lots whose expiry day is before today become expired — the rule
 * of shouldMarkExpired (src/domain/lots/lot.rules.ts) in SQL. Locked in id order first.
 */
export async function markExpiredLots(
  db: Db,
  { agencyId, today }: { agencyId: string; today: string },
): Promise<number> {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT id FROM mile_lots
      WHERE agency_id = ${agencyId} AND status = 'available' AND expiry_date < ${today} AND deleted_at IS NULL
      ORDER BY id FOR NO KEY UPDATE
    )
    UPDATE mile_lots SET status = 'expired', updated_at = now()
    WHERE agency_id = ${agencyId} AND id IN (SELECT id FROM due)
    RETURNING id`);
  return rowsOf(result).length;
}

/** Available lots expiring on or before `until` (already past ones too, until marked), soonest first. */
export async function getExpiringLots(
  db: Db,
  { agencyId, until, limit }: { agencyId: string; until: string; limit: number },
) {
  return selectLotRows(db)
    .where(
      and(
        eq(mile_lots.agency_id, agencyId),
        eq(mile_lots.status, 'available'),
        sql`${mile_lots.expiry_date} <= ${until}`,
        isNull(mile_lots.deleted_at),
      ),
    )
    .orderBy(asc(mile_lots.expiry_date), asc(mile_lots.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Aggregates

const live = (agencyId: string) => and(eq(mile_lots.agency_id, agencyId), isNull(mile_lots.deleted_at))!;

/** Spec part 1 §3 "Lot utilisation stats", over every live lot whatever its status (from lot_totals). */
export async function getLotStatsSums(db: Db, { agencyId }: { agencyId: string }) {
  const t = lot_totals;
  const [row] = await db
    .select({
      total_lots: sql<number>`coalesce(sum(${t.lots}), 0)`.mapWith(Number),
      active_lots: sql<number>`coalesce(sum(${t.lots}) FILTER (WHERE ${t.status} = 'available'), 0)`.mapWith(Number),
      expired_lots: sql<number>`coalesce(sum(${t.lots}) FILTER (WHERE ${t.status} = 'expired'), 0)`.mapWith(Number),
      used_lots: sql<number>`coalesce(sum(${t.lots}) FILTER (WHERE ${t.status} = 'used'), 0)`.mapWith(Number),
      total_miles_purchased: sql<number>`coalesce(sum(${t.original_miles}), 0)`.mapWith(Number),
      total_miles_remaining: sql<number>`coalesce(sum(${t.remaining_miles}), 0)`.mapWith(Number),
      total_investment_cents: sql<number>`coalesce(sum(${t.total_cost_cents}), 0)`.mapWith(Number),
      remaining_value_cents: sql<number>`coalesce(sum(${t.remaining_value_cents}), 0)`.mapWith(Number),
    })
    .from(t)
    .where(eq(t.agency_id, agencyId));
  return row!;
}

/** Per program: every lot counted and bought; balance and average over available lots (from lot_totals). */
export async function getLotSummaryByProgram(db: Db, { agencyId }: { agencyId: string }) {
  const t = lot_totals;
  const available = sql`${t.status} = 'available'`;
  return db
    .select({
      program: t.program,
      total_lots: sql<number>`sum(${t.lots})`.mapWith(Number),
      total_miles: sql<number>`sum(${t.original_miles})`.mapWith(Number),
      remaining_miles: sql<number>`coalesce(sum(${t.remaining_miles}) FILTER (WHERE ${available}), 0)`.mapWith(Number),
      total_investment_cents: sql<number>`sum(${t.total_cost_cents})`.mapWith(Number),
      average_cost_per_mile: sql<string | null>`round(
        sum(${t.remaining_cost}) FILTER (WHERE ${available}) / nullif(sum(${t.remaining_miles}) FILTER (WHERE ${available}), 0) / 1000, 4)::text`,
    })
    .from(t)
    .where(eq(t.agency_id, agencyId))
    .groupBy(t.program)
    .having(sql`sum(${t.lots}) > 0`);
}

/** Per program, the available lots expiring from today to `expiringUntil`. */
export async function countExpiringLotsByProgram(
  db: Db,
  { agencyId, today, expiringUntil }: { agencyId: string } & ExpiringWindow,
) {
  return db
    .select({ program: mile_lots.program, n: sql<number>`count(*)`.mapWith(Number) })
    .from(mile_lots)
    .where(
      and(
        live(agencyId),
        eq(mile_lots.status, 'available'),
        sql`${mile_lots.expiry_date} >= ${today}`,
        sql`${mile_lots.expiry_date} <= ${expiringUntil}`,
      ),
    )
    .groupBy(mile_lots.program);
}

/**
 * Per program, the miles an emission could draw now (the allocation planner's isEligibleLot:
 * available, not past expiry) and their average cost weighted by those miles: lot_totals'
 * available lots less those already past their day (not yet marked expired), read through the
 * (agency, status, expiry) index — so no request reads every lot. Exact: sums of numeric.
 */
export async function getAvailableByProgram(
  db: Db,
  { agencyId, today, program }: { agencyId: string; today: string; program?: ProgramKey },
) {
  const kept = await db
    .select({
      program: lot_totals.program,
      lots: sql<number>`sum(${lot_totals.lots})`.mapWith(Number),
      miles: sql<number>`sum(${lot_totals.remaining_miles})`.mapWith(Number),
      cost: sql<string>`sum(${lot_totals.remaining_cost})::text`,
    })
    .from(lot_totals)
    .where(
      and(
        eq(lot_totals.agency_id, agencyId),
        eq(lot_totals.status, 'available'),
        ...(program ? [eq(lot_totals.program, program)] : []),
      ),
    )
    .groupBy(lot_totals.program);
  const overdue = await db
    .select({
      program: mile_lots.program,
      lots: sql<number>`count(*)`.mapWith(Number),
      miles: sql<number>`coalesce(sum(${mile_lots.remaining_quantity}), 0)`.mapWith(Number),
      cost: sql<string>`coalesce(sum(${mile_lots.remaining_quantity} * ${mile_lots.cost_per_thousand}), 0)::text`,
    })
    .from(mile_lots)
    .where(
      and(
        live(agencyId),
        eq(mile_lots.status, 'available'),
        sql`${mile_lots.expiry_date} < ${today}`,
        ...(program ? [eq(mile_lots.program, program)] : []),
      ),
    )
    .groupBy(mile_lots.program);
  const past = new Map(overdue.map((o) => [o.program, o]));
  return kept.flatMap((k) => {
    const o = past.get(k.program);
    const miles = k.miles - (o?.miles ?? 0);
    if (miles <= 0) return [];
    const cost = numericToScaled(k.cost) - (o ? numericToScaled(o.cost) : 0n);
    return [
      {
        program: k.program,
        available_lots: k.lots - (o?.lots ?? 0),
        available_miles: miles,
        average_cost_per_mile: scaledToNumeric(divRoundHalfAwayFromZero(cost, BigInt(miles) * 1000n)),
        average_cost_per_thousand: scaledToNumeric(divRoundHalfAwayFromZero(cost, BigInt(miles))),
      },
    ];
  });
}

/** A lot's purchase posting goes and comes back with it (softDeleteRows). */
const LOT_FOLLOWERS = [{ table: 'financial_entries', key: 'lot_id' }];

/**
 * Soft delete of the agency's live lots among `ids` that no live emission draws from (their miles
 * all released or never taken); the lots are locked first, in id order (lots before anything:
 * docs/decisions/0011-lock-order-and-retries.md). Each lot's purchase posting goes with it, with
 * the same deleted_at. Returns how many were deleted and how many kept for miles in use.
 */
export async function softDeleteLotRows(db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) {
  const locked = await lockLiveRows(db, { table: 'mile_lots', agencyId, ids });
  const deleted = await softDeleteRows(db, {
    table: 'mile_lots',
    agencyId,
    ids: locked,
    followers: LOT_FOLLOWERS,
    only: sql`NOT EXISTS (SELECT 1 FROM emission_allocations a WHERE a.agency_id = t.agency_id AND a.lot_id = t.id AND a.released_at IS NULL)`,
  });
  return { deleted, kept: locked.length - deleted };
}

/** Brings soft-deleted lots among `ids` back, with the postings deleted in the same instant. */
export const restoreLotRows = (db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) =>
  restoreRows(db, { table: 'mile_lots', agencyId, ids, followers: LOT_FOLLOWERS });

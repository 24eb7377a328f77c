import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  Client,
  ClientInput,
  ClientSort,
  ClientStatus,
  LoyaltyAccount,
  SortOrder,
} from '../../domain/clients/client.schema';
import type { ClientEmission } from '../../domain/emissions/emission.schema';
import type { ClientEmissionSums } from '../../domain/clients/client.rules';
import { escapeLike, normalizeSearch } from '../../domain/search';
import { getLoyaltyAccountsByClient, toLoyaltyAccountDto } from '../accounts/accounts.queries';
import type { Db } from '../db/client';
import {
  client_figures,
  client_search,
  client_search_by_figures,
  client_totals,
  clients,
  emissions,
  loyalty_accounts,
} from '../db/schema';
import { rowsOf } from '../db/rows';
import { restoreRows, softDeleteRows } from '../db/soft-delete';

/** A client with its emission figures (client_figures; a client just added has none yet). */
export type ClientRow = typeof clients.$inferSelect & {
  emissions_count: number;
  active_emissions_count: number;
  total_spent_cents: number;
  last_emission_at: string | null;
};

const NO_FIGURES = {
  emissions_count: 0,
  active_emissions_count: 0,
  total_spent_cents: 0,
  last_emission_at: null,
} as const;

/** Clients joined with their figures: every read of full client rows goes through this. */
function selectClientRows(db: Db) {
  return db
    .select({
      ...getTableColumns(clients),
      emissions_count: sql<number>`coalesce(${client_figures.emissions_count}, 0)`.mapWith(Number),
      active_emissions_count: sql<number>`coalesce(${client_figures.active_emissions_count}, 0)`.mapWith(Number),
      total_spent_cents: sql<number>`coalesce(${client_figures.total_spent_cents}, 0)`.mapWith(Number),
      last_emission_at: client_figures.last_emission_at,
    })
    .from(clients)
    .leftJoin(
      client_figures,
      and(eq(client_figures.agency_id, clients.agency_id), eq(client_figures.client_id, clients.id)),
    );
}

export interface ClientFilters {
  agencyId: string;
  search?: string;
  status?: ClientStatus;
}

export interface ClientOrder {
  sort: ClientSort;
  order: SortOrder;
}

/** The API's Client (clientSchema); the clients_status check holds status to CLIENT_STATUSES. */
export function toClientDto(c: ClientRow, accounts: LoyaltyAccount[]): Client {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    document: c.document,
    birth_date: c.birth_date,
    status: c.status as ClientStatus,
    tags: c.tags,
    notes: c.notes,
    anonymized_at: c.anonymized_at,
    emissions_count: c.emissions_count,
    active_emissions_count: c.active_emissions_count,
    total_spent_cents: c.total_spent_cents,
    last_emission_at: c.last_emission_at,
    created_at: c.created_at,
    updated_at: c.updated_at,
    loyalty_accounts: accounts,
  };
}

/**
 * A search's words as typed, normalised as search_text is built (lower-case, accent-free). A CPF
 * typed with its dots beside a name ("maria 529.982") is searched as digits too.
 */
export function typedSearchWords(search: string | undefined): string[] {
  const normalized = normalizeSearch(search ?? '');
  if (!normalized) return [];
  return normalized
    .split(' ')
    .filter(Boolean)
    .map((w) => (/^[\d.\-/]+$/.test(w) && /\d/.test(w) ? w.replace(/\D/g, '') : w));
}

/**
 * The words a search is answered by, at most 8: a word that another word of the search holds adds
 * nothing and is dropped ("mar maria" is answered as "maria"), as is a repeated one.
 */
export function searchWords(search: string | undefined): string[] {
  const words = [...new Set(typedSearchWords(search))];
  return words.filter((w) => !words.some((other) => other !== w && other.includes(w))).slice(0, 8);
}

const containsPattern = (word: string) => `%${escapeLike(word)}%`;

/**
 * Contains-search over search_text (lower-case, accent-free name, e-mail and document), one
 * condition per word so "jose silva" finds "José da Silva". Searches run on the client_search
 * view, where the trigram index on clients.search_text can serve them (under row-level security
 * LIKE could not use it: the view applies the tenant filter itself). A word of one or two characters
 * makes no trigram: as LIKE it would lead the planner to scan the whole index (or the table) for
 * it, so it is tested with strpos, the same contains-test, which the index does not take.
 */
export function searchConditions(search: string | undefined, v: SearchView = client_search): SQL[] {
  return searchWords(search).map((w) =>
    Array.from(w).length < 3
      ? sql`strpos(${v.search_text}, ${w}) > 0`
      : sql`${v.search_text} LIKE ${containsPattern(w)}`,
  );
}

type SearchView = typeof client_search | typeof client_search_by_figures;

/**
 * The view whose rows are read in the order's index: clients' for name and status, client_figures'
 * for the figure orders (the same columns; see the schema).
 */
const searchView = (sort: ClientSort): SearchView =>
  sort === 'emissions' || sort === 'total_spent' ? client_search_by_figures : client_search;

function searchWhere({ agencyId, search, status }: ClientFilters, v: SearchView = client_search): SQL {
  const conditions: SQL[] = [eq(v.agency_id, agencyId), isNull(v.deleted_at)];
  if (status) conditions.push(eq(v.status, status));
  conditions.push(...searchConditions(search, v));
  return and(...conditions)!;
}

const isFiltered = (f: ClientFilters) => Boolean(f.status) || searchConditions(f.search).length > 0;

interface SortColumns {
  status: AnyPgColumn;
  emissions_count: AnyPgColumn;
  total_spent_cents: AnyPgColumn;
  sort_name: AnyPgColumn;
  id: AnyPgColumn;
}

/** The sort columns of a client row read through selectClientRows. */
const clientRowSort: SortColumns = {
  status: clients.status,
  emissions_count: client_figures.emissions_count,
  total_spent_cents: client_figures.total_spent_cents,
  sort_name: clients.sort_name,
  id: clients.id,
};

/**
 * The sort key, then sort_name and id, all in one direction, so each order has an index to read
 * forwards or backwards (clients_list_name_idx and clients_list_status_idx on clients, the
 * emissions and total-spent ones on client_figures) and ties never make a row repeat or vanish
 * across pages.
 */
export function orderBy({ sort, order }: ClientOrder, t: SortColumns = clientRowSort): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const key = { name: [], status: [t.status], emissions: [t.emissions_count], total_spent: [t.total_spent_cents] }[
    sort
  ];
  return [...key, t.sort_name, t.id].map((c) => dir(c));
}

/**
 * The agency's whole live client base as client_totals keeps it, per statement, from the writes to
 * clients (the counts per status) and to client_figures (emissions and revenue): the list's summary
 * cards and the per-status counts, without scanning the clients.
 */
export async function getClientTotals(db: Db, { agencyId }: { agencyId: string }) {
  // The agency's stripes (by client id, 16 at most, rows of the primary key), summed.
  const [row] = await db
    .select({
      total_clients: sql<string>`coalesce(sum(${client_totals.total_clients}), 0)::text`,
      active_clients: sql<string>`coalesce(sum(${client_totals.active_clients}), 0)::text`,
      inactive_clients: sql<string>`coalesce(sum(${client_totals.inactive_clients}), 0)::text`,
      blocked_clients: sql<string>`coalesce(sum(${client_totals.blocked_clients}), 0)::text`,
      total_emissions: sql<string>`coalesce(sum(${client_totals.total_emissions}), 0)::text`,
      total_revenue_cents: sql<string>`coalesce(sum(${client_totals.total_revenue_cents}), 0)::text`,
    })
    .from(client_totals)
    .where(eq(client_totals.agency_id, agencyId));
  return {
    agency_id: agencyId,
    total_clients: Number(row?.total_clients ?? 0),
    active_clients: Number(row?.active_clients ?? 0),
    inactive_clients: Number(row?.inactive_clients ?? 0),
    blocked_clients: Number(row?.blocked_clients ?? 0),
    total_emissions: Number(row?.total_emissions ?? 0),
    total_revenue_cents: Number(row?.total_revenue_cents ?? 0),
  };
}

async function fetchRowsInOrder(
  db: Db,
  { agencyId, ids, order }: { agencyId: string; ids: string[]; order: ClientOrder },
): Promise<ClientRow[]> {
  if (ids.length === 0) return [];
  return selectClientRows(db)
    .where(and(eq(clients.agency_id, agencyId), inArray(clients.id, ids)))
    .orderBy(...orderBy(order));
}

/**
 * One page of an unsearched list (all clients, or one status). The page's ids come from the
 * order's index, an index-only scan read from whichever end is nearer, so the last page is as
 * cheap as the first; then only those rows are fetched. `total` comes from client_totals.
 */
export async function getClientsPage(
  db: Db,
  params: ClientFilters & ClientOrder & { offset: number; limit: number; total: number },
): Promise<ClientRow[]> {
  const { offset, limit, total } = params;
  if (offset >= total || limit <= 0) return [];
  const end = Math.min(offset + limit, total);
  const fromEnd = total - end < offset;
  const idsOrder = fromEnd
    ? { sort: params.sort, order: params.order === 'asc' ? ('desc' as const) : ('asc' as const) }
    : params;
  const v = searchView(params.sort);
  const pageIds = db
    .select({ id: v.id })
    .from(v)
    .where(searchWhere(params, v))
    .orderBy(...orderBy(idsOrder, v))
    .limit(end - offset)
    .offset(fromEnd ? total - end : offset);
  return selectClientRows(db)
    .where(and(eq(clients.agency_id, params.agencyId), inArray(clients.id, pageIds)))
    .orderBy(...orderBy(params));
}

const SORT_SQL: Record<ClientSort, string> = {
  name: '',
  status: 'status',
  emissions: 'emissions_count',
  total_spent: 'total_spent_cents',
};

/** The order's key columns, then sort_name and id, in one direction (as orderBy). */
function orderKeys({ sort, order }: ClientOrder, alias?: string): { columns: string[]; orderBy: SQL } {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const columns = [SORT_SQL[sort], 'sort_name', 'id'].filter(Boolean);
  return { columns, orderBy: sql.raw(columns.map((c) => `${alias ? `${alias}.` : ''}${c} ${dir}`).join(', ')) };
}

/** Up to this many matches a search's total is exact; beyond, the list says "mais de 1.000 clientes". */
export const SEARCH_COUNT_CAP = 1000;

export type SearchPageParams = ClientFilters & ClientOrder & { offset: number; limit: number };
/** A page of a search; `capped`: more than `total` clients match (the count stopped at the cap). */
type SearchPage = { rows: ClientRow[]; total: number; capped: boolean };

/**
 * One page of a searched list. The matches are counted up to `cap` + 1 through the client_search
 * view, where the trigram index serves the words of three characters or more (decision 0013).
 * Up to `cap`, they are gathered once (MATERIALIZED: the planner would otherwise often walk the
 * sort index testing LIKE row by row, slow when the matches sit far along that order, as a first
 * name does in name order), sorted, and the page cut from them; the total is exact. Beyond, so
 * many match that the page is near along the order's index: it is read there, testing each entry,
 * and the total says only "more than `cap`".
 */
export async function searchClientsPage(
  db: Db,
  params: SearchPageParams,
  cap: number = SEARCH_COUNT_CAP,
): Promise<SearchPage> {
  const where = searchWhere(params);
  const limited = db
    .select({ id: client_search.id })
    .from(client_search)
    .where(where)
    .limit(cap + 1);
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM (${limited}) m`));
  const n = counted?.n ?? 0;
  if (n === 0 || params.limit <= 0) return { rows: [], total: n, capped: false };
  if (n > cap) {
    const v = searchView(params.sort);
    const pageIds = db
      .select({ id: v.id })
      .from(v)
      .where(searchWhere(params, v))
      .orderBy(...orderBy(params, v))
      .limit(params.limit)
      .offset(params.offset);
    const rows = await selectClientRows(db)
      .where(and(eq(clients.agency_id, params.agencyId), inArray(clients.id, pageIds)))
      .orderBy(...orderBy(params));
    return { rows, total: cap, capped: true };
  }
  if (params.offset >= n) return { rows: [], total: n, capped: false };
  const matches = db
    .select({
      id: client_search.id,
      status: client_search.status,
      emissions_count: client_search.emissions_count,
      total_spent_cents: client_search.total_spent_cents,
      sort_name: client_search.sort_name,
    })
    .from(client_search)
    .where(where);
  const page = rowsOf<{ id: string }>(
    await db.execute(
      sql`WITH m AS MATERIALIZED (${matches}) SELECT m.id FROM m ORDER BY ${orderKeys(params, 'm').orderBy} LIMIT ${params.limit} OFFSET ${params.offset}`,
    ),
  );
  return {
    rows: await fetchRowsInOrder(db, { agencyId: params.agencyId, ids: page.map((r) => r.id), order: params }),
    total: n,
    capped: false,
  };
}

/** Every matching client in list order, with only the columns the CSV needs (one query). */
export async function getClientsForExport(db: Db, params: ClientFilters & ClientOrder) {
  return db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      phone: clients.phone,
      document: clients.document,
      birth_date: clients.birth_date,
      status: clients.status,
      emissions_count: sql<number>`coalesce(${client_figures.emissions_count}, 0)`.mapWith(Number),
      total_spent_cents: sql<number>`coalesce(${client_figures.total_spent_cents}, 0)`.mapWith(Number),
      created_at: clients.created_at,
      notes: clients.notes,
      tags: clients.tags,
    })
    .from(clients)
    .leftJoin(
      client_figures,
      and(eq(client_figures.agency_id, clients.agency_id), eq(client_figures.client_id, clients.id)),
    )
    .where(
      and(
        eq(clients.agency_id, params.agencyId),
        isNull(clients.deleted_at),
        ...(isFiltered(params)
          ? [inArray(clients.id, db.select({ id: client_search.id }).from(client_search).where(searchWhere(params)))]
          : []),
      ),
    )
    .orderBy(...orderBy(params));
}

export async function quickSearchClients(
  db: Db,
  { agencyId, q, limit }: { agencyId: string; q: string; limit: number },
) {
  const conditions = searchConditions(q);
  if (conditions.length === 0) return [];
  return db
    .select({
      id: client_search.id,
      name: client_search.name,
      document: client_search.document,
      email: client_search.email,
    })
    .from(client_search)
    .where(and(eq(client_search.agency_id, agencyId), isNull(client_search.deleted_at), ...conditions))
    .orderBy(asc(client_search.sort_name), asc(client_search.id))
    .limit(limit);
}

/** Ranked by "Total Gasto" (revenue of active emissions); cancelled and failed never rank. */
export async function getTopClients(db: Db, { agencyId, limit }: { agencyId: string; limit: number }) {
  return db
    .select({
      id: client_figures.client_id,
      name: clients.name,
      emissions: client_figures.active_emissions_count,
      revenue_cents: client_figures.total_spent_cents,
    })
    .from(client_figures)
    .innerJoin(clients, and(eq(clients.agency_id, client_figures.agency_id), eq(clients.id, client_figures.client_id)))
    .where(and(eq(client_figures.agency_id, agencyId), sql`${client_figures.active_emissions_count} > 0`))
    .orderBy(desc(client_figures.total_spent_cents), asc(client_figures.sort_name), asc(client_figures.client_id))
    .limit(limit);
}

export async function getClient(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<ClientRow | null> {
  const [row] = await selectClientRows(db)
    .where(and(eq(clients.agency_id, agencyId), eq(clients.id, id), isNull(clients.deleted_at)))
    .limit(1);
  return row ?? null;
}

/** Client rows with their loyalty accounts, as the API returns them. */
export async function withLoyaltyAccounts(
  db: Db,
  { agencyId, rows }: { agencyId: string; rows: ClientRow[] },
): Promise<Client[]> {
  const accounts = await getLoyaltyAccountsByClient(db, { agencyId, clientIds: rows.map((r) => r.id) });
  return rows.map((r) => toClientDto(r, (accounts.get(r.id) ?? []).map(toLoyaltyAccountDto)));
}

const ACTIVE_STATUSES = sql`('pending', 'processing', 'issued')`;

export async function getClientEmissionSums(
  db: Db,
  { agencyId, clientId }: { agencyId: string; clientId: string },
): Promise<ClientEmissionSums> {
  // Cancelled emissions are not the client's emissions (migration 0022, as client_figures counts);
  // what was received and is still owed comes from each emission's posted sums (migration 0024).
  const [row] = rowsOf<{
    total_emissions: number;
    active_emissions: number;
    active_revenue_cents: string;
    active_margin_cents: string;
    received_cents: string;
    receivable_cents: string;
    last_emission_at: string | null;
  }>(
    await db.execute(sql`
      SELECT (count(*) FILTER (WHERE e.status <> 'cancelled'))::int AS total_emissions,
        (count(*) FILTER (WHERE e.status IN ${ACTIVE_STATUSES}))::int AS active_emissions,
        coalesce(sum(e.revenue_cents) FILTER (WHERE e.status IN ${ACTIVE_STATUSES}), 0)::text AS active_revenue_cents,
        coalesce(sum(e.margin_cents) FILTER (WHERE e.status IN ${ACTIVE_STATUSES}), 0)::text AS active_margin_cents,
        coalesce(sum(r.posted_revenue_cents) FILTER (WHERE e.status IN ${ACTIVE_STATUSES}), 0)::text AS received_cents,
        coalesce(sum(reconciliation_outstanding(e.status, e.revenue_cents, coalesce(r.posted_revenue_cents, 0))), 0)::text
          AS receivable_cents,
        max(e.created_at)::text AS last_emission_at
      FROM emissions e
      LEFT JOIN emission_postings r ON r.agency_id = e.agency_id AND r.emission_id = e.id
      WHERE e.agency_id = ${agencyId} AND e.client_id = ${clientId} AND e.deleted_at IS NULL`),
  );
  return {
    total_emissions: row?.total_emissions ?? 0,
    active_emissions: row?.active_emissions ?? 0,
    active_revenue_cents: Number(row?.active_revenue_cents ?? 0),
    active_margin_cents: Number(row?.active_margin_cents ?? 0),
    received_cents: Number(row?.received_cents ?? 0),
    receivable_cents: Number(row?.receivable_cents ?? 0),
    last_emission_at: row?.last_emission_at ?? null,
  };
}

export async function getClientEmissionsPage(
  db: Db,
  { agencyId, clientId, offset, limit }: { agencyId: string; clientId: string; offset: number; limit: number },
) {
  const where = and(eq(emissions.agency_id, agencyId), eq(emissions.client_id, clientId), isNull(emissions.deleted_at));
  const [totalRow] = await db.select({ total: count() }).from(emissions).where(where);
  const total = totalRow?.total ?? 0;
  if (offset >= total) return { rows: [] as ClientEmission[], total };
  const rows = await db
    .select({
      id: emissions.id,
      pnr: emissions.pnr,
      route: emissions.route,
      program: loyalty_accounts.program,
      miles_used: emissions.miles_used,
      revenue_cents: emissions.revenue_cents,
      margin_cents: emissions.margin_cents,
      status: emissions.status,
      created_at: emissions.created_at,
    })
    .from(emissions)
    .innerJoin(
      loyalty_accounts,
      and(eq(loyalty_accounts.id, emissions.account_id), eq(loyalty_accounts.agency_id, emissions.agency_id)),
    )
    .where(where)
    .orderBy(desc(emissions.created_at), desc(emissions.id))
    .limit(limit)
    .offset(offset);
  // program and status are held to the catalogue and the statuses by loyalty_accounts_program and emissions_status.
  return { rows: rows as ClientEmission[], total };
}

type ClientFields = Omit<ClientInput, 'loyalty_accounts'>;

function clientValues(input: ClientFields) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    document: input.document,
    birth_date: input.birth_date,
    status: input.status,
    notes: input.notes,
    tags: input.tags,
  };
}

export async function insertClient(
  db: Db,
  { agencyId, input }: { agencyId: string; input: ClientFields },
): Promise<ClientRow> {
  const [row] = await db
    .insert(clients)
    .values({ agency_id: agencyId, ...clientValues(input) })
    .returning();
  return { ...row!, ...NO_FIGURES };
}

export async function updateClientRow(
  db: Db,
  { agencyId, id, input }: { agencyId: string; id: string; input: ClientFields },
) {
  const [row] = await db
    .update(clients)
    .set({ ...clientValues(input), updated_at: sql`now()` })
    .where(and(eq(clients.agency_id, agencyId), eq(clients.id, id), isNull(clients.deleted_at)))
    .returning({ id: clients.id });
  return row ? getClient(db, { agencyId, id }) : null;
}

/** Another live client of the agency with this CPF/CNPJ, if any. */
export async function findClientByDocument(
  db: Db,
  { agencyId, document, exceptId }: { agencyId: string; document: string; exceptId?: string },
) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(
      and(
        eq(clients.agency_id, agencyId),
        eq(clients.document, document),
        isNull(clients.deleted_at),
        ...(exceptId ? [ne(clients.id, exceptId)] : []),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface DeleteCandidate {
  id: string;
  name: string;
  has_emissions: boolean;
  has_lots: boolean;
}

/**
 * The agency's clients among `ids`, each with what keeps it from being deleted: any emission
 * (finance history, even one an import soft-deleted) or a lot in one of its loyalty accounts.
 */
export async function getDeleteCandidates(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<DeleteCandidate[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: clients.id,
      name: clients.name,
      // Written out: drizzle leaves selected columns unqualified, which the subqueries would misread.
      has_emissions: sql<boolean>`EXISTS (SELECT 1 FROM emissions e WHERE e.agency_id = clients.agency_id AND e.client_id = clients.id)`,
      has_lots: sql<boolean>`EXISTS (SELECT 1 FROM loyalty_accounts a JOIN mile_lots l ON l.account_id = a.id AND l.agency_id = a.agency_id
        WHERE a.agency_id = clients.agency_id AND a.client_id = clients.id)`,
    })
    .from(clients)
    .where(and(eq(clients.agency_id, agencyId), inArray(clients.id, ids), isNull(clients.deleted_at)))
    .orderBy(asc(clients.sort_name), asc(clients.id));
}

/** Real deletes; the clients' loyalty accounts go with them (foreign key ON DELETE CASCADE). */
export async function deleteClientRows(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  return db
    .delete(clients)
    .where(and(eq(clients.agency_id, agencyId), inArray(clients.id, ids)))
    .returning({ id: clients.id, name: clients.name });
}

/** A client's loyalty accounts go and come back with it (softDeleteRows). */
const CLIENT_FOLLOWERS = [{ table: 'loyalty_accounts', key: 'client_id', touch: true }];

/**
 * Soft delete (DESIGN.md §2: what an import undo removes): the agency's live clients among `ids`
 * and their live loyalty accounts, one instant for all. Client before accounts, as every write
 * (docs/decisions/0011-lock-order-and-retries.md). Returns the clients deleted.
 */
export const softDeleteClientRows = (db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) =>
  softDeleteRows(db, { table: 'clients', agencyId, ids, followers: CLIENT_FOLLOWERS });

/** Brings soft-deleted clients among `ids` back, with the loyalty accounts deleted in the same instant. */
export const restoreClientRows = (db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) =>
  restoreRows(db, { table: 'clients', agencyId, ids, followers: CLIENT_FOLLOWERS });

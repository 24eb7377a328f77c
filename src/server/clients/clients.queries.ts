import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ClientInput, ClientSort, ClientStatus, LoyaltyAccountInput, SortOrder } from '../../domain/clients/client.schema';
import type { ClientEmissionSums } from '../../domain/clients/client.rules';
import { PROGRAM_KEYS } from '../../domain/programs';
import { escapeLike, normalizeSearch } from '../../domain/search';
import type { Db } from '../db/client';
import { client_search, client_search_counts, client_search_matches, client_totals, clients, emissions, loyalty_accounts, mile_lots } from '../db/schema';
import { rowsOf, uuidArray } from '../db/rows';

export type ClientRow = typeof clients.$inferSelect;
export type LoyaltyAccountRow = typeof loyalty_accounts.$inferSelect;

export interface ClientFilters {
  agencyId: string;
  search?: string;
  status?: ClientStatus;
}

export interface ClientOrder {
  sort: ClientSort;
  order: SortOrder;
}

/** The API's loyalty account. */
export function toLoyaltyAccountDto(a: Pick<LoyaltyAccountRow, 'id' | 'program' | 'account_number' | 'nickname'>) {
  return { id: a.id, program: a.program, account_number: a.account_number, nickname: a.nickname };
}
export type LoyaltyAccountDto = ReturnType<typeof toLoyaltyAccountDto>;

/** The API's Client (contract of GET /api/v1/clients). */
export function toClientDto(c: ClientRow, accounts: LoyaltyAccountDto[]) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    document: c.document,
    birth_date: c.birth_date,
    status: c.status,
    tags: c.tags,
    notes: c.notes,
    emissions_count: c.emissions_count,
    active_emissions_count: c.active_emissions_count,
    total_spent_cents: c.total_spent_cents,
    last_emission_at: c.last_emission_at,
    created_at: c.created_at,
    updated_at: c.updated_at,
    loyalty_accounts: accounts,
  };
}
export type ClientDto = ReturnType<typeof toClientDto>;

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
 * view, where the trigram index can serve them (migration 0005). A word of one or two characters
 * makes no trigram: as LIKE it would lead the planner to scan the whole index (or the table) for
 * it, so it is tested with strpos, the same contains-test, which the index does not take.
 */
export function searchConditions(search: string | undefined): SQL[] {
  return searchWords(search).map((w) =>
    [...w].length < 3 ? sql`strpos(${client_search.search_text}, ${w}) > 0` : sql`${client_search.search_text} LIKE ${containsPattern(w)}`,
  );
}

function searchWhere({ agencyId, search, status }: ClientFilters): SQL {
  const conditions: SQL[] = [eq(client_search.agency_id, agencyId), isNull(client_search.deleted_at)];
  if (status) conditions.push(eq(client_search.status, status));
  conditions.push(...searchConditions(search));
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

/**
 * The sort key, then sort_name and id, all in one direction, so each order has an index to read
 * forwards or backwards (migration 0004) and ties never make a row repeat or vanish across pages.
 */
export function orderBy({ sort, order }: ClientOrder, t: SortColumns = clients): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const key = { name: [], status: [t.status], emissions: [t.emissions_count], total_spent: [t.total_spent_cents] }[sort];
  return [...key, t.sort_name, t.id].map((c) => dir(c));
}

/**
 * The agency's whole live client base, as kept by migration 0005's triggers: the list's summary
 * cards and the per-status counts, without scanning the clients.
 */
export async function getClientTotals(db: Db, { agencyId }: { agencyId: string }) {
  // The agency's stripes (migration 0008), at most 16 rows of the primary key, summed.
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

async function fetchRowsInOrder(db: Db, agencyId: string, ids: string[], order: ClientOrder): Promise<ClientRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(clients)
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
  const idsOrder = fromEnd ? { sort: params.sort, order: params.order === 'asc' ? ('desc' as const) : ('asc' as const) } : params;
  const pageIds = db
    .select({ id: client_search.id })
    .from(client_search)
    .where(searchWhere(params))
    .orderBy(...orderBy(idsOrder, client_search))
    .limit(end - offset)
    .offset(fromEnd ? total - end : offset);
  return db
    .select()
    .from(clients)
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

const reversed = (o: ClientOrder): ClientOrder => ({ sort: o.sort, order: o.order === 'asc' ? 'desc' : 'asc' });

/** Up to this many matches, a searched page is cut from the sorted matches; beyond, from the order's index. */
export const SEARCH_SORT_CAP = 2000;

/** client_search_counts holds every string of search_text up to this long (migration 0009). */
const COUNTED_LENGTH = 3;
/** A word's biggest e-mail domains, up to this many, are each read along their own index in list order. */
const MAX_DOMAIN_ARMS = 6;

type SearchPageParams = ClientFilters & ClientOrder & { offset: number; limit: number };
type SearchPage = { rows: ClientRow[]; total: number };


/**
 * One page of a searched list and the number of matches, both exact. A single word is answered
 * from what migration 0009 keeps (searchOneWord); several words, or a word with an "@" inside, as
 * below: up to `cap` matches are gathered once through the trigram index (MATERIALIZED: the
 * planner would otherwise often walk the sort index testing LIKE row by row, slow when the matches
 * sit far along that order, as a first name does in name order), counted by a window and sorted.
 * A broader search, or one whose words all have one or two characters (no trigram finds them), is
 * answered by one read along the order's index (scanSearchPage).
 */
export async function searchClientsPage(db: Db, params: SearchPageParams, cap: number = SEARCH_SORT_CAP): Promise<SearchPage> {
  const words = searchWords(params.search);
  if (words.length === 1) {
    const page = await searchOneWord(db, params, words[0]!, cap);
    if (page) return page;
  }
  const counts = await getCountsOfWords(db, params, words);
  if (counts?.expected === 0) return { rows: [], total: 0 };
  // Tested rarest first, so the others are tested on fewer entries: by kept count, else longest first.
  const rarestFirst = counts ? [...words].sort((a, b) => counts.of.get(a)! - counts.of.get(b)!) : [...words].sort((a, b) => b.length - a.length);
  const scan = () => scanSearchPage(db, params, rarestFirst);
  // No trigram index finds any of these words, or too many match to gather: one read along the order's index.
  if (words.every((w) => [...w].length < 3) || (counts && counts.expected > cap)) return scan();
  const matches = db
    .select({
      id: client_search.id,
      status: client_search.status,
      emissions_count: client_search.emissions_count,
      total_spent_cents: client_search.total_spent_cents,
      sort_name: client_search.sort_name,
    })
    .from(client_search)
    .where(searchWhere(params))
    .limit(cap + 1);
  const page = rowsOf<{ id: string; total: string | number | bigint }>(
    await db.execute(
      sql`WITH m AS MATERIALIZED (${matches})
        SELECT m.id, count(*) OVER () AS total FROM m ORDER BY ${orderKeys(params, 'm').orderBy} LIMIT ${params.limit} OFFSET ${params.offset}`,
    ),
  );
  // A page past the gathered matches says nothing of how many there are: the scan tells.
  if (page.length === 0) return params.offset > 0 ? scan() : { rows: [], total: 0 };
  const seen = Number(page[0]!.total);
  if (seen > cap) return scan();
  return { rows: await fetchRowsInOrder(db, params.agencyId, page.map((r) => r.id), params), total: seen };
}

/**
 * The kept counts of several words of up to COUNTED_LENGTH characters (undefined when one is
 * longer), and how many clients they should match together as if they occurred independently: 0
 * when one of them matches no client (then exactly). They only choose how a search is read.
 */
async function getCountsOfWords(db: Db, { agencyId, status }: ClientFilters, words: string[]) {
  if (words.some((w) => [...w].length > COUNTED_LENGTH)) return undefined;
  const t = client_search_counts;
  const everyone = status ? client_totals[`${status}_clients`] : client_totals.total_clients;
  const rows = await db
    .select({
      term: t.term,
      count: countOf(status),
      everyone: sql<string>`(SELECT coalesce(sum(${everyone}), 0) FROM ${client_totals} WHERE ${client_totals.agency_id} = ${agencyId})`,
    })
    .from(t)
    .where(and(eq(t.agency_id, agencyId), eq(t.kind, 'g'), inArray(t.term, words)));
  const of = new Map(words.map((w) => [w, Number(rows.find((r) => r.term === w)?.count ?? 0)]));
  const all = Number(rows[0]?.everyone ?? 0);
  const expected = [...of.values()].reduce((e, n) => (all === 0 ? 0 : (e * n) / all), all);
  return { of, expected };
}

/**
 * A page and the total of a search no kept count answers and too broad to gather, from one read of
 * the agency's entries along the order's index, testing search_text there (client_list_scan,
 * migration 0010).
 */
async function scanSearchPage(db: Db, params: SearchPageParams, words: string[]): Promise<SearchPage> {
  const patterns = JSON.stringify(words.map(containsPattern));
  const [scanned] = rowsOf<{ ids: string; total: string | number }>(
    await db.execute(
      sql`SELECT array_to_string(ids, ',') AS ids, total FROM client_list_scan(${params.agencyId}::uuid, ${params.status ?? null}::text,
        ARRAY(SELECT jsonb_array_elements_text(${patterns}::jsonb)), ${params.sort}::text, ${params.order === 'desc'}::boolean,
        ${params.offset}::integer, ${params.limit}::integer)`,
    ),
  );
  const ids = scanned!.ids ? scanned!.ids.split(',') : [];
  return { rows: await fetchRowsInOrder(db, params.agencyId, ids, params), total: Number(scanned!.total) };
}

/**
 * The page of a search too broad to gather, read along its order's index testing search_text
 * there (client_list_walk, migration 0009) from whichever end is nearer, as getClientsPage; the
 * rows in the same statement.
 */
async function walkSearchPage(db: Db, params: SearchPageParams & { total: number }): Promise<ClientRow[]> {
  const { offset, limit, total } = params;
  if (offset >= total || limit <= 0) return [];
  const end = Math.min(offset + limit, total);
  const fromEnd = total - end < offset;
  const order = fromEnd ? reversed(params) : params;
  const patterns = JSON.stringify(searchWords(params.search).map(containsPattern));
  const pageIds = sql`SELECT w FROM client_list_walk(${params.agencyId}::uuid, ${params.status ?? null}::text,
    ARRAY(SELECT jsonb_array_elements_text(${patterns}::jsonb)), ${order.sort}::text, ${order.order === 'desc'}::boolean,
    ${fromEnd ? total - end : offset}::integer, ${end - offset}::integer) AS w`;
  return db
    .select()
    .from(clients)
    .where(and(eq(clients.agency_id, params.agencyId), sql`${clients.id} IN (${pageIds})`))
    .orderBy(...orderBy(params));
}

/** The count column of client_search_counts for a status filter (all statuses without one). */
const countOf = (status: ClientStatus | undefined): SQL =>
  status
    ? sql`${client_search_counts[status]}`
    : sql`(${client_search_counts.active} + ${client_search_counts.inactive} + ${client_search_counts.blocked})`;

/**
 * What client_search_counts holds for a word, in one read: with `counted`, the live clients (of
 * the status) whose search_text holds it (kept for words of up to COUNTED_LENGTH characters); with
 * `domains`, the agency's e-mail domains ("@gmail.com") holding it and their live clients, most first.
 */
async function getWordCounts(db: Db, { agencyId, status }: ClientFilters, word: string, want: { counted: boolean; domains: boolean }) {
  if (!want.counted && !want.domains) return { counted: undefined, domains: [] };
  const t = client_search_counts;
  const n = countOf(status);
  const rows = await db
    .select({ kind: t.kind, term: t.term, count: n })
    .from(t)
    .where(
      and(
        eq(t.agency_id, agencyId),
        or(
          ...(want.counted ? [and(eq(t.kind, 'g'), eq(t.term, word))] : []),
          ...(want.domains ? [and(eq(t.kind, 'd'), sql`${t.term} LIKE ${containsPattern(word)}`, sql`${n} > 0`)] : []),
        ),
      ),
    );
  const domains = rows
    .filter((r) => r.kind === 'd')
    .map((r) => ({ domain: r.term, count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || (a.domain < b.domain ? -1 : 1));
  const gram = rows.find((r) => r.kind === 'g');
  return { counted: want.counted ? Number(gram?.count ?? 0) : undefined, domains };
}

/** Live entries (of the status) whose search_text holds `word` but for their e-mail domain. */
function ownOnlyWhere({ agencyId, status }: ClientFilters, word: string): SQL {
  const m = client_search_matches;
  const like = containsPattern(word);
  return and(
    eq(m.agency_id, agencyId),
    isNull(m.deleted_at),
    ...(status ? [eq(m.status, status)] : []),
    sql`${m.search_own} LIKE ${like}`,
    sql`(${m.email_domain} IS NULL OR ${m.email_domain} NOT LIKE ${like})`,
  )!;
}

async function countOwnOnly(db: Db, params: ClientFilters, word: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(client_search_matches).where(ownOnlyWhere(params, word));
  return row?.n ?? 0;
}

/**
 * The page of a word found in e-mail domains: each of its biggest domains' clients read along that
 * domain's index in list order (index-only), the other domains' clients and the few matching
 * outside their domain gathered and sorted, and these runs merged, from the nearer end, up to the
 * page's last row; the rows in the same statement.
 */
async function domainsPage(
  db: Db,
  params: SearchPageParams & { total: number },
  word: string,
  arms: string[],
  others: string[],
): Promise<ClientRow[]> {
  const { offset, limit, total, agencyId, status } = params;
  if (offset >= total || limit <= 0) return [];
  const end = Math.min(offset + limit, total);
  const fromEnd = total - end < offset;
  const order = fromEnd ? reversed(params) : params;
  const skip = fromEnd ? total - end : offset;
  const take = skip + (end - offset);
  const { columns, orderBy: runOrder } = orderKeys(order);
  const live = sql`agency_id = ${agencyId} AND deleted_at IS NULL${status ? sql` AND status = ${status}` : sql``}`;
  const run = (where: SQL) =>
    sql`(SELECT ${sql.raw(columns.join(', '))} FROM client_search WHERE ${live} AND ${where} ORDER BY ${runOrder} LIMIT ${take})`;
  const runs = [
    ...arms.map((domain) => run(sql`email_domain = ${domain}`)),
    ...(others.length > 0 ? [run(sql`email_domain IN ${others}`)] : []),
    run(sql`id IN (SELECT client_id FROM own)`),
  ];
  const ownIds = db.select({ client_id: client_search_matches.client_id }).from(client_search_matches).where(ownOnlyWhere(params, word));
  const pageIds = sql`WITH own AS MATERIALIZED (${ownIds})
    SELECT u.id FROM (${sql.join(runs, sql` UNION ALL `)}) u ORDER BY ${orderKeys(order, 'u').orderBy} LIMIT ${end - offset} OFFSET ${skip}`;
  return db
    .select()
    .from(clients)
    .where(and(eq(clients.agency_id, agencyId), sql`${clients.id} IN (${pageIds})`))
    .orderBy(...orderBy(params));
}

/**
 * A single word, exactly, without reading every match (migration 0009). Its count: up to
 * COUNTED_LENGTH characters, one row of client_search_counts; longer, the counts of the e-mail
 * domains holding it there plus its matches outside their domain, which the trigram index of
 * search_own finds (for "hotmail.com" or "gmail", none). A word without a space and without an "@"
 * but at its start is in search_text exactly when it is in search_own or in email_domain: the
 * split this relies on. Its page: a domain word's from domainsPage; a word of up to two characters
 * (no trigram to find it by), or counted beyond `cap`, read along the order's index; the rest as
 * any search (null: left to searchClientsPage).
 */
async function searchOneWord(db: Db, params: SearchPageParams, word: string, cap: number): Promise<SearchPage | null> {
  const length = [...word].length;
  const splits = word.indexOf('@', 1) === -1 && length > 2;
  const { counted, domains } = await getWordCounts(db, params, word, { counted: length <= COUNTED_LENGTH, domains: splits });
  if (counted === 0) return { rows: [], total: 0 };
  const walk = async (total: number): Promise<SearchPage> => ({ rows: await walkSearchPage(db, { ...params, total }), total });
  if (!splits) return counted === undefined ? null : walk(counted);
  if (domains.length === 0) return counted === undefined || counted <= cap ? null : walk(counted);

  const inDomains = domains.reduce((sum, d) => sum + d.count, 0);
  const ownOnly = counted === undefined ? await countOwnOnly(db, params, word) : counted - inDomains;
  const total = inDomains + ownOnly;
  const arms = domains.slice(0, MAX_DOMAIN_ARMS);
  const others = domains.slice(MAX_DOMAIN_ARMS);
  if (ownOnly + others.reduce((sum, d) => sum + d.count, 0) > cap) return walk(total);
  const rows = await domainsPage(
    db,
    { ...params, total },
    word,
    arms.map((d) => d.domain),
    others.map((d) => d.domain),
  );
  return { rows, total };
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
      emissions_count: clients.emissions_count,
      total_spent_cents: clients.total_spent_cents,
      created_at: clients.created_at,
      notes: clients.notes,
    })
    .from(clients)
    .where(
      and(
        eq(clients.agency_id, params.agencyId),
        isNull(clients.deleted_at),
        ...(isFiltered(params) ? [inArray(clients.id, db.select({ id: client_search.id }).from(client_search).where(searchWhere(params)))] : []),
      ),
    )
    .orderBy(...orderBy(params));
}

export async function quickSearchClients(db: Db, { agencyId, q, limit }: { agencyId: string; q: string; limit: number }) {
  const conditions = searchConditions(q);
  if (conditions.length === 0) return [];
  return db
    .select({ id: client_search.id, name: client_search.name, document: client_search.document, email: client_search.email })
    .from(client_search)
    .where(and(eq(client_search.agency_id, agencyId), isNull(client_search.deleted_at), ...conditions))
    .orderBy(asc(client_search.sort_name), asc(client_search.id))
    .limit(limit);
}

/** Ranked by "Total Gasto" (revenue of active emissions); cancelled and failed never rank. */
export async function getTopClients(db: Db, { agencyId, limit }: { agencyId: string; limit: number }) {
  return db
    .select({
      id: clients.id,
      name: clients.name,
      emissions: clients.active_emissions_count,
      revenue_cents: clients.total_spent_cents,
    })
    .from(clients)
    .where(and(eq(clients.agency_id, agencyId), isNull(clients.deleted_at), sql`${clients.active_emissions_count} > 0`))
    .orderBy(desc(clients.total_spent_cents), asc(clients.sort_name), asc(clients.id))
    .limit(limit);
}

export async function getClient(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.agency_id, agencyId), eq(clients.id, id), isNull(clients.deleted_at)))
    .limit(1);
  return row ?? null;
}

// Accounts saved together share created_at (the transaction's now()); the catalogue order settles them.
function byAddedThenCatalogue(a: LoyaltyAccountRow, b: LoyaltyAccountRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return PROGRAM_KEYS.indexOf(a.program as (typeof PROGRAM_KEYS)[number]) - PROGRAM_KEYS.indexOf(b.program as (typeof PROGRAM_KEYS)[number]);
}

/** Several clients' loyalty accounts in one query, grouped by client, in the order they were added. */
export async function getLoyaltyAccountsByClient(db: Db, { agencyId, clientIds }: { agencyId: string; clientIds: string[] }) {
  const byClient = new Map<string, LoyaltyAccountRow[]>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .select()
    .from(loyalty_accounts)
    .where(and(eq(loyalty_accounts.agency_id, agencyId), inArray(loyalty_accounts.client_id, clientIds), isNull(loyalty_accounts.deleted_at)))
    .orderBy(asc(loyalty_accounts.created_at), asc(loyalty_accounts.id));
  for (const row of rows) {
    const list = byClient.get(row.client_id!) ?? [];
    list.push(row);
    byClient.set(row.client_id!, list);
  }
  for (const list of byClient.values()) list.sort(byAddedThenCatalogue);
  return byClient;
}

/** Client rows with their loyalty accounts, as the API returns them. */
export async function withLoyaltyAccounts(db: Db, agencyId: string, rows: ClientRow[]): Promise<ClientDto[]> {
  const accounts = await getLoyaltyAccountsByClient(db, { agencyId, clientIds: rows.map((r) => r.id) });
  return rows.map((r) => toClientDto(r, (accounts.get(r.id) ?? []).map(toLoyaltyAccountDto)));
}

const ACTIVE_STATUSES = sql`('pending', 'processing', 'issued')`;

export async function getClientEmissionSums(db: Db, { agencyId, clientId }: { agencyId: string; clientId: string }): Promise<ClientEmissionSums> {
  const active = sql`${emissions.status} IN ${ACTIVE_STATUSES}`;
  const [row] = await db
    .select({
      total_emissions: count(),
      active_emissions: sql<number>`count(*) FILTER (WHERE ${active})`.mapWith(Number),
      active_revenue_cents: sql<number>`coalesce(sum(${emissions.revenue_cents}) FILTER (WHERE ${active}), 0)`.mapWith(Number),
      active_margin_cents: sql<number>`coalesce(sum(${emissions.margin_cents}) FILTER (WHERE ${active}), 0)`.mapWith(Number),
      last_emission_at: sql<string | null>`max(${emissions.created_at})`,
    })
    .from(emissions)
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.client_id, clientId), isNull(emissions.deleted_at)));
  return row ?? { total_emissions: 0, active_emissions: 0, active_revenue_cents: 0, active_margin_cents: 0, last_emission_at: null };
}

export async function getClientEmissionsPage(
  db: Db,
  { agencyId, clientId, offset, limit }: { agencyId: string; clientId: string; offset: number; limit: number },
) {
  const where = and(eq(emissions.agency_id, agencyId), eq(emissions.client_id, clientId), isNull(emissions.deleted_at));
  const [totalRow] = await db.select({ total: count() }).from(emissions).where(where);
  const total = totalRow?.total ?? 0;
  if (offset >= total) return { rows: [], total };
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
    .innerJoin(loyalty_accounts, and(eq(loyalty_accounts.id, emissions.account_id), eq(loyalty_accounts.agency_id, emissions.agency_id)))
    .where(where)
    .orderBy(desc(emissions.created_at), desc(emissions.id))
    .limit(limit)
    .offset(offset);
  return { rows, total };
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

export async function insertClient(db: Db, { agencyId, input }: { agencyId: string; input: ClientFields }): Promise<ClientRow> {
  const [row] = await db
    .insert(clients)
    .values({ agency_id: agencyId, ...clientValues(input) })
    .returning();
  return row!;
}

export async function updateClientRow(db: Db, { agencyId, id, input }: { agencyId: string; id: string; input: ClientFields }) {
  const [row] = await db
    .update(clients)
    .set({ ...clientValues(input), updated_at: sql`now()` })
    .where(and(eq(clients.agency_id, agencyId), eq(clients.id, id), isNull(clients.deleted_at)))
    .returning();
  return row ?? null;
}

/** Another live client of the agency with this CPF/CNPJ, if any. */
export async function findClientByDocument(db: Db, { agencyId, document, exceptId }: { agencyId: string; document: string; exceptId?: string }) {
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
export async function getDeleteCandidates(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }): Promise<DeleteCandidate[]> {
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

export async function getClientAccounts(db: Db, { agencyId, clientId }: { agencyId: string; clientId: string }) {
  return db
    .select()
    .from(loyalty_accounts)
    .where(and(eq(loyalty_accounts.agency_id, agencyId), eq(loyalty_accounts.client_id, clientId), isNull(loyalty_accounts.deleted_at)))
    .orderBy(asc(loyalty_accounts.created_at), asc(loyalty_accounts.id))
    .then((rows) => rows.sort(byAddedThenCatalogue));
}

/** Accounts among `ids` that lots or emissions point at (and so must keep existing and keep their program). */
export async function getAccountsInUse(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: loyalty_accounts.id })
    .from(loyalty_accounts)
    .where(
      and(
        eq(loyalty_accounts.agency_id, agencyId),
        inArray(loyalty_accounts.id, ids),
        sql`(EXISTS (SELECT 1 FROM mile_lots l WHERE l.agency_id = loyalty_accounts.agency_id AND l.account_id = loyalty_accounts.id)
          OR EXISTS (SELECT 1 FROM emissions e WHERE e.agency_id = loyalty_accounts.agency_id AND e.account_id = loyalty_accounts.id))`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertLoyaltyAccounts(
  db: Db,
  { agencyId, clientId, accounts }: { agencyId: string; clientId: string; accounts: LoyaltyAccountInput[] },
) {
  if (accounts.length === 0) return;
  await db.insert(loyalty_accounts).values(
    accounts.map((a) => ({
      agency_id: agencyId,
      client_id: clientId,
      program: a.program,
      account_number: a.account_number,
      nickname: a.nickname,
    })),
  );
}

export async function updateLoyaltyAccount(db: Db, { agencyId, account }: { agencyId: string; account: LoyaltyAccountInput & { id: string } }) {
  await db
    .update(loyalty_accounts)
    .set({ program: account.program, account_number: account.account_number, nickname: account.nickname, updated_at: sql`now()` })
    .where(and(eq(loyalty_accounts.agency_id, agencyId), eq(loyalty_accounts.id, account.id)));
}

/**
 * The lots of these accounts, locked in id order: a renumbered account's lots follow it (ON UPDATE
 * CASCADE, migration 0006), and lots are locked before the client, as every write path does
 * (docs/decisions/0011-lock-order-and-retries.md).
 */
export async function lockAccountLots(db: Db, { agencyId, accountIds }: { agencyId: string; accountIds: string[] }) {
  if (accountIds.length === 0) return;
  await db
    .select({ id: mile_lots.id })
    .from(mile_lots)
    .where(and(eq(mile_lots.agency_id, agencyId), inArray(mile_lots.account_id, accountIds)))
    .orderBy(asc(mile_lots.id))
    .for('no key update');
}

export async function deleteLoyaltyAccounts(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }) {
  if (ids.length === 0) return;
  await db.delete(loyalty_accounts).where(and(eq(loyalty_accounts.agency_id, agencyId), inArray(loyalty_accounts.id, ids)));
}

/**
 * Soft delete (DESIGN.md §2: what an import undo removes): the agency's live clients among `ids`
 * and their live loyalty accounts get one deleted_at, the transaction's instant, so that a
 * restore brings back exactly the accounts that went with them. Client before accounts, as every
 * write (docs/decisions/0011-lock-order-and-retries.md). Returns the clients deleted.
 */
export async function softDeleteClientRows(db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH gone AS (
        UPDATE clients SET deleted_at = now(), updated_at = now()
        WHERE agency_id = ${agencyId} AND id = ANY(${uuidArray(ids)}::uuid[]) AND deleted_at IS NULL
        RETURNING id
      ), accounts AS (
        UPDATE loyalty_accounts a SET deleted_at = now(), updated_at = now()
        FROM gone WHERE a.agency_id = ${agencyId} AND a.client_id = gone.id AND a.deleted_at IS NULL
        RETURNING a.id
      )
      SELECT count(*)::int AS n FROM gone`),
  );
  return row?.n ?? 0;
}

/** Brings soft-deleted clients among `ids` back, with the loyalty accounts deleted in the same instant. */
export async function restoreClientRows(db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH was AS MATERIALIZED (
        SELECT id, deleted_at FROM clients
        WHERE agency_id = ${agencyId} AND id = ANY(${uuidArray(ids)}::uuid[]) AND deleted_at IS NOT NULL
      ), back AS (
        UPDATE clients c SET deleted_at = NULL, updated_at = now()
        FROM was WHERE c.agency_id = ${agencyId} AND c.id = was.id
        RETURNING c.id, was.deleted_at AS was_deleted_at
      ), accounts AS (
        UPDATE loyalty_accounts a SET deleted_at = NULL, updated_at = now()
        FROM back WHERE a.agency_id = ${agencyId} AND a.client_id = back.id AND a.deleted_at = back.was_deleted_at
        RETURNING a.id
      )
      SELECT count(*)::int AS n FROM back`),
  );
  return row?.n ?? 0;
}

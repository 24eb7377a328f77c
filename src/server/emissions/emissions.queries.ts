import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { marginPercent, slaStatsOf, type SlaStats } from '../../domain/emissions/emission.rules';
import type {
  Emission,
  EmissionListQuery,
  EmissionStatus,
  EmissionSummary,
} from '../../domain/emissions/emission.schema';
import type { ProgramKey } from '../../domain/programs';
import { escapeLike, normalizeSearch } from '../../domain/search';
import { agencyDayEnd, agencyDayStart } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { eventDeliveries, eventNotifications } from '../events/events.queries';
import { rowsOf, uuidArray } from '../db/rows';
import { lockLiveRows, restoreRows, softDeleteRows } from '../db/soft-delete';
import {
  LOCK_CHOSEN_LOTS_CTE,
  LOCK_ELIGIBLE_LOTS_CTE,
  lockLotsValues,
  TAKE_MILES_CTES,
  type LockedLot,
} from '../allocation/allocation.service';
import {
  client_search,
  clients,
  emission_allocations,
  emission_passengers,
  emission_totals,
  emissions,
  loyalty_accounts,
  mile_lots,
} from '../db/schema';

const emissionColumns = {
  id: emissions.id,
  pnr: emissions.pnr,
  route: emissions.route,
  departure_date: emissions.departure_date,
  client_id: emissions.client_id,
  client_name: clients.name,
  account_id: emissions.account_id,
  program: loyalty_accounts.program,
  account_number: loyalty_accounts.account_number,
  miles_used: emissions.miles_used,
  fees_cents: emissions.fees_cents,
  revenue_cents: emissions.revenue_cents,
  rav_cents: emissions.rav_cents,
  miles_cost_cents: emissions.miles_cost_cents,
  margin_cents: emissions.margin_cents,
  status: emissions.status,
  created_at: emissions.created_at,
  submitted_at: emissions.submitted_at,
  issued_at: emissions.issued_at,
  failed_at: emissions.failed_at,
  cancelled_at: emissions.cancelled_at,
};

/**
 * An emission as the API shows it (emissionSchema: the list row; the detail adds client_email).
 * The emissions_status and loyalty_accounts_program checks hold status and program to theirs.
 */
export function toEmissionDto<
  T extends { margin_cents: number; revenue_cents: number; program: string; status: string },
>(row: T): Omit<T, 'program' | 'status'> & { program: ProgramKey; status: EmissionStatus; margin_percent: number } {
  return {
    ...row,
    program: row.program as ProgramKey,
    status: row.status as EmissionStatus,
    margin_percent: marginPercent(row.margin_cents, row.revenue_cents),
  };
}

const joined = (db: Db, extra: Record<string, never> | { client_email: typeof clients.email } = {}) =>
  db
    .select({ ...emissionColumns, ...extra })
    .from(emissions)
    .innerJoin(clients, and(eq(clients.id, emissions.client_id), eq(clients.agency_id, emissions.agency_id)))
    .innerJoin(
      loyalty_accounts,
      and(eq(loyalty_accounts.id, emissions.account_id), eq(loyalty_accounts.agency_id, emissions.agency_id)),
    );

/** The list's filters that read emissions alone (status, client, the program's accounts, period). */
function ownConditions(db: Db, { agencyId, query: q }: { agencyId: string; query: EmissionListQuery }): SQL[] {
  const where: SQL[] = [eq(emissions.agency_id, agencyId), isNull(emissions.deleted_at)];
  if (q.status) where.push(eq(emissions.status, q.status));
  if (q.client_id) where.push(eq(emissions.client_id, q.client_id));
  if (q.program) {
    const accounts = db
      .select({ id: loyalty_accounts.id })
      .from(loyalty_accounts)
      .where(and(eq(loyalty_accounts.agency_id, agencyId), eq(loyalty_accounts.program, q.program)));
    where.push(inArray(emissions.account_id, accounts));
  }
  if (q.date_from) where.push(sql`${emissions.created_at} >= ${agencyDayStart(q.date_from)}`);
  if (q.date_to) where.push(sql`${emissions.created_at} < ${agencyDayEnd(q.date_to)}`);
  return where;
}

/**
 * A search: the term in the emission's PNR or route, or in its client's name, e-mail or document.
 * The clients are found first through the client_search view (where the trigram index serves a
 * term of three characters or more), so the emissions are read alone, without a join per row.
 */
function searchCondition({ agencyId, query: q }: { agencyId: string; query: EmissionListQuery }): SQL | undefined {
  const term = normalizeSearch(q.search);
  if (term === '') return undefined;
  const like = `%${escapeLike(term)}%`;
  const matchingClients = sql`SELECT ${client_search.id} FROM ${client_search}
    WHERE ${client_search.agency_id} = ${agencyId} AND ${client_search.search_text} LIKE ${like}`;
  return or(
    sql`lower(coalesce(${emissions.pnr}, '')) LIKE ${like}`,
    sql`lower(${emissions.route}) LIKE ${like}`,
    sql`${emissions.client_id} IN (${matchingClients})`,
  );
}

const newestFirst = [desc(emissions.created_at), desc(emissions.id)];

/**
 * The list's cards over every emission `where` matches (issue #14 "Truthful figures"), in one
 * statement whose `total` is also the list's count, so cards and list cannot disagree. Filtered by
 * period it can read emissions_list_status_idx alone (status and revenue_cents are in it).
 */
export async function countEmissionSummary(db: Db, where: SQL | undefined): Promise<EmissionSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      issued: sql<number>`(count(*) FILTER (WHERE ${emissions.status} = 'issued'))::int`,
      pending: sql<number>`(count(*) FILTER (WHERE ${emissions.status} IN ('pending', 'processing')))::int`,
      revenue_issued_cents: sql<string>`coalesce(sum(${emissions.revenue_cents}) FILTER (WHERE ${emissions.status} = 'issued'), 0)::text`,
    })
    .from(emissions)
    .where(where);
  return {
    total: row?.total ?? 0,
    issued: row?.issued ?? 0,
    pending: row?.pending ?? 0,
    revenue_issued_cents: Number(row?.revenue_issued_cents ?? 0),
  };
}

/**
 * A page of the list, newest first, and the cards over the same filter (their `total` is the
 * list's). Unfiltered or by status only, the cards come from the kept totals (emission_totals,
 * ≤16 rows); filtered by client, program, period or a search, one aggregate over the same WHERE
 * as the page counts them (index-only on emissions_list_status_idx for a period). Then the page's
 * ids are read from whichever end of the order is nearer, so the last page costs what the first
 * does, and only those rows are joined to their client and account.
 */
export async function getEmissionsPage(
  db: Db,
  { agencyId, query: q }: { agencyId: string; query: EmissionListQuery },
): Promise<{ rows: Emission[]; summary: EmissionSummary }> {
  const search = searchCondition({ agencyId, query: q });
  const where = and(...ownConditions(db, { agencyId, query: q }), search);
  const keptCovers = !search && !q.client_id && !q.program && !q.date_from && !q.date_to;
  const summary = keptCovers
    ? emissionSummaryOf(await getEmissionTotals(db, { agencyId }), q.status)
    : await countEmissionSummary(db, where);
  const { total } = summary;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { rows: [], summary };
  const end = Math.min(offset + q.limit, total);
  const fromEnd = total - end < offset;
  const pageIds = db
    .select({ id: emissions.id })
    .from(emissions)
    .where(where)
    .orderBy(...(fromEnd ? [asc(emissions.created_at), asc(emissions.id)] : newestFirst))
    .limit(end - offset)
    .offset(fromEnd ? total - end : offset);
  const rows = await joined(db)
    .where(and(eq(emissions.agency_id, agencyId), inArray(emissions.id, pageIds)))
    .orderBy(...newestFirst);
  return { rows: rows.map(toEmissionDto), summary };
}

/**
 * The agency's live emissions per status and the issued ones' revenue, as emission_totals keeps
 * them per statement from the writes to emissions: its stripes (at most 16 rows of the primary
 * key), summed.
 */
export async function getEmissionTotals(db: Db, { agencyId }: { agencyId: string }) {
  const t = emission_totals;
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${t.pending}), 0)::text`,
      processing: sql<string>`coalesce(sum(${t.processing}), 0)::text`,
      issued: sql<string>`coalesce(sum(${t.issued}), 0)::text`,
      failed: sql<string>`coalesce(sum(${t.failed}), 0)::text`,
      cancelled: sql<string>`coalesce(sum(${t.cancelled}), 0)::text`,
      issued_revenue_cents: sql<string>`coalesce(sum(${t.issued_revenue_cents}), 0)::text`,
    })
    .from(t)
    .where(eq(t.agency_id, agencyId));
  const byStatus: Record<EmissionStatus, number> = {
    pending: Number(row?.pending ?? 0),
    processing: Number(row?.processing ?? 0),
    issued: Number(row?.issued ?? 0),
    failed: Number(row?.failed ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
  return { byStatus, issuedRevenueCents: Number(row?.issued_revenue_cents ?? 0) };
}
export type EmissionTotals = Awaited<ReturnType<typeof getEmissionTotals>>;

/**
 * The list's cards from the kept totals: over the whole agency, or over the emissions of one
 * status (`status`), the only filter the kept totals can answer.
 */
export function emissionSummaryOf(
  { byStatus, issuedRevenueCents }: EmissionTotals,
  status: EmissionStatus | null = null,
): EmissionSummary {
  const of = (s: EmissionStatus) => (status === null || status === s ? byStatus[s] : 0);
  return {
    total: (Object.keys(byStatus) as EmissionStatus[]).reduce((sum, s) => sum + of(s), 0),
    issued: of('issued'),
    pending: of('pending') + of('processing'),
    revenue_issued_cents: status === null || status === 'issued' ? issuedRevenueCents : 0,
  };
}

export async function getEmission(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await joined(db, { client_email: clients.email }).where(
    and(eq(emissions.agency_id, agencyId), eq(emissions.id, id), isNull(emissions.deleted_at)),
  );
  // joined's type is the union of its two selections; this one has client_email.
  return row ? toEmissionDto(row as typeof row & { client_email: string | null }) : null;
}

/** Locks the emission row for a transition (two racing transitions queue; the second sees the first's status). */
export async function lockEmission(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select({ id: emissions.id, status: emissions.status, route: emissions.route })
    .from(emissions)
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id), isNull(emissions.deleted_at)))
    .for('update');
  return row ?? null;
}

export async function getPassengers(db: Db, { agencyId, emissionId }: { agencyId: string; emissionId: string }) {
  return db
    .select({ id: emission_passengers.id, name: emission_passengers.name, cpf: emission_passengers.cpf })
    .from(emission_passengers)
    .where(and(eq(emission_passengers.agency_id, agencyId), eq(emission_passengers.emission_id, emissionId)))
    .orderBy(asc(emission_passengers.created_at), asc(emission_passengers.id));
}

/** Which lots fed the emission (released rows included, as history; the emission's status tells). */
export async function getAllocations(db: Db, { agencyId, emissionId }: { agencyId: string; emissionId: string }) {
  const rows = await db
    .select({
      lot_id: emission_allocations.lot_id,
      miles: emission_allocations.miles,
      cost_per_thousand: emission_allocations.cost_per_thousand,
      cost_cents: emission_allocations.cost_cents,
      lot_supplier: mile_lots.supplier,
      lot_expiry_date: mile_lots.expiry_date,
    })
    .from(emission_allocations)
    .innerJoin(
      mile_lots,
      and(eq(mile_lots.id, emission_allocations.lot_id), eq(mile_lots.agency_id, emission_allocations.agency_id)),
    )
    .where(and(eq(emission_allocations.agency_id, agencyId), eq(emission_allocations.emission_id, emissionId)))
    // One emission's rows share created_at (one statement); then cheapest first, as they were drawn.
    .orderBy(
      asc(emission_allocations.created_at),
      asc(emission_allocations.cost_per_thousand),
      sql`${mile_lots.expiry_date} ASC NULLS LAST`,
      asc(emission_allocations.lot_id),
    );
  return rows;
}

/**
 * The SLA statistic (spec part 2 §9) as emission_sla_stats keeps it: how many positive times
 * from submission to issue (whole milliseconds, as the browser reads the timestamps), their sum
 * and the one at the P95 position (slaP95Index); slaStatsOf rounds them. `sla` is the agency's
 * row (none before its first issued emission), recomputed first when this transaction changed
 * what it counts (emission_sla_current; otherwise at commit). Placeholder: agency_id.
 */
const SLA_CTES = sql`sla AS (SELECT sla_count, sla_total_ms, sla_p95_ms FROM emission_sla_current(${sql.placeholder('agency_id')}::uuid))`;
const SLA_COLUMNS = sql`coalesce((SELECT sla_count FROM sla), 0)::int AS sla_count, coalesce((SELECT sla_total_ms FROM sla), 0)::text AS sla_total_ms,
  (SELECT sla_p95_ms FROM sla)::text AS sla_p95_ms`;

interface SlaColumns {
  sla_count: number;
  sla_total_ms: string;
  sla_p95_ms: string | null;
}

const slaOf = (row: SlaColumns | undefined): SlaStats =>
  slaStatsOf({
    count: row?.sla_count ?? 0,
    total_ms: Number(row?.sla_total_ms ?? 0),
    p95_ms: row?.sla_p95_ms == null ? null : Number(row.sla_p95_ms),
  });

const selectSlaStats = preparedStatement<SlaColumns>('emission_sla_stats', sql`WITH ${SLA_CTES} SELECT ${SLA_COLUMNS}`);

/** The agency's SLA statistic, computed in SQL. */
export async function getSlaStats(db: Db, { agencyId }: { agencyId: string }): Promise<SlaStats> {
  const [row] = await selectSlaStats(db, { agency_id: agencyId });
  return slaOf(row);
}

interface CreateContextRow extends SlaColumns {
  client_id: string | null;
  client_name: string | null;
  client_email: string | null;
  account_id: string | null;
  account_client_id: string | null;
  program: string | null;
  account_number: string | null;
  settings: unknown;
  sla_target_hours: number | null;
  /** The program's minimum margin (null without a rule): the margin alert is decided on creation. */
  min_margin_cents: number | string | null;
  min_margin_percent: string | null;
  lots: LockedLot[];
}

// The client is locked after the lots (docs/decisions/0011-lock-order-and-retries.md): `client`
// waits for the count of `locked`, an init plan run before its scan, so the lots' locks come first
// whatever plan the statement gets. The emission's triggers then take the client's client_figures
// row after the client, as a write to the client does through its own triggers.
const createContextStatement = (name: string, lockCte: SQL) =>
  preparedStatement<CreateContextRow>(
    name,
    sql`WITH ${SLA_CTES}, ${lockCte}, client AS (
        SELECT id, name, email FROM clients
        WHERE agency_id = ${sql.placeholder('agency_id')} AND id = ${sql.placeholder('client_id')} AND deleted_at IS NULL
          AND (SELECT count(*) FROM locked) >= 0
        FOR NO KEY UPDATE
      )
      SELECT c.id AS client_id, c.name AS client_name, c.email AS client_email, a.id AS account_id, a.client_id AS account_client_id,
        a.program, a.account_number, g.settings, r.sla_target_hours, r.min_margin_cents, r.min_margin_percent, ${SLA_COLUMNS},
        (SELECT coalesce(json_agg(json_build_object('id', l.id, 'remaining_quantity', l.remaining_quantity,
            'cost_per_thousand', l.cost_per_thousand, 'expiry_date', l.expiry_date, 'purchase_date', l.purchase_date,
            'status', l.status, 'supplier', l.supplier) ORDER BY l.id), '[]'::json) FROM locked l) AS lots
      FROM agencies g
      LEFT JOIN client c ON true
      LEFT JOIN loyalty_accounts a ON a.agency_id = g.id AND a.id = ${sql.placeholder('account_id')} AND a.deleted_at IS NULL
      LEFT JOIN program_rules r ON r.agency_id = g.id AND r.program = a.program
      WHERE g.id = ${sql.placeholder('agency_id')}`,
  );
const selectCreateContextChosen = createContextStatement('emission_create_context_chosen', LOCK_CHOSEN_LOTS_CTE);
const selectCreateContextEligible = createContextStatement('emission_create_context_eligible', LOCK_ELIGIBLE_LOTS_CTE);

/**
 * What creating an emission reads, in one round trip: the client and the account (each null when
 * not this agency's, deleted or unknown), the agency's settings (its allocation policy), the
 * account program's SLA target, the agency's SLA statistic, and the account's lots it may draw
 * from, locked (the allocation engine's lock CTEs: the chosen lots, or the day's eligible ones),
 * and then the client's row. The lots are locked before the account is known to be the client's;
 * a refused creation rolls back, and its locks with it.
 */
export async function getCreateContext(
  db: Db,
  params: { agencyId: string; clientId: string; accountId: string; lotIds?: string[]; today: string },
) {
  const { chosen, values } = lockLotsValues(params);
  const [row] = await (chosen ? selectCreateContextChosen : selectCreateContextEligible)(db, {
    ...values,
    client_id: params.clientId,
  });
  if (!row) return null;
  const { sla_count: _c, sla_total_ms: _t, sla_p95_ms: _p, ...rest } = row;
  return { ...rest, chosen, sla: slaOf(row) };
}

export interface NewEmission {
  id: string;
  agency_id: string;
  client_id: string;
  account_id: string;
  pnr: string | null;
  route: string;
  departure_date: string | null;
  miles_used: number;
  fees_cents: number;
  revenue_cents: number;
  rav_cents: number;
  miles_cost_cents: number;
  margin_cents: number;
  status: string;
  created_by: string | null;
}

interface WrittenEmission {
  created_at: string;
  submitted_at: string;
  passengers: { id: string; name: string; cpf: string }[];
  allocations: {
    lot_id: string;
    miles: number;
    cost_per_thousand: string;
    cost_cents: number;
    lot_supplier: string | null;
    lot_expiry_date: string | null;
  }[];
}

const P = (name: string) => sql.placeholder(name);

const writeEmission = preparedStatement<WrittenEmission>(
  'emission_create_write',
  sql`WITH e AS (
      INSERT INTO emissions (id, agency_id, client_id, account_id, pnr, route, departure_date, miles_used, fees_cents, revenue_cents,
        rav_cents, miles_cost_cents, margin_cents, status, created_by, submitted_at)
      VALUES (${P('emission_id')}, ${P('agency_id')}, ${P('client_id')}, ${P('account_id')}, ${P('pnr')}, ${P('route')}, ${P('departure_date')},
        ${P('miles_used')}, ${P('fees_cents')}, ${P('revenue_cents')}, ${P('rav_cents')}, ${P('miles_cost_cents')}, ${P('margin_cents')},
        ${P('status')}, ${P('created_by')}, now())
      RETURNING created_at, submitted_at
    ), ${TAKE_MILES_CTES}, pax AS (
      INSERT INTO emission_passengers (agency_id, emission_id, name, cpf)
      SELECT ${P('agency_id')}, ${P('emission_id')}, p.name, p.cpf FROM jsonb_to_recordset(${P('passengers')}::jsonb) AS p(name text, cpf text)
      RETURNING id, name, cpf
    ), act AS (
      INSERT INTO activity (agency_id, user_id, kind, description, ref_type, ref_id)
      VALUES (${P('agency_id')}, ${P('created_by')}, 'emission_created', ${P('activity')}, 'emission', ${P('emission_id')})
      RETURNING id
    ), added AS (
      INSERT INTO events (agency_id, type, entity_id, actor_id, data)
      VALUES (${P('agency_id')}, 'emission.created', ${P('emission_id')}, ${P('created_by')}, ${P('event_data')}::jsonb)
      RETURNING seq, type, entity_id, data, created_at
    ), deliveries AS (${eventDeliveries(P('agency_id'), 'added')})
    SELECT e.created_at::text AS created_at, e.submitted_at::text AS submitted_at,
      ${eventNotifications(P('agency_id'), 'added', 'deliveries')} AS notified,
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'cpf', p.cpf) ORDER BY p.id), '[]'::json) FROM pax p) AS passengers,
      (SELECT coalesce(json_agg(json_build_object('lot_id', a.lot_id, 'miles', a.miles, 'cost_per_thousand', a.cost_per_thousand::text,
          'cost_cents', a.cost_cents, 'lot_supplier', l.supplier, 'lot_expiry_date', l.expiry_date)
          ORDER BY a.cost_per_thousand, l.expiry_date ASC NULLS LAST, a.lot_id), '[]'::json)
        FROM allocated a JOIN mile_lots l ON l.agency_id = ${P('agency_id')} AND l.id = a.lot_id) AS allocations
    FROM e, (SELECT count(*) FROM act) written`,
);

/**
 * Writes a new emission in one statement: the emission (submitted now, the same instant as
 * created_at: the transaction's now()), the allocation engine's TAKE_MILES_CTES (the lots' miles
 * and the allocation rows, which may point at the emission since foreign keys are checked at the
 * statement's end), the passengers and the activity line. Returns what the detail shows of them,
 * in the detail's orders (getPassengers, getAllocations).
 */
export async function insertEmissionTakingMiles(
  db: Db,
  input: {
    emission: NewEmission;
    takeMiles: Record<string, string>;
    passengers: { name: string; cpf: string }[];
    activity: string;
    /** The `emission.created` event's data (the stream, the webhooks). */
    event: Record<string, unknown>;
  },
): Promise<WrittenEmission> {
  const { id, ...e } = input.emission;
  const [row] = await writeEmission(db, {
    ...e,
    emission_id: id,
    ...input.takeMiles,
    passengers: JSON.stringify(input.passengers),
    activity: input.activity,
    event_data: JSON.stringify(input.event),
  });
  return row!;
}

export type TimestampField = 'submitted_at' | 'issued_at' | 'failed_at' | 'cancelled_at';

export async function applyTransition(
  db: Db,
  { agencyId, id, to, field }: { agencyId: string; id: string; to: string; field: TimestampField },
) {
  await db
    .update(emissions)
    .set({ status: to, [field]: sql`now()`, updated_at: sql`now()` })
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id)));
}

/** Live emissions among `ids`, locked in id order after their lots (decision 0011); their ids. */
export const lockLiveEmissions = (db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) =>
  lockLiveRows(db, { table: 'emissions', agencyId, ids });

/** An emission's postings go and come back with it (softDeleteRows). */
const EMISSION_POSTINGS = { table: 'financial_entries', key: 'emission_id' };

/** Soft-deletes the (locked, released) emissions and their postings with one deleted_at. */
export const softDeleteEmissionRows = (db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) =>
  softDeleteRows(db, { table: 'emissions', agencyId, ids, followers: [EMISSION_POSTINGS] });

/**
 * What restoring soft-deleted emissions among `ids` takes again from each lot: the allocations
 * their deletion released (released in the deletion's instant; a cancelled emission's stay
 * released). The lots are locked in id order, then the emissions: lots first (decision 0011).
 */
export async function lockRestorableEmissions(db: Db, { agencyId, ids }: { agencyId: string; ids: readonly string[] }) {
  type Lot = { id: string; status: string; remaining_quantity: number; deleted: boolean; miles: number };
  if (ids.length === 0) return { emissionIds: [] as string[], lots: [] as Lot[] };
  const list = uuidArray(ids);
  const lots = rowsOf<Omit<Lot, 'miles'> & { miles: string | number }>(
    await db.execute(sql`
      WITH deleted AS MATERIALIZED (
        SELECT id, deleted_at FROM emissions WHERE agency_id = ${agencyId} AND id = ANY(${list}::uuid[]) AND deleted_at IS NOT NULL
      ), wanted AS (
        -- The id list is tested once, on emissions: beside the join's own key it would be rescanned per row.
        SELECT a.lot_id, sum(a.miles) AS miles
        FROM deleted e JOIN emission_allocations a ON a.agency_id = ${agencyId} AND a.emission_id = e.id AND a.released_at = e.deleted_at
        GROUP BY a.lot_id
      )
      SELECT l.id, l.status, l.remaining_quantity, l.deleted_at IS NOT NULL AS deleted, w.miles
      FROM mile_lots l JOIN wanted w ON w.lot_id = l.id
      WHERE l.agency_id = ${agencyId}
      ORDER BY l.id FOR NO KEY UPDATE OF l`),
  ).map((l) => ({ ...l, miles: Number(l.miles) }));
  const emissionIds = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM emissions
      WHERE agency_id = ${agencyId} AND id = ANY(${list}::uuid[]) AND deleted_at IS NOT NULL ORDER BY id FOR NO KEY UPDATE`),
  ).map((r) => r.id);
  return { emissionIds, lots };
}

/**
 * Restores the locked emissions: their released-on-deletion allocations count again, and the
 * emissions and their postings deleted in the same instant come back. The caller has taken the
 * miles again from the lots (retakeReleasedMiles).
 */
export async function restoreEmissionRows(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: readonly string[] },
): Promise<number> {
  if (ids.length === 0) return 0;
  // The allocations released in the deletion's instant count again; the postings come back with them.
  return restoreRows(db, {
    table: 'emissions',
    agencyId,
    ids,
    followers: [{ table: 'emission_allocations', key: 'emission_id', column: 'released_at' }, EMISSION_POSTINGS],
  });
}

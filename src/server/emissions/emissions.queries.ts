import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { marginPercent } from '../../domain/emissions/emission.rules';
import type { EmissionListQuery } from '../../domain/emissions/emission.schema';
import { escapeLike, normalizeSearch } from '../../domain/search';
import type { Db } from '../db/client';
import { clients, emission_allocations, emission_passengers, emissions, loyalty_accounts, mile_lots, program_rules } from '../db/schema';

/**
 * The agency's calendar: date_from/date_to and a passenger's emission day are read in Brazil's
 * time (the agencies are Brazilian; there is no per-agency time-zone setting yet).
 */
export const AGENCY_TIME_ZONE = 'America/Sao_Paulo';

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

/** An emission as the API shows it (the list row; the detail adds client_email). */
export function toEmissionDto<T extends { margin_cents: number; revenue_cents: number }>(row: T): T & { margin_percent: number } {
  return { ...row, margin_percent: marginPercent(row.margin_cents, row.revenue_cents) };
}

const joined = (db: Db, extra: Record<string, never> | { client_email: typeof clients.email } = {}) =>
  db
    .select({ ...emissionColumns, ...extra })
    .from(emissions)
    .innerJoin(clients, and(eq(clients.id, emissions.client_id), eq(clients.agency_id, emissions.agency_id)))
    .innerJoin(loyalty_accounts, and(eq(loyalty_accounts.id, emissions.account_id), eq(loyalty_accounts.agency_id, emissions.agency_id)));

function listConditions(agencyId: string, q: EmissionListQuery): SQL[] {
  const where: SQL[] = [eq(emissions.agency_id, agencyId), isNull(emissions.deleted_at)];
  if (q.status) where.push(eq(emissions.status, q.status));
  if (q.client_id) where.push(eq(emissions.client_id, q.client_id));
  if (q.program) where.push(eq(loyalty_accounts.program, q.program));
  if (q.date_from) where.push(sql`${emissions.created_at} >= (${q.date_from}::date::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`);
  if (q.date_to) where.push(sql`${emissions.created_at} < ((${q.date_to}::date + 1)::timestamp AT TIME ZONE ${AGENCY_TIME_ZONE})`);
  const term = normalizeSearch(q.search);
  if (term !== '') {
    const like = `%${escapeLike(term)}%`;
    where.push(
      or(
        sql`lower(coalesce(${emissions.pnr}, '')) LIKE ${like}`,
        sql`lower(${emissions.route}) LIKE ${like}`,
        sql`${clients.search_text} LIKE ${like}`,
      )!,
    );
  }
  return where;
}

export async function getEmissionsPage(db: Db, agencyId: string, q: EmissionListQuery) {
  const where = and(...listConditions(agencyId, q));
  const [totalRow] = await db
    .select({ total: count() })
    .from(emissions)
    .innerJoin(clients, and(eq(clients.id, emissions.client_id), eq(clients.agency_id, emissions.agency_id)))
    .innerJoin(loyalty_accounts, and(eq(loyalty_accounts.id, emissions.account_id), eq(loyalty_accounts.agency_id, emissions.agency_id)))
    .where(where);
  const total = totalRow?.total ?? 0;
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { rows: [], total };
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(emissions.created_at), desc(emissions.id))
    .limit(q.limit)
    .offset(offset);
  return { rows: rows.map(toEmissionDto), total };
}

/** The list's cards over the whole agency: every emission, issued, waiting (pending + processing), issued revenue. */
export async function getEmissionSummary(db: Db, agencyId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      issued: sql<number>`(count(*) FILTER (WHERE ${emissions.status} = 'issued'))::int`,
      pending: sql<number>`(count(*) FILTER (WHERE ${emissions.status} IN ('pending', 'processing')))::int`,
      revenue_issued_cents: sql<string>`coalesce(sum(${emissions.revenue_cents}) FILTER (WHERE ${emissions.status} = 'issued'), 0)::text`,
    })
    .from(emissions)
    .where(and(eq(emissions.agency_id, agencyId), isNull(emissions.deleted_at)));
  return {
    total: Number(row?.total ?? 0),
    issued: Number(row?.issued ?? 0),
    pending: Number(row?.pending ?? 0),
    revenue_issued_cents: Number(row?.revenue_issued_cents ?? 0),
  };
}

export async function getEmission(db: Db, agencyId: string, id: string) {
  const [row] = await joined(db, { client_email: clients.email })
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id), isNull(emissions.deleted_at)));
  return row ? toEmissionDto(row) : null;
}

/** Locks the emission row for a transition (two racing transitions queue; the second sees the first's status). */
export async function lockEmission(db: Db, agencyId: string, id: string) {
  const [row] = await db
    .select({ id: emissions.id, status: emissions.status, route: emissions.route })
    .from(emissions)
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id), isNull(emissions.deleted_at)))
    .for('update');
  return row ?? null;
}

export async function getPassengers(db: Db, agencyId: string, emissionId: string) {
  return db
    .select({ id: emission_passengers.id, name: emission_passengers.name, cpf: emission_passengers.cpf })
    .from(emission_passengers)
    .where(and(eq(emission_passengers.agency_id, agencyId), eq(emission_passengers.emission_id, emissionId)))
    .orderBy(asc(emission_passengers.created_at), asc(emission_passengers.id));
}

/** Which lots fed the emission (released rows included, as history; the emission's status tells). */
export async function getAllocations(db: Db, agencyId: string, emissionId: string) {
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
    .innerJoin(mile_lots, and(eq(mile_lots.id, emission_allocations.lot_id), eq(mile_lots.agency_id, emission_allocations.agency_id)))
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

/** Submission and issue times of the agency's issued emissions, for the SLA statistic. */
export async function getSlaPairs(db: Db, agencyId: string) {
  return db
    .select({ submitted_at: emissions.submitted_at, issued_at: emissions.issued_at })
    .from(emissions)
    .where(and(eq(emissions.agency_id, agencyId), isNull(emissions.deleted_at), isNotNull(emissions.submitted_at), isNotNull(emissions.issued_at)));
}

export async function getProgramRule(db: Db, agencyId: string, program: string) {
  const [row] = await db
    .select({ sla_target_hours: program_rules.sla_target_hours, cpm_cap: program_rules.cpm_cap })
    .from(program_rules)
    .where(and(eq(program_rules.agency_id, agencyId), eq(program_rules.program, program)));
  return row ?? null;
}

export async function getClientForEmission(db: Db, agencyId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, document: clients.document })
    .from(clients)
    .where(and(eq(clients.agency_id, agencyId), eq(clients.id, clientId), isNull(clients.deleted_at)));
  return row ?? null;
}

export async function getAccount(db: Db, agencyId: string, accountId: string) {
  const [row] = await db
    .select({
      id: loyalty_accounts.id,
      client_id: loyalty_accounts.client_id,
      program: loyalty_accounts.program,
      account_number: loyalty_accounts.account_number,
      client_document: clients.document,
    })
    .from(loyalty_accounts)
    .leftJoin(clients, and(eq(clients.id, loyalty_accounts.client_id), eq(clients.agency_id, loyalty_accounts.agency_id)))
    .where(and(eq(loyalty_accounts.agency_id, agencyId), eq(loyalty_accounts.id, accountId), isNull(loyalty_accounts.deleted_at)));
  return row ?? null;
}

/** The account's available lots with miles left, cheapest first. */
export async function getAccountAvailableLots(db: Db, agencyId: string, accountId: string) {
  return db
    .select({
      id: mile_lots.id,
      remaining_quantity: mile_lots.remaining_quantity,
      cost_per_thousand: mile_lots.cost_per_thousand,
      expiry_date: mile_lots.expiry_date,
      purchase_date: mile_lots.purchase_date,
      supplier: mile_lots.supplier,
      status: mile_lots.status,
    })
    .from(mile_lots)
    .where(
      and(
        eq(mile_lots.agency_id, agencyId),
        eq(mile_lots.account_id, accountId),
        isNull(mile_lots.deleted_at),
        eq(mile_lots.status, 'available'),
        gt(mile_lots.remaining_quantity, 0),
      ),
    )
    .orderBy(asc(mile_lots.cost_per_thousand), sql`${mile_lots.expiry_date} ASC NULLS LAST`, desc(mile_lots.remaining_quantity), asc(mile_lots.id));
}

/** Passengers of the account's non-cancelled emissions, each with its emission's day in the agency's calendar. */
export async function getAccountPastPassengers(db: Db, agencyId: string, accountId: string) {
  return db
    .select({
      cpf: emission_passengers.cpf,
      date: sql<string>`to_char(${emissions.created_at} AT TIME ZONE ${AGENCY_TIME_ZONE}, 'YYYY-MM-DD')`,
    })
    .from(emission_passengers)
    .innerJoin(emissions, and(eq(emissions.id, emission_passengers.emission_id), eq(emissions.agency_id, emission_passengers.agency_id)))
    .where(
      and(
        eq(emission_passengers.agency_id, agencyId),
        eq(emissions.account_id, accountId),
        isNull(emissions.deleted_at),
        ne(emissions.status, 'cancelled'),
      ),
    )
    .orderBy(desc(emissions.created_at));
}

/** A new emission, submitted now (the same instant as created_at: the transaction's now()). */
export async function insertEmission(db: Db, values: Omit<typeof emissions.$inferInsert, 'submitted_at'>) {
  const [row] = await db
    .insert(emissions)
    .values({ ...values, submitted_at: sql`now()` })
    .returning({ id: emissions.id });
  return row!.id;
}

export async function setEmissionMoney(db: Db, agencyId: string, id: string, values: { miles_cost_cents: number; margin_cents: number }) {
  await db
    .update(emissions)
    .set(values)
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id)));
}

export async function insertPassengers(db: Db, agencyId: string, emissionId: string, passengers: { name: string; cpf: string }[]) {
  if (passengers.length === 0) return;
  await db.insert(emission_passengers).values(passengers.map((p) => ({ agency_id: agencyId, emission_id: emissionId, name: p.name, cpf: p.cpf })));
}

export type TimestampField = 'submitted_at' | 'issued_at' | 'failed_at' | 'cancelled_at';

export async function applyTransition(db: Db, agencyId: string, id: string, to: string, field: TimestampField) {
  await db
    .update(emissions)
    .set({ status: to, [field]: sql`now()`, updated_at: sql`now()` })
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, id)));
}

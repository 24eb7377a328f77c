import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { QuoteListQuery, QuoteStatus } from '../../domain/quotes/quote.schema';
import { escapeLike, normalizeSearch } from '../../domain/search';
import { agencyDayEnd, agencyDayStart } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { clients, loyalty_accounts, quotes } from '../db/schema';
import { eventDeliveries, eventNotifications } from '../events/events.queries';

const P = (name: string) => sql.placeholder(name);

// ---------------------------------------------------------------------------------------------
// Saving (docs/decisions/0025-simulator-and-quotes.md): one statement reads what the simulation
// needs, one writes the quote with its event. Both prepared (src/server/db/prepared.ts).

export interface QuoteContextRow {
  settings: unknown;
  client: { id: string; name: string; email: string | null; phone: string | null } | null;
  account: { id: string; program: string; client_id: string | null; account_number: string } | null;
  lot: {
    id: string;
    account_id: string;
    account_number: string;
    program: string;
    cost_per_thousand: string;
    remaining_quantity: number;
    status: string;
    expiry_date: string | null;
  } | null;
  rule: { min_margin_cents: string | number; min_margin_percent: string; cpm_cap: string | null } | null;
  /** The programme's miles emissions can draw today and Σ remaining × CPM over them (exact numeric text). */
  program_miles: string;
  program_cost: string;
  /** The same over the chosen account's lots (0 without one). */
  account_miles: string;
}

/**
 * The available stock, as getAvailableByProgram counts it: lot_totals' available lots less those
 * already past their day (not yet marked expired). `scope` narrows both to the programme or the account.
 */
const stock = (scope: 'program' | 'account') => {
  const on = scope === 'program' ? sql`program = ${P('program')}` : sql`account_id = ${P('account_id')}::uuid`;
  return sql`(SELECT k.miles - o.miles AS miles, k.cost - o.cost AS cost FROM
      (SELECT coalesce(sum(remaining_miles), 0) AS miles, coalesce(sum(remaining_cost), 0) AS cost FROM lot_totals
        WHERE agency_id = ${P('agency_id')} AND status = 'available' AND ${on}) k,
      (SELECT coalesce(sum(remaining_quantity), 0) AS miles, coalesce(sum(remaining_quantity * cost_per_thousand), 0) AS cost FROM mile_lots
        WHERE agency_id = ${P('agency_id')} AND deleted_at IS NULL AND status = 'available' AND expiry_date < ${P('today')}::date AND ${on}) o)`;
};

const selectQuoteContext = preparedStatement<QuoteContextRow>(
  'quote_context',
  sql`SELECT
      (SELECT settings FROM agencies WHERE id = ${P('agency_id')}) AS settings,
      (SELECT json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone) FROM clients c
        WHERE c.agency_id = ${P('agency_id')} AND c.id = ${P('client_id')}::uuid AND c.deleted_at IS NULL) AS client,
      (SELECT json_build_object('id', a.id, 'program', a.program, 'client_id', a.client_id, 'account_number', a.account_number)
        FROM loyalty_accounts a
        WHERE a.agency_id = ${P('agency_id')} AND a.id = ${P('account_id')}::uuid AND a.deleted_at IS NULL) AS account,
      (SELECT json_build_object('id', l.id, 'account_id', l.account_id, 'account_number', l.account_number, 'program', l.program,
          'cost_per_thousand', l.cost_per_thousand::text, 'remaining_quantity', l.remaining_quantity, 'status', l.status,
          'expiry_date', l.expiry_date)
        FROM mile_lots l WHERE l.agency_id = ${P('agency_id')} AND l.id = ${P('lot_id')}::uuid AND l.deleted_at IS NULL) AS lot,
      (SELECT json_build_object('min_margin_cents', r.min_margin_cents, 'min_margin_percent', r.min_margin_percent::text,
          'cpm_cap', r.cpm_cap::text)
        FROM program_rules r WHERE r.agency_id = ${P('agency_id')} AND r.program = ${P('program')}) AS rule,
      ps.miles::text AS program_miles, ps.cost::text AS program_cost, acs.miles::text AS account_miles
    FROM ${stock('program')} ps, ${stock('account')} acs`,
);

/**
 * What saving a quote reads, in one round trip: the agency's settings (its card interest), the
 * client, account and lot named (each null when not this agency's, deleted or unknown), the
 * programme's rule, and the programme's and the account's available stock.
 */
export async function getQuoteContext(
  db: Db,
  params: {
    agencyId: string;
    program: string;
    clientId: string | null;
    accountId: string | null;
    lotId: string | null;
    today: string;
  },
): Promise<QuoteContextRow> {
  const [row] = await selectQuoteContext(db, {
    agency_id: params.agencyId,
    program: params.program,
    client_id: params.clientId,
    account_id: params.accountId,
    lot_id: params.lotId,
    today: params.today,
  });
  return row!;
}

export interface NewQuote {
  id: string;
  agency_id: string;
  program: string;
  client_id: string | null;
  account_id: string | null;
  lot_id: string | null;
  route: string;
  departure_date: string | null;
  return_date: string | null;
  passengers: string[];
  notes: string | null;
  miles: number;
  fees_cents: number;
  rav_cents: number;
  rav_mode: string;
  markup_percent: string;
  cost_per_thousand: string;
  cost_source: string;
  miles_cost_cents: number;
  markup_cents: number;
  price_cents: number;
  total_cost_cents: number;
  margin_cents: number;
  margin_percent: number;
  warnings: unknown[];
  card_interest_percent: number[];
  validity_hours: number;
  created_by: string | null;
}

interface WrittenQuote {
  valid_until: string;
  created_at: string;
}

const writeQuote = preparedStatement<WrittenQuote>(
  'quote_create_write',
  sql`WITH q AS (
      INSERT INTO quotes (id, agency_id, program, client_id, account_id, lot_id, route, departure_date, return_date, passengers, notes,
        miles, fees_cents, rav_cents, rav_mode, markup_percent, cost_per_thousand, cost_source, miles_cost_cents, markup_cents,
        price_cents, total_cost_cents, margin_cents, margin_percent, warnings, card_interest_percent, validity_hours, valid_until,
        created_by)
      VALUES (${P('id')}, ${P('agency_id')}, ${P('program')}, ${P('client_id')}::uuid, ${P('account_id')}::uuid, ${P('lot_id')}::uuid,
        ${P('route')}, ${P('departure_date')}::date, ${P('return_date')}::date, ${P('passengers')}::jsonb, ${P('notes')},
        ${P('miles')}, ${P('fees_cents')}, ${P('rav_cents')}, ${P('rav_mode')}, ${P('markup_percent')}, ${P('cost_per_thousand')},
        ${P('cost_source')}, ${P('miles_cost_cents')}, ${P('markup_cents')}, ${P('price_cents')}, ${P('total_cost_cents')},
        ${P('margin_cents')}, ${P('margin_percent')}, ${P('warnings')}::jsonb, ${P('card_interest_percent')}::jsonb,
        ${P('validity_hours')}, now() + make_interval(hours => ${P('validity_hours')}::int), ${P('created_by')}::uuid)
      RETURNING valid_until, created_at
    ), act AS (
      INSERT INTO activity (agency_id, user_id, kind, description, ref_type, ref_id)
      VALUES (${P('agency_id')}, ${P('created_by')}::uuid, 'quote_created', ${P('activity')}, 'quote', ${P('id')})
      RETURNING id
    ), added AS (
      INSERT INTO events (agency_id, type, entity_id, actor_id, data)
      VALUES (${P('agency_id')}, 'quote.created', ${P('id')}, ${P('created_by')}::uuid, ${P('event_data')}::jsonb)
      RETURNING seq, type, entity_id, data, created_at
    ), deliveries AS (${eventDeliveries(P('agency_id'), 'added')})
    SELECT q.valid_until::text AS valid_until, q.created_at::text AS created_at,
      ${eventNotifications(P('agency_id'), 'added', 'deliveries')} AS notified
    FROM q`,
);

/**
 * Writes a new quote (valid from now for its hours), its activity line and its `quote.created`
 * event, in one statement.
 */
export async function insertQuote(
  db: Db,
  quote: NewQuote,
  { activity, event }: { activity: string; event: Record<string, unknown> },
): Promise<WrittenQuote> {
  const [row] = await writeQuote(db, {
    ...quote,
    passengers: JSON.stringify(quote.passengers),
    warnings: JSON.stringify(quote.warnings),
    card_interest_percent: JSON.stringify(quote.card_interest_percent),
    margin_percent: quote.margin_percent.toFixed(2),
    activity,
    event_data: JSON.stringify(event),
  });
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Reading

const quoteColumns = {
  id: quotes.id,
  status: quotes.status,
  program: quotes.program,
  client_id: quotes.client_id,
  client_name: clients.name,
  client_email: clients.email,
  client_phone: clients.phone,
  account_id: quotes.account_id,
  account_number: loyalty_accounts.account_number,
  lot_id: quotes.lot_id,
  route: quotes.route,
  departure_date: quotes.departure_date,
  return_date: quotes.return_date,
  passengers: quotes.passengers,
  notes: quotes.notes,
  miles: quotes.miles,
  fees_cents: quotes.fees_cents,
  rav_cents: quotes.rav_cents,
  rav_mode: quotes.rav_mode,
  markup_percent: quotes.markup_percent,
  cost_per_thousand: quotes.cost_per_thousand,
  cost_source: quotes.cost_source,
  miles_cost_cents: quotes.miles_cost_cents,
  markup_cents: quotes.markup_cents,
  price_cents: quotes.price_cents,
  total_cost_cents: quotes.total_cost_cents,
  margin_cents: quotes.margin_cents,
  margin_percent: quotes.margin_percent,
  warnings: quotes.warnings,
  card_interest_percent: quotes.card_interest_percent,
  validity_hours: quotes.validity_hours,
  valid_until: quotes.valid_until,
  emission_id: quotes.emission_id,
  created_at: quotes.created_at,
  updated_at: quotes.updated_at,
  sent_at: quotes.sent_at,
  accepted_at: quotes.accepted_at,
  declined_at: quotes.declined_at,
  expired_at: quotes.expired_at,
};

const joined = (db: Db) =>
  db
    .select(quoteColumns)
    .from(quotes)
    // A deleted client or account shows no name: the quote keeps the reference as history.
    .leftJoin(
      clients,
      and(
        eq(clients.agency_id, quotes.agency_id),
        eq(clients.id, quotes.client_id),
        sql`${clients.deleted_at} IS NULL`,
      ),
    )
    .leftJoin(
      loyalty_accounts,
      and(eq(loyalty_accounts.agency_id, quotes.agency_id), eq(loyalty_accounts.id, quotes.account_id)),
    );

export async function getQuoteRow(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await joined(db).where(and(eq(quotes.agency_id, agencyId), eq(quotes.id, id)));
  return row ?? null;
}
export type QuoteRow = NonNullable<Awaited<ReturnType<typeof getQuoteRow>>>;

function listConditions({ agencyId, query: q }: { agencyId: string; query: QuoteListQuery }): SQL[] {
  const where: SQL[] = [eq(quotes.agency_id, agencyId)];
  if (q.status) where.push(eq(quotes.status, q.status));
  if (q.client_id) where.push(eq(quotes.client_id, q.client_id));
  if (q.date_from) where.push(sql`${quotes.created_at} >= ${agencyDayStart(q.date_from)}`);
  if (q.date_to) where.push(sql`${quotes.created_at} < ${agencyDayEnd(q.date_to)}`);
  const term = normalizeSearch(q.search);
  if (term !== '') {
    const like = `%${escapeLike(term)}%`;
    // The route as written ("NAT-GRU"), or the client through the client_search view's text.
    where.push(
      sql`(lower(${quotes.route}) LIKE ${like} OR ${quotes.client_id} IN (SELECT id FROM client_search
        WHERE agency_id = ${agencyId} AND search_text LIKE ${like}))`,
    );
  }
  return where;
}

/** A page of the agency's quotes, newest first, and how many match. */
export async function getQuotesPage(db: Db, { agencyId, query }: { agencyId: string; query: QuoteListQuery }) {
  const where = and(...listConditions({ agencyId, query }));
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(quotes)
    .where(where);
  const total = count?.total ?? 0;
  const offset = (query.page - 1) * query.limit;
  if (offset >= total) return { rows: [], total };
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(quotes.created_at), desc(quotes.id))
    .limit(query.limit)
    .offset(offset);
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// Status

/** Locks the quote for a change of status or a conversion (two racing changes queue; the second sees the first's). */
export async function lockQuote(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = await db
    .select({ id: quotes.id, status: quotes.status, emission_id: quotes.emission_id, route: quotes.route })
    .from(quotes)
    .where(and(eq(quotes.agency_id, agencyId), eq(quotes.id, id)))
    .for('update');
  return row ?? null;
}

const STATUS_TIMESTAMP: Partial<Record<QuoteStatus, 'sent_at' | 'accepted_at' | 'declined_at'>> = {
  sent: 'sent_at',
  accepted: 'accepted_at',
  declined: 'declined_at',
};

export async function setQuoteStatus(db: Db, { agencyId, id, to }: { agencyId: string; id: string; to: QuoteStatus }) {
  const field = STATUS_TIMESTAMP[to];
  await db
    .update(quotes)
    .set({ status: to, updated_at: sql`now()`, ...(field ? { [field]: sql`now()` } : {}) })
    .where(and(eq(quotes.agency_id, agencyId), eq(quotes.id, id)));
}

const linkEmission = preparedStatement<{ id: string }>(
  'quote_convert',
  sql`WITH q AS (
      UPDATE quotes SET status = 'accepted', emission_id = ${P('emission_id')}, accepted_at = coalesce(accepted_at, now()), updated_at = now()
      WHERE agency_id = ${P('agency_id')} AND id = ${P('quote_id')} AND emission_id IS NULL
      RETURNING id
    ), added AS (
      INSERT INTO events (agency_id, type, entity_id, actor_id, data)
      SELECT ${P('agency_id')}, 'quote.updated', q.id, ${P('actor_id')}::uuid,
        jsonb_build_object('status', 'accepted', 'emission_id', ${P('emission_id')}::text) FROM q
      RETURNING seq, type, entity_id, data, created_at
    ), deliveries AS (${eventDeliveries(P('agency_id'), 'added')})
    SELECT q.id, ${eventNotifications(P('agency_id'), 'added', 'deliveries')} AS notified FROM q`,
);

/**
 * The quote (locked by lockQuote) becomes accepted with its emission, in the emission's
 * transaction, with its `quote.updated` event. False when it already had one.
 */
export async function linkQuoteToEmission(
  db: Db,
  params: { agencyId: string; quoteId: string; emissionId: string; actorId: string | null },
): Promise<boolean> {
  const rows = await linkEmission(db, {
    agency_id: params.agencyId,
    quote_id: params.quoteId,
    emission_id: params.emissionId,
    actor_id: params.actorId,
  });
  return rows.length === 1;
}

/**
 * The quote expiry (quotes.expire): the agencies with quotes nobody answered past their validity
 * at `now`. Read as the owner across agencies; each agency is then expired as its tenant.
 */
export async function getAgenciesWithDueQuotes(db: Db, { now }: { now: string }): Promise<string[]> {
  return rowsOf<{ agency_id: string }>(
    await db.execute(sql`SELECT DISTINCT agency_id FROM quotes
      WHERE status IN ('draft', 'sent') AND valid_until < ${now}::timestamptz ORDER BY agency_id`),
  ).map((r) => r.agency_id);
}

/** Expires the agency's quotes past their validity at `now`; their ids. */
export async function expireDueQuotes(db: Db, { agencyId, now }: { agencyId: string; now: string }) {
  return rowsOf<{ id: string }>(
    await db.execute(sql`UPDATE quotes SET status = 'expired', expired_at = ${now}::timestamptz, updated_at = now()
      WHERE agency_id = ${agencyId} AND status IN ('draft', 'sent') AND valid_until < ${now}::timestamptz
      RETURNING id`),
  ).map((r) => r.id);
}

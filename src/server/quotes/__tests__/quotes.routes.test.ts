import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/agency/agency.schema';
import { emissionDetailSchema } from '../../../domain/emissions/emission.schema';
import { DEFAULT_CARD_INTEREST_PERCENT, paymentOptions } from '../../../domain/quotes/payment';
import { QUOTE_MESSAGES, quoteListSchema, quoteSchema, type Quote } from '../../../domain/quotes/quote.schema';
import { simulate } from '../../../domain/simulator/simulator.rules';
import { activity, emissions, events, mile_lots, program_rules, quotes } from '../../db/schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { brokenLots } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { quoteExpiryJob } from '../quotes.jobs';

/**
 * Quotes (issue #19): saving a simulation from a lot, from the programme's stock or from the
 * fallback, computed by the server with the domain's simulate(); bad input refused per field with
 * nothing written; the list and its filters; the status machine; conversion into an emission in
 * the emission's transaction (and a second conversion refused, writing nothing); expiry by the job
 * on the test clock; another agency's quote out of reach. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let userId: string;
let otherCookie: string;
let otherAgencyId: string;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

const api = {
  create: (body: unknown, as = cookie) => call(ctx.app, 'POST', '/api/v1/quotes', { cookie: as, body, headers: CLOCK }),
  get: (id: string, as = cookie) => call(ctx.app, 'GET', `/api/v1/quotes/${id}`, { cookie: as, headers: CLOCK }),
  list: (query = '', as = cookie) => call(ctx.app, 'GET', `/api/v1/quotes${query}`, { cookie: as, headers: CLOCK }),
  status: (id: string, status: string, as = cookie) =>
    call(ctx.app, 'POST', `/api/v1/quotes/${id}/status`, { cookie: as, body: { status }, headers: CLOCK }),
  emit: (body: unknown, as = cookie) =>
    call(ctx.app, 'POST', '/api/v1/emissions', { cookie: as, body, headers: CLOCK }),
  read: (path: string, as = cookie) => call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers: CLOCK }),
  put: (path: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1${path}`, { cookie: as, body, headers: CLOCK }),
};

let seq = 0;
async function clientWithAccount(agency: string, program = 'LATAM', name?: string) {
  const n = ++seq;
  const client = await createClientRow(ctx.handle.db, agency, {
    name: name ?? `Cliente Cotação ${n}`,
    document: validCpf(810_000 + n),
    email: `cot${n}@ex.com`,
  });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agency, {
    client_id: client.id,
    program,
    account_number: `COT-${n}`,
  });
  return { client, account };
}

async function lotIn(
  agency: string,
  accountId: string,
  cpm: string,
  miles: number,
  expiry: string | null = '2027-01-01',
) {
  return createLotRow(ctx.handle.db, agency, accountId, {
    original_quantity: miles,
    remaining_quantity: miles,
    cost_per_thousand: cpm,
    total_cost_cents: Math.round((miles * Number(cpm)) / 10),
    expiry_date: expiry,
  });
}

const quoteCount = async (agency = agencyId) =>
  (await ctx.handle.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.agency_id, agency))).length;
const emissionCount = async (agency = agencyId) =>
  (await ctx.handle.db.select({ id: emissions.id }).from(emissions).where(eq(emissions.agency_id, agency))).length;
const remainingMiles = async (agency = agencyId) =>
  Number(
    (
      await ctx.handle.db
        .select({ m: sql<string>`coalesce(sum(${mile_lots.remaining_quantity}), 0)::text` })
        .from(mile_lots)
        .where(eq(mile_lots.agency_id, agency))
    )[0]!.m,
  );

let maria: Awaited<ReturnType<typeof clientWithAccount>>;
let cheapLot: string;
let dearLot: string;
let joao: Awaited<ReturnType<typeof clientWithAccount>>;
let joaoLot: string;
let foreign: Awaited<ReturnType<typeof clientWithAccount>>;
let foreignLot: string;

const base = () => ({
  program: 'LATAM',
  client_id: maria.client.id,
  account_id: maria.account.id,
  miles: '40000',
  fees_cents: '312,45',
  rav_cents: '50,00',
  rav_mode: 'cost',
  markup_percent: '15',
  route: 'nat gru nat',
  departure_date: '2026-05-10',
  return_date: '2026-05-20',
  passengers: ['Maria das Dores', 'José das Dores'],
});

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({
    agencyId,
    cookie,
    user: { id: userId },
  } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
  maria = await clientWithAccount(agencyId, 'LATAM', 'Maria das Dores');
  cheapLot = (await lotIn(agencyId, maria.account.id, '20.0000', 50_000)).id;
  dearLot = (await lotIn(agencyId, maria.account.id, '30.5000', 100_000, '2026-04-30')).id;
  joao = await clientWithAccount(agencyId, 'LATAM', 'João Batista');
  joaoLot = (await lotIn(agencyId, joao.account.id, '25.0000', 30_000)).id;
  foreign = await clientWithAccount(otherAgencyId, 'LATAM', 'Cliente de Outra Agência');
  foreignLot = (await lotIn(otherAgencyId, foreign.account.id, '10.0000', 80_000)).id;
  await ctx.handle.db.insert(program_rules).values({
    agency_id: agencyId,
    program: 'LATAM',
    min_margin_cents: 4_000,
    min_margin_percent: '12.00',
    default_rav_cents: 3_000,
    cpm_cap: '28.0000',
    sla_target_hours: 24,
  });
});
afterAll(() => ctx.close());

describe('saving a quote', () => {
  it("from a lot: the lot's CPM, the server's figures, payment options and a 48 h validity", async () => {
    const before = Date.now();
    const res = await api.create({ ...base(), lot_id: cheapLot });
    expect(res.status).toBe(201);
    const quote = quoteSchema.parse(res.body);
    const expected = simulate(
      {
        miles: 40_000,
        cost_per_thousand: '20.0000',
        fees_cents: 31_245,
        rav_cents: 5_000,
        rav_mode: 'cost',
        markup_percent: '15.00',
      },
      { rule: { min_margin_cents: 4_000, min_margin_percent: '12.00', cpm_cap: '28.0000' } },
    );
    expect(quote).toMatchObject({
      status: 'draft',
      program: 'LATAM',
      client_id: maria.client.id,
      client_name: 'Maria das Dores',
      account_id: maria.account.id,
      account_number: maria.account.account_number,
      lot_id: cheapLot,
      route: 'NAT-GRU-NAT',
      departure_date: '2026-05-10',
      return_date: '2026-05-20',
      passengers: ['Maria das Dores', 'José das Dores'],
      miles: 40_000,
      fees_cents: 31_245,
      rav_cents: 5_000,
      rav_mode: 'cost',
      markup_percent: '15.00',
      cost_per_thousand: '20.0000',
      cost_source: 'lot',
      miles_cost_cents: 80_000,
      markup_cents: expected.markup_cents,
      price_cents: expected.price_cents,
      total_cost_cents: expected.total_cost_cents,
      margin_cents: expected.margin_cents,
      margin_percent: expected.margin_percent,
      validity_hours: 48,
      emission_id: null,
      card_interest_percent: [...DEFAULT_CARD_INTEREST_PERCENT],
      payment_options: paymentOptions(expected.price_cents, DEFAULT_CARD_INTEREST_PERCENT),
      warnings: [],
    });
    // (80 000 + 31 245 + 5 000) × 15 % = 17 436,75 → 17 437 of markup: 133 682 centavos of price.
    expect(quote.price_cents).toBe(133_682);
    const hours =
      (new Date(quote.valid_until.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThan(48.1);
    expect((await api.get(quote.id)).body).toEqual(res.body);
    const [line] = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.agency_id, agencyId), eq(activity.ref_id, quote.id)));
    expect(line).toMatchObject({
      kind: 'quote_created',
      description: 'Cotação NAT-GRU-NAT salva para Maria das Dores',
    });
    const [event] = await ctx.handle.db
      .select()
      .from(events)
      .where(and(eq(events.agency_id, agencyId), eq(events.entity_id, quote.id)));
    expect(event).toMatchObject({ type: 'quote.created' });
  });

  it("without a lot: the programme's stock average, as GET /lots/average-cost gives it to the page", async () => {
    const res = await api.create({ ...base(), account_id: null, client_id: null, rav_mode: 'revenue' });
    expect(res.status).toBe(201);
    const quote = quoteSchema.parse(res.body);
    const average = (await api.read('/lots/average-cost?program=LATAM')).body.data[0];
    // (50 000 × 20 + 100 000 × 30,5 + 30 000 × 25) ÷ 180 000 = 26,6667 (4 places, as the lots API rounds it).
    expect(average.average_cost_per_thousand).toBe('26.6667');
    expect(quote).toMatchObject({ cost_per_thousand: '26.6667', cost_source: 'average', client_name: null });
    const page = simulate({
      miles: 40_000,
      cost_per_thousand: average.average_cost_per_thousand,
      fees_cents: 31_245,
      rav_cents: 5_000,
      rav_mode: 'revenue',
      markup_percent: '15.00',
    });
    expect(quote.price_cents).toBe(page.price_cents);
    expect(quote.margin_cents).toBe(page.margin_cents);
  });

  it('warns as the page does: not enough miles, a lot expiring before the flight, below the minimum margin', async () => {
    const res = await api.create({
      ...base(),
      lot_id: dearLot,
      miles: '120000',
      markup_percent: '5',
      departure_date: '2026-06-01',
      return_date: null,
    });
    expect(res.status).toBe(201);
    expect((res.body as Quote).warnings.map((w) => w.code)).toEqual([
      'margin_below_minimum',
      'cpm_above_cap',
      'insufficient_miles',
      'lot_expires_before_departure',
    ]);
    expect((res.body as Quote).warnings[2]!.message).toBe(
      'O lote escolhido tem 100.000 milhas disponíveis; faltam 20.000.',
    );
  });

  it("a programme without stock uses the spec's 15 per thousand", async () => {
    const res = await api.create({ ...base(), program: 'SMILES', client_id: null, account_id: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cost_per_thousand: '15.0000', cost_source: 'fallback', miles_cost_cents: 60_000 });
    expect((res.body as Quote).warnings).toEqual([
      {
        code: 'no_stock',
        severity: 'info',
        message: 'Sem estoque de Smiles: usando o custo padrão de R$\u00a015,00 por milheiro.',
      },
    ]);
  });

  it("keeps the agency's card interest as it was when saved", async () => {
    const table = [0, 0, 1.5, 3, 4.5, 6, 7.5, 9, 10.5, 12, 13.5, 15];
    expect((await api.put('/agency/settings', { ...DEFAULT_SETTINGS, card_interest_percent: table })).status).toBe(200);
    const saved = quoteSchema.parse((await api.create(base())).body);
    expect(saved.card_interest_percent).toEqual(table);
    expect(saved.payment_options.card[2]!.interest_percent).toBe(1.5);
    // A PUT without the table (an older client) keeps it.
    const { card_interest_percent: _t, ...withoutTable } = DEFAULT_SETTINGS;
    expect((await api.put('/agency/settings', { ...withoutTable, default_markup_percent: 20 })).body).toMatchObject({
      default_markup_percent: 20,
      card_interest_percent: table,
    });
    expect((await api.put('/agency/settings', DEFAULT_SETTINGS)).status).toBe(200);
    expect((await api.get(saved.id)).body.card_interest_percent).toEqual(table);
  });

  it.each([
    ['0 miles', { miles: 0 }, { miles: 'Milhas devem ser maior que 0' }],
    ['negative miles', { miles: -1000 }, { miles: 'Milhas devem ser maior que 0' }],
    ['markup above 1,000 %', { markup_percent: '1000,5' }, { markup_percent: 'O markup deve ser no máximo 1000%' }],
    ['a lot of another agency', () => ({ lot_id: foreignLot }), { lot_id: QUOTE_MESSAGES.lotNotFound }],
    ['a lot of another account', () => ({ lot_id: joaoLot }), { lot_id: QUOTE_MESSAGES.lotNotOfAccount }],
    [
      'an account of another agency',
      () => ({ account_id: foreign.account.id }),
      { account_id: QUOTE_MESSAGES.accountNotFound },
    ],
    [
      'a client of another agency',
      () => ({ client_id: foreign.client.id }),
      { client_id: QUOTE_MESSAGES.clientNotFound },
    ],
    [
      "someone else's account",
      () => ({ account_id: joao.account.id }),
      { account_id: QUOTE_MESSAGES.accountNotOfClient },
    ],
    ['an account of another programme', () => ({ program: 'AZUL' }), { account_id: QUOTE_MESSAGES.accountProgram }],
    ['a past departure', { departure_date: '2026-03-14' }, { departure_date: QUOTE_MESSAGES.departurePast }],
    [
      'a bad route',
      { route: 'Natal' },
      { route: 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU' },
    ],
  ])('refuses %s with a Portuguese field message, writing nothing', async (_what, patch, fields) => {
    const before = await quoteCount();
    const res = await api.create({ ...base(), ...(typeof patch === 'function' ? patch() : patch) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields });
    expect(await quoteCount()).toBe(before);
  });

  it('refuses a body that is no object, never a 500', async () => {
    for (const body of [null, [], 'x', 42, { miles: { $gt: 1 } }]) {
      const res = await api.create(body);
      expect(res.status).toBe(400);
    }
  });
});

describe('the list', () => {
  it('pages newest first and filters by status, client, search and period', async () => {
    const all = quoteListSchema.parse((await api.list()).body);
    expect(all.total).toBeGreaterThanOrEqual(5);
    const times = all.data.map((q) => q.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.data.every((q) => q.status === 'draft')).toBe(true);

    const byClient = quoteListSchema.parse((await api.list(`?client_id=${maria.client.id}`)).body);
    expect(byClient.data.length).toBeGreaterThan(0);
    expect(byClient.data.every((q) => q.client_id === maria.client.id)).toBe(true);
    const byName = quoteListSchema.parse((await api.list('?search=dores')).body);
    expect(byName.data.map((q) => q.id).sort()).toEqual(byClient.data.map((q) => q.id).sort());
    const byRoute = quoteListSchema.parse((await api.list('?search=gru-nat')).body);
    expect(byRoute.total).toBe(all.total);
    expect((await api.list('?search=xyz')).body.total).toBe(0);

    const paged = quoteListSchema.parse((await api.list('?limit=2&page=2')).body);
    expect(paged.data.map((q) => q.id)).toEqual(all.data.slice(2, 4).map((q) => q.id));
    expect(paged.total_pages).toBe(Math.ceil(all.total / 2));

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect((await api.list(`?date_from=${today}&date_to=${today}`)).body.total).toBe(all.total);
    expect((await api.list('?date_to=2020-01-01')).body.total).toBe(0);
    expect((await api.list('?status=sent')).body.total).toBe(0);
  });

  it('refuses bad filters with a message', async () => {
    expect((await api.list('?status=aceita')).body.error.fields).toEqual({ status: QUOTE_MESSAGES.statusInvalid });
    expect((await api.list('?date_from=2026-02-01&date_to=2026-01-01')).body.error.fields).toEqual({
      date_to: QUOTE_MESSAGES.periodInvalid,
    });
  });

  it("never shows another agency's quotes", async () => {
    expect((await api.list('', otherCookie)).body.total).toBe(0);
  });
});

describe('status changes', () => {
  it('draft → sent → accepted, each with its activity line; then no more changes', async () => {
    const { id } = (await api.create(base())).body as Quote;
    const sent = await api.status(id, 'sent');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
    const accepted = await api.status(id, 'accepted');
    expect(accepted.body).toMatchObject({ status: 'accepted', accepted_at: expect.any(String) });
    const again = await api.status(id, 'declined');
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'INVALID_QUOTE_STATUS',
      message: 'Não é possível marcar como recusada uma cotação aceita.',
    });
    const kinds = (
      await ctx.handle.db
        .select({ kind: activity.kind })
        .from(activity)
        .where(and(eq(activity.agency_id, agencyId), eq(activity.ref_id, id)))
    ).map((r) => r.kind);
    expect(kinds.sort()).toEqual(['quote_accepted', 'quote_created', 'quote_sent']);
  });

  it('declined is final, and a bad status is a 400', async () => {
    const { id } = (await api.create(base())).body as Quote;
    expect((await api.status(id, 'declined')).body.status).toBe('declined');
    expect((await api.status(id, 'sent')).status).toBe(409);
    const bad = await api.status(id, 'expired');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ status: QUOTE_MESSAGES.statusInvalid });
  });

  it("another agency's quote is not found, for reading and for changing", async () => {
    const { id } = (await api.create(base())).body as Quote;
    expect((await api.get(id, otherCookie)).status).toBe(404);
    const change = await api.status(id, 'sent', otherCookie);
    expect(change.status).toBe(404);
    expect(change.body.error.message).toBe(QUOTE_MESSAGES.notFound);
    expect((await api.get(id)).body.status).toBe('draft');
    expect((await api.get('not-a-uuid')).status).toBe(404);
  });
});

describe('converting into an emission', () => {
  const emission = (quote: Quote, over: Record<string, unknown> = {}) => ({
    client_id: quote.client_id,
    account_id: quote.account_id,
    route: quote.route,
    miles_used: quote.miles,
    fees_cents: quote.fees_cents,
    revenue_cents: quote.price_cents,
    rav_cents: quote.rav_cents,
    departure_date: quote.departure_date,
    passengers: [{ name: 'Maria das Dores', cpf: validCpf(4242) }],
    quote_id: quote.id,
    ...over,
  });

  it('creates the emission and accepts the quote with its id, in one transaction', async () => {
    const quote = (await api.create({ ...base(), lot_id: cheapLot })).body as Quote;
    await api.status(quote.id, 'sent');
    const res = await api.emit(emission(quote));
    expect(res.status).toBe(201);
    const detail = emissionDetailSchema.parse(res.body);
    expect(detail.emission).toMatchObject({ revenue_cents: quote.price_cents, route: 'NAT-GRU-NAT' });
    const after = quoteSchema.parse((await api.get(quote.id)).body);
    expect(after).toMatchObject({
      status: 'accepted',
      emission_id: detail.emission.id,
      accepted_at: expect.any(String),
    });
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
  });

  it('a second conversion is a 409 in Portuguese, and writes nothing', async () => {
    const quote = (await api.create(base())).body as Quote;
    expect((await api.emit(emission(quote))).status).toBe(201);
    const before = { emissions: await emissionCount(), miles: await remainingMiles() };
    const twice = await api.emit(emission(quote));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({
      code: 'QUOTE_ALREADY_CONVERTED',
      message: QUOTE_MESSAGES.alreadyConverted,
    });
    expect({ emissions: await emissionCount(), miles: await remainingMiles() }).toEqual(before);
  });

  it('two conversions at once: one wins, the other is refused', async () => {
    const quote = (await api.create(base())).body as Quote;
    const before = await emissionCount();
    const results = await Promise.all([api.emit(emission(quote)), api.emit(emission(quote))]);
    expect(results.map((r) => r.status).sort((a, b) => a - b)).toEqual([201, 409]);
    expect(await emissionCount()).toBe(before + 1);
  });

  it('a declined or expired quote cannot be converted; an emission that fails leaves the quote as it was', async () => {
    const declined = (await api.create(base())).body as Quote;
    await api.status(declined.id, 'declined');
    const before = await emissionCount();
    const refused = await api.emit(emission(declined));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'QUOTE_NOT_CONVERTIBLE', message: QUOTE_MESSAGES.notConvertible });

    const open = (await api.create(base())).body as Quote;
    const short = await api.emit(emission(open, { miles_used: 10_000_000 }));
    expect(short.status).toBe(409);
    expect(short.body.error.code).toBe('INSUFFICIENT_MILES');
    expect((await api.get(open.id)).body).toMatchObject({ status: 'draft', emission_id: null });
    expect(await emissionCount()).toBe(before);
  });

  it("another agency's quote is not found, and nothing is written", async () => {
    const quote = (await api.create(base())).body as Quote;
    const other = await clientWithAccount(otherAgencyId);
    await lotIn(otherAgencyId, other.account.id, '20.0000', 100_000);
    const before = await emissionCount(otherAgencyId);
    const res = await api.emit(
      emission(quote, { client_id: other.client.id, account_id: other.account.id }),
      otherCookie,
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'QUOTE_NOT_FOUND', message: QUOTE_MESSAGES.notFound });
    expect(await emissionCount(otherAgencyId)).toBe(before);
    expect((await api.get(quote.id)).body.status).toBe('draft');
    const bad = await api.emit(emission(quote, { quote_id: 'x' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ quote_id: 'Cotação inválida' });
  });
});

describe('expiry', () => {
  const expire = (now: string, agency?: string) =>
    quoteExpiryJob.handle(
      { now, ...(agency ? { agency_id: agency } : {}) },
      { db: ctx.handle.db, logger: pino({ level: 'silent' }), job: {} as never },
    );

  it('the job expires drafts and sent quotes past their validity, once, and leaves the rest', async () => {
    const draft = (await api.create({ ...base(), validity_hours: 1 })).body as Quote;
    const sent = (await api.create({ ...base(), validity_hours: 2 })).body as Quote;
    await api.status(sent.id, 'sent');
    const accepted = (await api.create({ ...base(), validity_hours: 1 })).body as Quote;
    await api.status(accepted.id, 'accepted');
    const later = (await api.create({ ...base(), validity_hours: 72 })).body as Quote;
    const other = (await api.create({ ...base(), client_id: null, account_id: null, validity_hours: 1 }, otherCookie))
      .body as Quote;

    const inOneHourAndAHalf = new Date(Date.now() + 90 * 60_000).toISOString();
    await expire(inOneHourAndAHalf);
    expect((await api.get(draft.id)).body).toMatchObject({ status: 'expired', expired_at: expect.any(String) });
    expect((await api.get(sent.id)).body.status).toBe('sent');
    expect((await api.get(other.id, otherCookie)).body.status).toBe('expired');

    const inThreeHours = new Date(Date.now() + 3 * 3_600_000).toISOString();
    await expire(inThreeHours);
    await expire(inThreeHours);
    expect((await api.get(sent.id)).body.status).toBe('expired');
    expect((await api.get(accepted.id)).body.status).toBe('accepted');
    expect((await api.get(later.id)).body.status).toBe('draft');
    const expiredEvents = await ctx.handle.db
      .select()
      .from(events)
      .where(and(eq(events.agency_id, agencyId), eq(events.entity_id, draft.id), eq(events.type, 'quote.updated')));
    expect(expiredEvents).toHaveLength(1);

    // An expired quote is final and cannot become an emission.
    expect((await api.status(draft.id, 'accepted')).status).toBe(409);
    expect((await api.status(draft.id, 'sent')).body.error.message).toBe(
      'Não é possível marcar como enviada uma cotação expirada.',
    );
  });
});

describe('authorship', () => {
  it('records who saved the quote', async () => {
    const { id } = (await api.create(base())).body as Quote;
    const [row] = await ctx.handle.db.select({ by: quotes.created_by }).from(quotes).where(eq(quotes.id, id));
    expect(row?.by).toBe(userId);
  });
});

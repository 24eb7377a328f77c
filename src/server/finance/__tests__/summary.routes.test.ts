import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeSummarySchema } from '../../../domain/finance/summary.schema';
import { emissions, financial_entries } from '../../db/schema';
import { createClientRow } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * /api/v1/finance/summary (issue #15, decisions/0019) over crafted data: a lot bought in January
 * and used in February (its cost in February's accrual, its cash out in January's cash), postings
 * by method, a miles-cost posting left out of cash, a cancelled emission's posting, receivables;
 * every figure also recounted here from the rows.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;

const CLOCK = { 'x-test-today': '2026-03-15' };
const summary = (query = '', as = cookie) =>
  call(ctx.app, 'GET', `/api/v1/finance/summary${query}`, { cookie: as, headers: CLOCK });
const post = async (body: Record<string, unknown>) => {
  const res = await call(ctx.app, 'POST', '/api/v1/finance/entries', { cookie, headers: CLOCK, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

/** Midday in São Paulo on `day`, as a timestamp. */
const at = (day: string) => new Date(`${day}T12:00:00-03:00`).toISOString();
/** A timestamp as PostgreSQL writes it ("2026-02-10 15:00:00+00"), in milliseconds. */
const ms = (ts: string) => Date.parse(ts.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));

  // January: a lot of 10,000 miles at R$ 0,02 — R$ 200,00 out, posted by the lot itself.
  const lot = await call(ctx.app, 'POST', '/api/v1/lots', {
    cookie,
    headers: CLOCK,
    body: {
      program: 'LATAM',
      account_number: 'FIN-1',
      original_quantity: '10000',
      cost_per_mile: '0,02',
      purchase_date: '2026-01-20',
      expiry_date: '2027-01-20',
    },
  });
  expect(lot.status, JSON.stringify(lot.body)).toBe(201);

  // February: an emission using those miles, and a cancelled one.
  const client = await createClientRow(ctx.handle.db, agencyId, { name: 'Cliente Financeiro' });
  const sold = await createEmissionRow(ctx.handle.db, agencyId, client.id, {
    status: 'issued',
    revenue_cents: 100_000,
    fees_cents: 12_000,
    miles_cost_cents: 20_000,
    rav_cents: 3_000,
    margin_cents: 65_000,
    created_at: at('2026-02-10'),
  });
  const cancelled = await createEmissionRow(ctx.handle.db, agencyId, client.id, {
    status: 'cancelled',
    revenue_cents: 50_000,
    margin_cents: 10_000,
    created_at: at('2026-02-11'),
  });
  // A pending one on the last evening of February (São Paulo), still February.
  await createEmissionRow(ctx.handle.db, agencyId, client.id, {
    status: 'pending',
    revenue_cents: 7_000,
    miles_cost_cents: 5_000,
    margin_cents: 2_000,
    created_at: new Date('2026-02-28T23:30:00-03:00').toISOString(),
  });

  await post({
    kind: 'revenue',
    category: 'revenue',
    amount_cents: 60_000,
    entry_date: '2026-02-12',
    payment_method: 'pix',
    emission_id: sold.id,
  });
  await post({
    kind: 'expense',
    category: 'fees',
    amount_cents: 12_000,
    entry_date: '2026-02-12',
    payment_method: 'card',
    installments: 2,
    emission_id: sold.id,
  });
  await post({
    kind: 'expense',
    category: 'miles_cost',
    amount_cents: 20_000,
    entry_date: '2026-02-12',
    emission_id: sold.id,
  });
  await post({
    kind: 'revenue',
    category: 'revenue',
    amount_cents: 5_000,
    entry_date: '2026-02-13',
    payment_method: 'pix',
    emission_id: cancelled.id,
  });
  await post({
    kind: 'expense',
    category: 'other',
    amount_cents: 999,
    entry_date: '2026-02-14',
    payment_method: 'cash',
    description: 'Café',
  });
});
afterAll(() => ctx.close());

describe('finance summary', () => {
  it("puts February's emission in February's accrual and the lot's purchase in January's cash", async () => {
    const res = await summary('?from=2026-02-01&to=2026-02-28');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = financeSummarySchema.parse(res.body);
    expect(s.period).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(s.previous_period).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(s.accrual).toEqual({
      emissions: 2,
      revenue_cents: 107_000,
      cost_cents: 35_000 + 5_000,
      margin_cents: 67_000,
      margin_percent: 62.62,
    });
    expect(s.previous_accrual).toMatchObject({ emissions: 0, revenue_cents: 0, cost_cents: 0 });
    // Cash: 60,000 + 5,000 in by PIX; 12,000 by card and 999 in cash out; the miles-cost posting left out.
    expect(s.cash).toEqual({
      in_cents: 65_000,
      out_cents: -12_999,
      net_cents: 52_001,
      by_method: [
        { method: 'card', in_cents: 0, out_cents: -12_000 },
        { method: 'cash', in_cents: 0, out_cents: -999 },
        { method: 'pix', in_cents: 65_000, out_cents: 0 },
      ],
    });
    expect(s.receivables_cents).toBe(40_000 + 7_000);
    expect(s.differences).toEqual({ lot_purchases_cents: 0, miles_used_cents: 25_000, void_postings_cents: 5_000 });
    expect(s.stock_cost_cents).toBe(20_000);
    expect(s.monthly).toHaveLength(12);
    expect(s.monthly[0]!.month).toBe('2025-03');
    expect(s.monthly.at(-1)).toEqual({
      month: '2026-02',
      revenue_cents: 107_000,
      cost_cents: 40_000,
      margin_cents: 67_000,
    });
    expect(s.recent_receipts.map((r) => r.amount_cents)).toEqual([5_000, 60_000]);

    const january = financeSummarySchema.parse((await summary('?from=2026-01-01&to=2026-01-31')).body);
    expect(january.accrual.emissions).toBe(0);
    expect(january.cash).toMatchObject({ in_cents: 0, out_cents: -20_000 });
    expect(january.differences.lot_purchases_cents).toBe(20_000);
    expect(january.receivables_cents).toBe(0);
  });

  it('matches a recount of the rows', async () => {
    const s = financeSummarySchema.parse((await summary('?from=2026-01-01&to=2026-02-28')).body);
    const rows = await ctx.handle.db
      .select()
      .from(emissions)
      .where(and(eq(emissions.agency_id, agencyId), isNull(emissions.deleted_at)));
    const inPeriod = rows.filter(
      (e) =>
        ['pending', 'processing', 'issued'].includes(e.status) &&
        ms(e.created_at) >= Date.parse('2026-01-01T00:00:00-03:00') &&
        ms(e.created_at) < Date.parse('2026-03-01T00:00:00-03:00'),
    );
    expect(inPeriod).toHaveLength(2);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(s.accrual.revenue_cents).toBe(sum(inPeriod.map((e) => Number(e.revenue_cents))));
    expect(s.accrual.cost_cents).toBe(
      sum(inPeriod.map((e) => Number(e.fees_cents) + Number(e.miles_cost_cents) + Number(e.rav_cents))),
    );
    expect(s.accrual.margin_cents).toBe(sum(inPeriod.map((e) => Number(e.margin_cents))));
    const entries = (
      await ctx.handle.db.select().from(financial_entries).where(eq(financial_entries.agency_id, agencyId))
    ).filter((f) => f.category !== 'miles_cost' && f.entry_date >= '2026-01-01' && f.entry_date <= '2026-02-28');
    expect(s.cash.in_cents).toBe(sum(entries.map((f) => Number(f.amount_cents)).filter((a) => a > 0)));
    expect(s.cash.out_cents).toBe(sum(entries.map((f) => Number(f.amount_cents)).filter((a) => a < 0)));
  });

  it('defaults to the current month and refuses a bad period in Portuguese', async () => {
    const s = financeSummarySchema.parse((await summary()).body);
    expect(s.period).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(s.previous_period).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // A period that is not whole months compares with as many days just before it.
    const days = financeSummarySchema.parse((await summary('?from=2026-02-10&to=2026-02-19')).body);
    expect(days.previous_period).toEqual({ from: '2026-01-31', to: '2026-02-09' });
    const backwards = await summary('?from=2026-03-10&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.to).toBe('A data inicial deve ser anterior à final');
    expect((await summary('?from=2024-01-01&to=2026-01-01')).body.error.fields.from).toBe(
      'Escolha um período de até 366 dias',
    );
    expect((await summary('?from=2026-02-30')).body.error.fields.from).toBe('Data inválida');
  });

  it("shows another agency nothing of this one's", async () => {
    const other = await signedInAgency(ctx);
    const s = financeSummarySchema.parse((await summary('?from=2026-01-01&to=2026-02-28', other.cookie)).body);
    expect(s.accrual.emissions).toBe(0);
    expect(s.cash).toMatchObject({ in_cents: 0, out_cents: 0 });
    expect(s.receivables_cents).toBe(0);
    expect(s.stock_cost_cents).toBe(0);
  });

  it("counts receivables as still owed today: a March receipt lowers February's, and March's cash holds it", async () => {
    const [sold] = await ctx.handle.db
      .select()
      .from(emissions)
      .where(and(eq(emissions.agency_id, agencyId), eq(emissions.status, 'issued')));
    await post({
      kind: 'revenue',
      category: 'revenue',
      amount_cents: 25_000,
      entry_date: '2026-03-02',
      payment_method: 'transfer',
      emission_id: sold!.id,
    });
    const february = financeSummarySchema.parse((await summary('?from=2026-02-01&to=2026-02-28')).body);
    expect(february.receivables_cents).toBe(15_000 + 7_000);
    expect(february.cash.in_cents).toBe(65_000);
    const march = financeSummarySchema.parse((await summary('?from=2026-03-01&to=2026-03-31')).body);
    expect(march.cash.by_method).toEqual([{ method: 'transfer', in_cents: 25_000, out_cents: 0 }]);
    expect(march.receivables_cents).toBe(15_000 + 7_000);
  });
});

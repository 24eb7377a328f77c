import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotPerformanceListSchema } from '../../../domain/finance/lot-performance.schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * GET /api/v1/finance/lots (issue #15 "lot performance"): two lots of one account, three emissions
 * through the API — one inside the first lot, one across both (the allocation engine takes the
 * cheaper first), one cancelled (its miles back, counting nothing) — every figure checked by hand:
 * miles used, their cost, the revenue and margin split by miles, ROI, stock; paging, bad input,
 * isolation.
 */
let ctx: TestContext;
let cookie: string;
const CLOCK = { 'x-test-today': '2026-03-15' };

const lots = async (query = '', as = cookie) =>
  call(ctx.app, 'GET', `/api/v1/finance/lots${query}`, { cookie: as, headers: CLOCK });

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  const me = await signedInAgency(ctx);
  cookie = me.cookie;
  const client = await createClientRow(ctx.handle.db, me.agencyId, { name: 'Cliente dos Lotes' });
  const account = await createLoyaltyAccountRow(ctx.handle.db, me.agencyId, {
    client_id: client.id,
    program: 'LATAM',
    account_number: 'PERF-1',
  });
  // Cheaper lot bought first: 10,000 miles at R$ 0,02 (R$ 200,00); then 10,000 at R$ 0,03 (R$ 300,00).
  for (const [cost, day] of [
    ['0,02', '2026-02-01'],
    ['0,03', '2026-02-10'],
  ] as const) {
    const lot = await call(ctx.app, 'POST', '/api/v1/lots', {
      cookie,
      headers: CLOCK,
      body: {
        account_id: account.id,
        program: 'LATAM',
        original_quantity: '10000',
        cost_per_mile: cost,
        purchase_date: day,
        expiry_date: '2027-03-01',
        supplier: 'Fornecedor Teste',
      },
    });
    expect(lot.status, JSON.stringify(lot.body)).toBe(201);
  }
  const emit = async (miles: number, revenue: number) => {
    const res = await call(ctx.app, 'POST', '/api/v1/emissions', {
      cookie,
      headers: CLOCK,
      body: {
        client_id: client.id,
        account_id: account.id,
        route: 'NAT-GRU',
        miles_used: miles,
        fees_cents: 0,
        revenue_cents: revenue,
        rav_cents: 0,
        passengers: [{ name: 'Passageira Lote', cpf: validCpf(5_151) }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.emission.id as string;
  };
  // 6,000 miles from the cheap lot: cost R$ 120,00, revenue R$ 300,00, margin R$ 180,00.
  await emit(6_000, 30_000);
  // 6,000 miles: 4,000 from the cheap lot (R$ 80,00) and 2,000 from the other (R$ 60,00); cost
  // R$ 140,00, revenue R$ 333,33 split 2/3 – 1/3 (R$ 222,22 and R$ 111,11), margin R$ 193,33
  // (R$ 128,89 and R$ 64,44).
  await emit(6_000, 33_333);
  // Cancelled: its 1,000 miles go back to the dearer lot and count nowhere.
  const cancelled = await emit(1_000, 9_999);
  const res = await call(ctx.app, 'POST', `/api/v1/emissions/${cancelled}/transitions`, {
    cookie,
    headers: CLOCK,
    body: { action: 'cancel' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
afterAll(() => ctx.close());

describe('lot performance', () => {
  it('shows per lot the miles used, their cost, the revenue and margin they carried, ROI and stock', async () => {
    const res = await lots();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = lotPerformanceListSchema.parse(res.body);
    expect(list).toMatchObject({ total: 2, page: 1, total_pages: 1 });
    const [dear, cheap] = list.data;
    expect(cheap).toMatchObject({
      purchase_date: '2026-02-01',
      supplier: 'Fornecedor Teste',
      status: 'used',
      miles_used: 10_000,
      remaining_quantity: 0,
      used_cost_cents: 20_000,
      emissions: 2,
      revenue_cents: 30_000 + 22_222,
      margin_cents: 18_000 + 12_889,
      roi_percent: 154.45,
      stock_cost_cents: 0,
    });
    expect(dear).toMatchObject({
      purchase_date: '2026-02-10',
      status: 'available',
      miles_used: 2_000,
      remaining_quantity: 8_000,
      used_cost_cents: 6_000,
      emissions: 1,
      revenue_cents: 11_111,
      margin_cents: 6_444,
      roi_percent: 107.4,
      stock_cost_cents: 24_000,
    });
  });

  it('pages, refuses a bad page in Portuguese, and shows another agency none of these', async () => {
    const second = lotPerformanceListSchema.parse((await lots('?limit=1&page=2')).body);
    expect(second.data.map((l) => l.purchase_date)).toEqual(['2026-02-01']);
    expect(second.total_pages).toBe(2);
    const bad = await lots('?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.page).toBe('Página inválida');
    const other = await signedInAgency(ctx);
    expect(lotPerformanceListSchema.parse((await lots('', other.cookie)).body)).toMatchObject({ total: 0, data: [] });
  });
});

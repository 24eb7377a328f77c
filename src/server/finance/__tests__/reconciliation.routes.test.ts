import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECONCILIATION_EXPORT_HEADERS,
  complianceRate,
  reconciliationSchema,
} from '../../../domain/finance/reconciliation.schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * The reconciliation (issue #15, spec part 2 §3 and §9): per emission, expected vs posted, every
 * alert — each missing category, duplicates, postings on cancelled or failed emissions — the
 * counts and compliance rate, the filters, the CSV of the discrepancies, and isolation.
 */
let ctx: TestContext;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

interface Agency {
  cookie: string;
  agencyId: string;
}

const get = (a: Agency, query = '') =>
  call(ctx.app, 'GET', `/api/v1/reconciliation${query}`, { cookie: a.cookie, headers: CLOCK });

async function post(a: Agency, body: Record<string, unknown>) {
  const res = await call(ctx.app, 'POST', '/api/v1/finance/entries', {
    cookie: a.cookie,
    headers: CLOCK,
    body: { entry_date: TODAY, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

let accountSeq = 0;

/**
 * An emission through the API as the app makes it: 10,000 miles from a lot at R$ 0,02 a mile
 * (miles cost R$ 200,00), fees R$ 120,00, revenue R$ 1.000,00, RAV R$ 30,00.
 */
async function emission(a: Agency, pnr: string) {
  const client = await createClientRow(ctx.handle.db, a.agencyId, { name: `Cliente ${pnr}` });
  const account = await createLoyaltyAccountRow(ctx.handle.db, a.agencyId, {
    client_id: client.id,
    program: 'LATAM',
    account_number: `REC-${++accountSeq}`,
  });
  const lot = await call(ctx.app, 'POST', '/api/v1/lots', {
    cookie: a.cookie,
    headers: CLOCK,
    body: {
      account_id: account.id,
      program: 'LATAM',
      original_quantity: '10000',
      cost_per_mile: '0,02',
      purchase_date: '2026-03-01',
      expiry_date: '2027-03-01',
    },
  });
  expect(lot.status, JSON.stringify(lot.body)).toBe(201);
  const res = await call(ctx.app, 'POST', '/api/v1/emissions', {
    cookie: a.cookie,
    headers: CLOCK,
    body: {
      client_id: client.id,
      account_id: account.id,
      route: 'NAT-GRU',
      pnr,
      miles_used: 10_000,
      fees_cents: 12_000,
      revenue_cents: 100_000,
      rav_cents: 3_000,
      passengers: [{ name: 'Passageiro Conciliação', cpf: validCpf(4_242) }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.emission.id as string;
}

async function transition(a: Agency, id: string, action: string) {
  const res = await call(ctx.app, 'POST', `/api/v1/emissions/${id}/transitions`, {
    cookie: a.cookie,
    headers: CLOCK,
    body: { action },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function rowOf(a: Agency, id: string) {
  const res = await get(a, '?limit=100');
  expect(res.status).toBe(200);
  return reconciliationSchema.parse(res.body).data.find((r) => r.emission_id === id)!;
}

const EXPECTED = { revenue: 100_000, fees: 12_000, miles_cost: 20_000, rav: 3_000 };

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
});
afterAll(() => ctx.close());

describe('reconciliation', () => {
  let a: Agency;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    a = await signedInAgency(ctx);
  });

  it('flags every category missing on an emission with nothing posted, with the amounts to post', async () => {
    const id = await emission(a, 'NADA01');
    ids.NADA01 = id;
    const row = await rowOf(a, id);
    expect(row.expected).toEqual(EXPECTED);
    expect(row.posted).toEqual({ revenue: 0, fees: 0, miles_cost: 0, rav: 0 });
    expect(row.missing).toEqual(EXPECTED);
    expect(row.alerts).toEqual(['missing_fees', 'missing_miles_cost', 'missing_rav', 'missing_revenue']);
  });

  it('clears each alert as its amount is posted, and keeps one while only part of it is', async () => {
    const id = await emission(a, 'PARC01');
    await post(a, { kind: 'expense', category: 'fees', amount_cents: 12_000, emission_id: id });
    expect((await rowOf(a, id)).alerts).toEqual(['missing_miles_cost', 'missing_rav', 'missing_revenue']);
    await post(a, {
      kind: 'revenue',
      category: 'revenue',
      amount_cents: 60_000,
      emission_id: id,
      payment_method: 'pix',
    });
    const partly = await rowOf(a, id);
    expect(partly.alerts).toContain('missing_revenue');
    expect(partly.missing.revenue).toBe(40_000);
    await post(a, {
      kind: 'revenue',
      category: 'revenue',
      amount_cents: 40_000,
      emission_id: id,
      payment_method: 'pix',
    });
    await post(a, { kind: 'expense', category: 'miles_cost', amount_cents: 20_000, emission_id: id });
    await post(a, { kind: 'expense', category: 'rav', amount_cents: 3_000, emission_id: id });
    const done = await rowOf(a, id);
    expect(done.alerts).toEqual([]);
    expect(done.posted).toEqual(EXPECTED);
    expect(done.missing).toEqual({ revenue: 0, fees: 0, miles_cost: 0, rav: 0 });
  });

  it('flags a posting repeated with the same amount as a duplicate', async () => {
    const id = await emission(a, 'DUPL01');
    ids.DUPL01 = id;
    await post(a, { kind: 'expense', category: 'fees', amount_cents: 12_000, emission_id: id });
    await post(a, { kind: 'expense', category: 'fees', amount_cents: 12_000, emission_id: id });
    const row = await rowOf(a, id);
    expect(row.alerts).toContain('duplicate');
    expect(row.alerts).not.toContain('missing_fees');
    expect(row.posted.fees).toBe(24_000);
  });

  it('expects nothing of a cancelled or failed emission and flags what was posted against it', async () => {
    const posted = await emission(a, 'CANC01');
    await post(a, { kind: 'revenue', category: 'revenue', amount_cents: 100_000, emission_id: posted });
    await transition(a, posted, 'cancel');
    const row = await rowOf(a, posted);
    expect(row.status).toBe('cancelled');
    expect(row.expected).toEqual({ revenue: 0, fees: 0, miles_cost: 0, rav: 0 });
    expect(row.alerts).toEqual(['posted_on_void']);

    const clean = await emission(a, 'CANC02');
    await transition(a, clean, 'cancel');
    expect((await rowOf(a, clean)).alerts).toEqual([]);
  });

  it('counts the filter and its compliance rate, pages only the discrepancies when asked, filters by status and period', async () => {
    const all = reconciliationSchema.parse((await get(a, '?limit=100')).body);
    const withAlerts = all.data.filter((r) => r.alerts.length > 0).length;
    expect(all.counts).toEqual({
      total: all.data.length,
      discrepancies: withAlerts,
      compliance_rate: complianceRate(all.data.length, withAlerts),
    });
    // NADA01, DUPL01 and CANC01 have alerts; PARC01 and CANC02 none.
    expect(all.counts).toMatchObject({ total: 5, discrepancies: 3, compliance_rate: 40 });

    const only = reconciliationSchema.parse((await get(a, '?only_discrepancies=true&limit=2')).body);
    expect(only.counts).toEqual(all.counts);
    expect(only.total).toBe(3);
    expect(only.total_pages).toBe(2);
    expect(only.data.every((r) => r.alerts.length > 0)).toBe(true);

    const cancelled = reconciliationSchema.parse((await get(a, '?status=cancelled')).body);
    expect(cancelled.counts).toMatchObject({ total: 2, discrepancies: 1, compliance_rate: 50 });

    const past = reconciliationSchema.parse((await get(a, '?start=2000-01-01&end=2000-12-31')).body);
    expect(past.counts).toEqual({ total: 0, discrepancies: 0, compliance_rate: 100 });
    expect((await get(a, '?start=2000-01-01')).body.counts.total).toBe(5);
  });

  it('exports the discrepancies as a CSV with the spec columns and file name', async () => {
    const res = await ctx.app.request('http://localhost/api/v1/reconciliation/export', {
      headers: { cookie: a.cookie, ...CLOCK },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="discrepancias_\d{8}_\d{6}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8').decode(bytes).trim().split(/\r?\n/);
    expect(lines[0]).toBe(RECONCILIATION_EXPORT_HEADERS.map((h) => `"${h}"`).join(','));
    // The three emissions with an alert, and nothing else.
    expect(lines).toHaveLength(1 + 3);
    const nada = lines.find((l) => l.startsWith('"NADA01",'))!;
    expect(nada).toContain('"Taxas faltantes; Custo de milhas faltante; RAV faltante; Receita faltante"');
    expect(nada).toContain('"1000,00","0,00","120,00","0,00","200,00","0,00","30,00","0,00"');
    expect(lines.some((l) => l.startsWith('"PARC01",'))).toBe(false);
  });

  it('shows another agency none of these emissions', async () => {
    const other = await signedInAgency(ctx);
    const res = reconciliationSchema.parse((await get(other)).body);
    expect(res.counts.total).toBe(0);
    expect(res.data).toEqual([]);
  });

  it('answers bad filters with Portuguese messages', async () => {
    const res = await get(a, '?start=2026-03-10&end=2026-03-01');
    expect(res.status).toBe(400);
    expect(res.body.error.fields.end).toBe('A data inicial deve ser anterior à final');
    expect((await get(a, '?status=perdida')).body.error.fields.status).toBe('Status inválido');
    expect((await get(a, '?only_discrepancies=sim')).body.error.fields.only_discrepancies).toBe('Use true ou false');
    expect((await get(a, '?start=2026-02-30')).body.error.fields.start).toBe('Data inválida');
  });

  it("posts every missing amount of the selected emissions in one action, skipping another agency's", async () => {
    const other = await signedInAgency(ctx);
    const theirs = await emission(other, 'ALHEIA');
    const postMissing = (body: unknown) =>
      call(ctx.app, 'POST', '/api/v1/reconciliation/post-missing', { cookie: a.cookie, headers: CLOCK, body });

    const res = await postMissing({ emission_ids: [ids.NADA01, ids.DUPL01, theirs] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // NADA01: all four; DUPL01: miles cost, RAV and revenue (its fees are posted twice over).
    expect(res.body).toEqual({ posted: 7, emissions: 2, not_found: [theirs] });
    const nada = await rowOf(a, ids.NADA01!);
    expect(nada.alerts).toEqual([]);
    expect(nada.posted).toEqual(EXPECTED);
    expect((await rowOf(a, ids.DUPL01!)).alerts).toEqual(['duplicate']);
    expect((await rowOf(other, theirs)).posted).toEqual({ revenue: 0, fees: 0, miles_cost: 0, rav: 0 });

    // Posted already: a second time posts nothing.
    expect((await postMissing({ emission_ids: [ids.NADA01] })).body).toEqual({
      posted: 0,
      emissions: 0,
      not_found: [],
    });
    const bad = await postMissing({ emission_ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.emission_ids).toBe('Selecione ao menos uma emissão');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_MESSAGES, entryListSchema, entrySchema } from '../../../domain/finance/entry.schema';
import { financial_entries } from '../../db/schema';
import { activityRows } from '../../testing/activity';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * Postings (issue #15, "Postings"): create, list with filters, edit and delete, each with its
 * activity line; the amount signed by its kind; bad input answered per field with nothing
 * written; another agency's posting, emission or lot not reachable; a lot's purchase posting
 * left to its lot.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

const api = {
  list: (query = '', as = cookie) =>
    call(ctx.app, 'GET', `/api/v1/finance/entries${query}`, { cookie: as, headers: CLOCK }),
  create: (body: unknown, as = cookie) =>
    call(ctx.app, 'POST', '/api/v1/finance/entries', { cookie: as, body, headers: CLOCK }),
  get: (id: string, as = cookie) =>
    call(ctx.app, 'GET', `/api/v1/finance/entries/${id}`, { cookie: as, headers: CLOCK }),
  update: (id: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1/finance/entries/${id}`, { cookie: as, body, headers: CLOCK }),
  remove: (id: string, as = cookie) =>
    call(ctx.app, 'DELETE', `/api/v1/finance/entries/${id}`, { cookie: as, headers: CLOCK }),
};

const fees = {
  kind: 'expense',
  category: 'fees',
  amount_cents: '1.234,56',
  entry_date: '2026-03-10',
  description: 'Taxas de embarque',
  payment_method: 'card',
  installments: 3,
};

async function entriesOf(agency: string) {
  return ctx.handle.db.select().from(financial_entries).where(eq(financial_entries.agency_id, agency));
}

/** A lot bought through the API: it posts its own purchase. */
async function buyLot(as = cookie) {
  const res = await call(ctx.app, 'POST', '/api/v1/lots', {
    cookie: as,
    headers: CLOCK,
    body: {
      program: 'LATAM',
      account_number: '99887766',
      original_quantity: '10000',
      cost_per_mile: '0,02',
      purchase_date: '2026-03-01',
      expiry_date: '2027-03-01',
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(() => ctx.close());

describe('postings', () => {
  it('creates an expense stored negative, with its card instalments and an activity line', async () => {
    const res = await api.create(fees);
    expect(res.status).toBe(201);
    const entry = entrySchema.parse(res.body);
    expect(entry).toMatchObject({
      kind: 'expense',
      category: 'fees',
      amount_cents: -123_456,
      payment_method: 'card',
      installments: 3,
      entry_date: '2026-03-10',
      ref_type: 'none',
      emission_id: null,
      lot_id: null,
    });
    const [line] = await activityRows(ctx.handle.db, { ref_id: entry.id, kind: 'entry_created' });
    expect(line?.description).toBe('Lançamento Taxas de R$\u00a01.234,56 criado');
    expect((await api.get(entry.id)).body).toEqual(entry);
  });

  it('creates a revenue stored positive, tied to a lot of the agency', async () => {
    const lotId = await buyLot();
    const res = await api.create({
      kind: 'revenue',
      category: 'other',
      amount_cents: 5000,
      entry_date: '2026-03-11',
      payment_method: 'pix',
      lot_id: lotId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount_cents: 5000, ref_type: 'lot', lot_id: lotId, installments: null });
  });

  it.each([
    ['no value', { ...fees, amount_cents: '' }, 'amount_cents', ENTRY_MESSAGES.amountRequired],
    [
      'a negative value',
      { ...fees, kind: 'revenue', category: 'revenue', amount_cents: -100 },
      'amount_cents',
      ENTRY_MESSAGES.amountPositive,
    ],
    ['a value that is not a number', { ...fees, amount_cents: 'doze' }, 'amount_cents', ENTRY_MESSAGES.amountInvalid],
    ['an unknown category', { ...fees, category: 'gorjeta' }, 'category', ENTRY_MESSAGES.category],
    [
      'an unknown method',
      { ...fees, payment_method: 'boleto', installments: undefined },
      'payment_method',
      ENTRY_MESSAGES.paymentMethod,
    ],
    ['instalments on PIX', { ...fees, payment_method: 'pix' }, 'installments', ENTRY_MESSAGES.installmentsCardOnly],
    ['25 instalments', { ...fees, installments: 25 }, 'installments', ENTRY_MESSAGES.installments],
    ['fees as a revenue', { ...fees, kind: 'revenue' }, 'category', ENTRY_MESSAGES.categoryKind('fees')],
    ['a lot purchase by hand', { ...fees, category: 'lot_purchase' }, 'category', ENTRY_MESSAGES.lotPurchase],
    ['an impossible day', { ...fees, entry_date: '2026-02-30' }, 'entry_date', ENTRY_MESSAGES.date],
    [
      'an emission that does not exist',
      { ...fees, emission_id: '00000000-0000-4000-8000-000000000000' },
      'emission_id',
      ENTRY_MESSAGES.emission,
    ],
  ])('refuses %s with a field message and writes nothing', async (_case, body, field, message) => {
    const before = (await entriesOf(agencyId)).length;
    const res = await api.create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
    expect((await entriesOf(agencyId)).length).toBe(before);
  });

  it("refuses another agency's lot as the reference, and answers 404 for another agency's posting", async () => {
    const theirLot = await buyLot(otherCookie);
    const res = await api.create({ ...fees, lot_id: theirLot });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.lot_id).toBe(ENTRY_MESSAGES.lot);

    const mine = (await api.create(fees)).body.id as string;
    for (const answer of [
      await api.get(mine, otherCookie),
      await api.update(mine, fees, otherCookie),
      await api.remove(mine, otherCookie),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(ENTRY_MESSAGES.notFound);
    }
    expect((await api.get(mine)).status).toBe(200);
    expect((await api.get('not-a-uuid')).status).toBe(404);
  });

  it('edits a posting whole and deletes it, each with its activity line', async () => {
    const id = (await api.create(fees)).body.id as string;
    const res = await api.update(id, {
      ...fees,
      kind: 'revenue',
      category: 'revenue',
      amount_cents: '900',
      payment_method: 'transfer',
      installments: null,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'revenue',
      category: 'revenue',
      amount_cents: 90_000,
      payment_method: 'transfer',
      installments: null,
    });
    expect(await activityRows(ctx.handle.db, { ref_id: id, kind: 'entry_updated' })).toHaveLength(1);

    expect((await api.remove(id)).status).toBe(204);
    expect((await api.get(id)).status).toBe(404);
    const [line] = await activityRows(ctx.handle.db, { ref_id: id, kind: 'entry_deleted' });
    expect(line?.description).toBe('Lançamento Receita de R$\u00a0900,00 excluído');
  });

  it("leaves a lot's purchase posting to the lot: 409 on edit and delete", async () => {
    const lotId = await buyLot();
    const [purchase] = await ctx.handle.db
      .select()
      .from(financial_entries)
      .where(and(eq(financial_entries.lot_id, lotId), eq(financial_entries.category, 'lot_purchase')));
    expect(purchase?.amount_cents).toBe(-20_000);
    expect((await api.update(purchase!.id, fees)).status).toBe(409);
    const res = await api.remove(purchase!.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(ENTRY_MESSAGES.systemEntry);
  });
});

describe('the list', () => {
  let listCookie: string;

  beforeAll(async () => {
    ({ cookie: listCookie } = await signedInAgency(ctx));
    const rows = [
      { kind: 'revenue', category: 'revenue', amount_cents: 100_000, entry_date: '2026-01-31', payment_method: 'pix' },
      {
        kind: 'expense',
        category: 'fees',
        amount_cents: 20_000,
        entry_date: '2026-02-01',
        payment_method: 'card',
        installments: 2,
      },
      { kind: 'expense', category: 'rav', amount_cents: 5_000, entry_date: '2026-02-15' },
      { kind: 'revenue', category: 'other', amount_cents: 1, entry_date: '2026-02-28', payment_method: 'cash' },
      { kind: 'expense', category: 'other', amount_cents: 333, entry_date: '2026-03-01', payment_method: 'pix' },
    ];
    for (const row of rows) expect((await api.create(row, listCookie)).status).toBe(201);
  });

  it('pages newest day first with the money in and out of the whole filtered set', async () => {
    const res = await api.list('?limit=2', listCookie);
    expect(res.status).toBe(200);
    const list = entryListSchema.parse(res.body);
    expect(list.data.map((e) => e.entry_date)).toEqual(['2026-03-01', '2026-02-28']);
    expect(list).toMatchObject({ total: 5, page: 1, limit: 2, total_pages: 3 });
    expect(list.totals).toEqual({ in_cents: 100_001, out_cents: -25_333 });
  });

  it.each([
    ['?from=2026-02-01&to=2026-02-28', 3, { in_cents: 1, out_cents: -25_000 }],
    ['?kind=expense', 3, { in_cents: 0, out_cents: -25_333 }],
    ['?category=other', 2, { in_cents: 1, out_cents: -333 }],
    ['?payment_method=pix', 2, { in_cents: 100_000, out_cents: -333 }],
  ])('filters %s in SQL', async (query, total, totals) => {
    const res = await api.list(query, listCookie);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(total);
    expect(res.body.totals).toEqual(totals);
  });

  it('answers a bad filter with a Portuguese message', async () => {
    const res = await api.list('?from=2026-03-01&to=2026-02-01', listCookie);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.to).toBe('A data inicial deve ser anterior à final');
    expect((await api.list('?category=nada', listCookie)).body.error.fields.category).toBe(ENTRY_MESSAGES.category);
  });

  it("never shows another agency's postings", async () => {
    const res = await api.list('', otherCookie);
    expect(res.body.data.every((e: { id: string }) => e.id)).toBe(true);
    const theirs = await entriesOf(otherAgencyId);
    expect(res.body.total).toBe(theirs.length);
  });
});

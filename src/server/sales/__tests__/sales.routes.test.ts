import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHistorySchema } from '../../../domain/accounts/account-history.schema';
import {
  receivableListSchema,
  receivableSchema,
  SALE_MESSAGES as M,
  saleListSchema,
  saleSchema,
  type Sale,
} from '../../../domain/sales/sale.schema';
import { rowsOf } from '../../db/rows';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { agencyRowCount, brokenLots, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * Sales of miles (issue #23, decision 0029 "Sales of miles"): the miles leave the account's lots by
 * the allocation policy, the profit is the price minus their cost, the price is received in
 * instalments ("Recebido" posts each once), cancelling gives the miles back; the money recount
 * (paid = stock + used + sold) and the account's history after every step; bad input refused with
 * nothing written; another agency's ids out of reach. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (where two sales also race for the same miles).
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const TODAY = '2026-03-15';
const clockOf = (today: string) => ({ 'x-test-today': today });

const api = {
  get: (path: string, as = cookie, today = TODAY) =>
    call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers: clockOf(today) }),
  post: (path: string, body: unknown, as = cookie, today = TODAY) =>
    call(ctx.app, 'POST', `/api/v1${path}`, { cookie: as, body, headers: clockOf(today) }),
  put: (path: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1${path}`, { cookie: as, body, headers: clockOf(TODAY) }),
  delete: (path: string, as = cookie) =>
    call(ctx.app, 'DELETE', `/api/v1${path}`, { cookie: as, headers: clockOf(TODAY) }),
};

let seq = 0;
/** A client's Smiles account with two lots bought through the API: 60,000 at R$ 15 and 40,000 at R$ 20 the thousand. */
async function seller(agency = agencyId, as = cookie) {
  const n = ++seq;
  const client = await createClientRow(ctx.handle.db, agency, {
    name: `Titular Venda ${n}`,
    document: validCpf(810_000 + n),
    email: `venda${n}@ex.com`,
  });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agency, {
    client_id: client.id,
    program: 'SMILES',
    account_number: `SML-V${n}`,
  });
  const lots: string[] = [];
  for (const [quantity, perMile] of [
    [60_000, '0.0150'],
    [40_000, '0.0200'],
  ] as const) {
    const res = await api.post(
      '/lots',
      {
        program: 'SMILES',
        account_id: account.id,
        original_quantity: quantity,
        cost_per_mile: perMile,
        purchase_date: TODAY,
        expiry_date: '2028-03-15',
      },
      as,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    lots.push((res.body as { id: string }).id);
  }
  return { client, account, lots };
}

const saleBody = (accountId: string, over: Record<string, unknown> = {}) => ({
  account_id: accountId,
  buyer_name: 'Milhas Já Comércio Ltda',
  buyer_document: '11.222.333/0001-81',
  buyer_contact: 'compras@milhasja.com.br',
  miles: 70_000,
  price_per_thousand_cents: 'R$ 28,50',
  instalments: 3,
  first_due_date: '2026-04-10',
  ...over,
});

/**
 * The money recount of issue #23: what was paid for miles = the cost of the miles in stock + of
 * the miles used by live emissions + of the miles sold (unreleased sale withdrawals).
 */
async function expectBooksBalance(agency = agencyId) {
  const [row] = rowsOf<Record<string, string>>(
    await ctx.handle.db.execute(sql`SELECT
      (SELECT coalesce(-sum(amount_cents), 0) FROM financial_entries WHERE agency_id = ${agency} AND category = 'lot_purchase' AND deleted_at IS NULL)::bigint AS paid,
      (SELECT coalesce(sum(round(remaining_quantity * cost_per_thousand / 1000, 2) * 100), 0) FROM mile_lots WHERE agency_id = ${agency} AND deleted_at IS NULL)::bigint AS stock,
      (SELECT coalesce(sum(cost_cents), 0) FROM emission_allocations WHERE agency_id = ${agency} AND released_at IS NULL)::bigint AS used,
      (SELECT coalesce(sum(cost_cents), 0) FROM lot_withdrawals WHERE agency_id = ${agency} AND sale_id IS NOT NULL AND released_at IS NULL)::bigint AS sold,
      (SELECT coalesce(sum(cost_cents), 0) FROM mile_sales WHERE agency_id = ${agency} AND status = 'active')::bigint AS sales_cost`),
  );
  const n = (k: string) => Number(row![k]);
  expect(n('stock') + n('used') + n('sold')).toBe(n('paid'));
  expect(n('sold')).toBe(n('sales_cost'));
  expect(await brokenLots(ctx.handle.db, agency)).toEqual([]);
  expect(await lotTotalsMismatches(ctx.handle.db, agency)).toEqual([]);
  expect(await lotSearchEntryMismatches(ctx.handle.db, agency)).toEqual([]);
}

async function historyOf(accountId: string) {
  const res = await api.get(`/accounts/${accountId}/history?limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const history = accountHistorySchema.parse(res.body);
  expect(history.recount_miles).toBe(history.balance_miles);
  return history;
}

const remainingOf = async (lotIds: string[]) =>
  rowsOf<{ remaining_quantity: number; status: string }>(
    await ctx.handle.db.execute(sql`SELECT remaining_quantity, status FROM mile_lots
      WHERE id IN (${sql.join(
        lotIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) ORDER BY original_quantity DESC`),
  );

const count = (table: string, agency = agencyId) => agencyRowCount(ctx.handle.db, table, agency);
const snapshot = async (agency = agencyId) => ({
  sales: await count('mile_sales', agency),
  receivables: await count('sale_receivables', agency),
  withdrawals: await count('lot_withdrawals', agency),
  entries: await count('financial_entries', agency),
  remaining: rowsOf<{ s: string }>(
    await ctx.handle.db.execute(
      sql`SELECT coalesce(sum(remaining_quantity), 0)::text AS s FROM mile_lots WHERE agency_id = ${agency}`,
    ),
  )[0]!.s,
});

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(async () => {
  await ctx.close();
});

describe('a sale of miles', () => {
  let sale: Sale;
  let s: Awaited<ReturnType<typeof seller>>;

  it('takes the miles from the cheapest lots first, prices them and splits the price into instalments', async () => {
    s = await seller();
    const res = await api.post('/sales', saleBody(s.account.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    sale = saleSchema.parse(res.body);
    // 60,000 at R$ 15 + 10,000 at R$ 20 = R$ 900 + R$ 200; 70,000 at R$ 28,50 = R$ 1.995.
    expect(sale).toMatchObject({
      miles: 70_000,
      buyer_document: '11222333000181',
      price_per_thousand: '28.5000',
      price_cents: 199_500,
      cost_cents: 110_000,
      cost_per_thousand: '15.7143',
      profit_cents: 89_500,
      received_cents: 0,
      sale_date: TODAY,
      status: 'active',
    });
    expect(sale.account).toMatchObject({ id: s.account.id, program: 'SMILES', holder_name: expect.any(String) });
    expect(sale.receivables.map((r) => [r.instalment, r.amount_cents, r.due_date, r.status])).toEqual([
      [1, 66_500, '2026-04-10', 'pending'],
      [2, 66_500, '2026-05-10', 'pending'],
      [3, 66_500, '2026-06-10', 'pending'],
    ]);
    expect(await remainingOf(s.lots)).toEqual([
      { remaining_quantity: 0, status: 'used' },
      { remaining_quantity: 30_000, status: 'available' },
    ]);
    await expectBooksBalance();
    // The audit log keeps who sold what, for how much and at what cost.
    const [audit] = rowsOf<{ changes: Record<string, unknown[]> }>(
      await ctx.handle.db.execute(sql`SELECT changes FROM activity WHERE agency_id = ${agencyId}
        AND kind = 'sale_created' AND ref_id = ${sale.id}`),
    );
    expect(audit!.changes).toEqual({
      buyer_name: [null, 'Milhas Já Comércio Ltda'],
      miles: [null, 70_000],
      price_cents: [null, 199_500],
      cost_cents: [null, 110_000],
    });
  });

  it("shows the sale in the account's history, and the balance still equals the recount", async () => {
    const history = await historyOf(s.account.id);
    const sold = history.data.filter((m) => m.kind === 'sale');
    expect(sold.map((m) => m.miles).sort((a, b) => a - b)).toEqual([-60_000, -10_000]);
    expect(sold[0]).toMatchObject({ ref_type: 'sale', ref_id: sale.id, detail: 'Milhas Já Comércio Ltda' });
    expect(history.balance_miles).toBe(30_000);
  });

  it('lists the sale with the totals of the active sales, and reads it back', async () => {
    const list = saleListSchema.parse((await api.get('/sales')).body);
    expect(list.data.map((x) => x.id)).toContain(sale.id);
    const mine = list.data.filter((x) => x.account.id === s.account.id);
    expect(mine).toHaveLength(1);
    const recount = rowsOf<{ price: string; cost: string; miles: string }>(
      await ctx.handle.db
        .execute(sql`SELECT sum(price_cents)::text AS price, sum(cost_cents)::text AS cost, sum(miles)::text AS miles
        FROM mile_sales WHERE agency_id = ${agencyId} AND status = 'active'`),
    )[0]!;
    expect(list.totals).toMatchObject({
      price_cents: Number(recount.price),
      cost_cents: Number(recount.cost),
      miles: Number(recount.miles),
      profit_cents: Number(recount.price) - Number(recount.cost),
    });
    expect(saleSchema.parse((await api.get(`/sales/${sale.id}`)).body)).toEqual(sale);
  });

  it('lists the instalments in /financeiro by due date, and "Recebido" posts one once', async () => {
    const list = receivableListSchema.parse((await api.get('/receivables')).body);
    expect(list.from).toBe('2026-03-01');
    expect(list.to).toBe('2027-02-28');
    const mine = list.data.filter((r) => r.sale.id === sale.id);
    expect(mine.map((r) => r.due_date)).toEqual(['2026-04-10', '2026-05-10', '2026-06-10']);
    expect(list.months.find((m) => m.month === '2026-04-01')).toMatchObject({ pending_cents: 66_500 });

    const first = mine[0]!;
    const before = await snapshot();
    const res = await api.post(`/receivables/${first.id}/receive`, { received_on: TODAY, payment_method: 'pix' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const received = receivableSchema.parse(res.body);
    expect(received).toMatchObject({ status: 'received', received_on: TODAY, entry_id: expect.any(String) });
    const [entry] = rowsOf<{
      kind: string;
      category: string;
      amount_cents: string;
      entry_date: string;
      payment_method: string;
    }>(
      await ctx.handle.db
        .execute(sql`SELECT kind, category, amount_cents::text AS amount_cents, entry_date::text AS entry_date,
          payment_method FROM financial_entries WHERE id = ${received.entry_id}`),
    );
    expect(entry).toEqual({
      kind: 'revenue',
      category: 'miles_sale',
      amount_cents: '66500',
      entry_date: TODAY,
      payment_method: 'pix',
    });
    expect((await snapshot()).entries).toBe(before.entries + 1);

    // Once: a second "Recebido" is refused and posts nothing.
    const again = await api.post(`/receivables/${first.id}/receive`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.receivableReceived);
    expect((await snapshot()).entries).toBe(before.entries + 1);

    // The cash view counts it as money in, by PIX.
    const summary = (await api.get('/finance/summary?from=2026-03-01&to=2026-03-31')).body as {
      cash: { by_method: { method: string | null; in_cents: number }[] };
      sales: Record<string, number>;
    };
    expect(summary.cash.by_method.find((m) => m.method === 'pix')?.in_cents).toBe(66_500);
    // /financeiro's "Vendas de milhas" of the period: the sale's figures and what is still to come in.
    expect(summary.sales).toEqual({
      sales: 1,
      miles: 70_000,
      price_cents: 199_500,
      cost_cents: 110_000,
      profit_cents: 89_500,
      to_receive_cents: 133_000,
    });

    // The posting follows the sale: it is not edited or deleted by hand.
    const edit = await api.put(`/finance/entries/${received.entry_id}`, {
      kind: 'revenue',
      category: 'revenue',
      amount_cents: 1,
      entry_date: TODAY,
    });
    expect(edit.status).toBe(409);
    expect((await api.delete(`/finance/entries/${received.entry_id}`)).status).toBe(409);
    // Nor is a "Venda de milhas" posted by hand.
    const manual = await api.post('/finance/entries', {
      kind: 'revenue',
      category: 'miles_sale',
      amount_cents: 100,
      entry_date: TODAY,
    });
    expect(manual.status).toBe(400);

    const after = saleSchema.parse((await api.get(`/sales/${sale.id}`)).body);
    expect(after.received_cents).toBe(66_500);
  });

  it('refuses to cancel a sale with an instalment received, and keeps the lot that fed it', async () => {
    const before = await snapshot();
    const res = await api.post(`/sales/${sale.id}/cancel`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(M.saleWithReceipts);
    expect(await snapshot()).toEqual(before);
    // A lot that gave miles to a sale is history: it cannot be deleted.
    expect((await api.delete(`/lots/${s.lots[1]}`)).status).toBe(409);
  });

  it('"Desfazer recebimento": the instalment is to receive again and its revenue is deleted, once', async () => {
    const listed = await api.get(`/receivables?sale_id=${sale.id}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const [first] = receivableListSchema.parse(listed.body).data.filter((r) => r.status === 'received');
    const entryId = first!.entry_id!;
    const before = await snapshot();
    // Another agency's user, and an id that is not one: 404, nothing changed.
    expect((await api.post(`/receivables/${first!.id}/undo-receipt`, {}, otherCookie)).status).toBe(404);
    expect((await api.post('/receivables/abc/undo-receipt', {})).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    const res = await api.post(`/receivables/${first!.id}/undo-receipt`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(receivableSchema.parse(res.body)).toMatchObject({ status: 'pending', received_on: null, entry_id: null });
    const gone = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(sql`SELECT count(*)::int AS n FROM financial_entries WHERE id = ${entryId}`),
    );
    expect(gone).toEqual([{ n: 0 }]);
    expect((await snapshot()).entries).toBe(before.entries - 1);
    // The cash view no longer counts it; the sale has nothing received, so it may be cancelled again.
    const summary = (await api.get('/finance/summary?from=2026-03-01&to=2026-03-31')).body as {
      cash: { by_method: { method: string | null; in_cents: number }[] };
      sales: Record<string, number>;
    };
    expect(summary.cash.by_method.find((m) => m.method === 'pix')?.in_cents ?? 0).toBe(0);
    expect(summary.sales.to_receive_cents).toBe(199_500);
    expect(saleSchema.parse((await api.get(`/sales/${sale.id}`)).body).received_cents).toBe(0);
    // The audit log says what was undone, and the open tabs hear of it.
    const [audit] = rowsOf<{ changes: Record<string, unknown> }>(
      await ctx.handle.db.execute(
        sql`SELECT changes FROM activity WHERE agency_id = ${agencyId} AND kind = 'sale_instalment_reopened'`,
      ),
    );
    expect(audit!.changes).toEqual({ received_on: [TODAY, null], amount_cents: [66_500, null] });

    // Twice: refused, nothing changed.
    const after = await snapshot();
    const again = await api.post(`/receivables/${first!.id}/undo-receipt`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.receivableNotReceived);
    expect(await snapshot()).toEqual(after);
    // And it can be received again, by its right method.
    const redo = await api.post(`/receivables/${first!.id}/receive`, {
      received_on: TODAY,
      payment_method: 'transfer',
    });
    expect(redo.status, JSON.stringify(redo.body)).toBe(200);
    expect(receivableSchema.parse(redo.body)).toMatchObject({ status: 'received', received_on: TODAY });
    await expectBooksBalance();
  });

  it('cancelling gives the miles back to their lots and drops the instalments to receive', async () => {
    const t = await seller();
    const created = saleSchema.parse((await api.post('/sales', saleBody(t.account.id, { miles: 65_000 }))).body);
    expect(await remainingOf(t.lots)).toEqual([
      { remaining_quantity: 0, status: 'used' },
      { remaining_quantity: 35_000, status: 'available' },
    ]);
    const res = await api.post(`/sales/${created.id}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cancelled = saleSchema.parse(res.body);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String), receivables: [] });
    expect(await remainingOf(t.lots)).toEqual([
      { remaining_quantity: 60_000, status: 'available' },
      { remaining_quantity: 40_000, status: 'available' },
    ]);
    const history = await historyOf(t.account.id);
    expect(history.balance_miles).toBe(100_000);
    expect(history.data.filter((m) => m.kind === 'sale_cancellation').reduce((sum, m) => sum + m.miles, 0)).toBe(
      65_000,
    );
    // The list no longer counts it; its receivables are gone from /financeiro.
    const list = saleListSchema.parse((await api.get(`/sales?account_id=${t.account.id}`)).body);
    expect(list.totals).toMatchObject({ sales: 0, miles: 0, price_cents: 0 });
    const receivables = receivableListSchema.parse((await api.get(`/receivables?sale_id=${created.id}`)).body);
    expect(receivables.data).toEqual([]);
    // Twice: refused.
    const again = await api.post(`/sales/${created.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.saleCancelled);
    await expectBooksBalance();
    // Each change is an event for the open tabs (the real-time stream) of the agency: the refused one is not.
    const events = rowsOf<{ type: string }>(
      await ctx.handle.db.execute(
        sql`SELECT type FROM events WHERE agency_id = ${agencyId} AND entity_id = ${created.id} ORDER BY seq`,
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['sale.created', 'sale.cancelled']);
  });
});

describe('bad input: a clear message and nothing written', () => {
  let accountId: string;
  beforeAll(async () => {
    accountId = (await seller()).account.id;
  });

  it.each([
    ['more miles than the account holds', { miles: 100_001 }, 409, 'miles', M.insufficientMiles('100.000')],
    ['a price of R$ 0', { price_per_thousand_cents: '0,00' }, 400, 'price_per_thousand_cents', M.pricePositive],
    ['no price', { price_per_thousand_cents: '' }, 400, 'price_per_thousand_cents', M.priceRequired],
    [
      'a price that is not money',
      { price_per_thousand_cents: 'vinte' },
      400,
      'price_per_thousand_cents',
      M.priceInvalid,
    ],
    [
      'a price too small to be worth a centavo',
      { miles: 1, price_per_thousand_cents: '0,01' },
      400,
      'price_per_thousand_cents',
      M.priceTooLow,
    ],
    ['0 miles', { miles: 0 }, 400, 'miles', M.milesPositive],
    ['miles with letters', { miles: '30 mil' }, 400, 'miles', M.milesDigits],
    ['no buyer', { buyer_name: '  ' }, 400, 'buyer_name', M.buyerRequired],
    ['an invalid CNPJ', { buyer_document: '11.222.333/0001-82' }, 400, 'buyer_document', 'CNPJ inválido'],
    ['25 instalments', { instalments: 25 }, 400, 'instalments', M.instalmentsRange],
    ['0 instalments', { instalments: 0 }, 400, 'instalments', M.instalmentsRange],
    ['a sale in the future', { sale_date: '2026-03-16' }, 400, 'sale_date', M.saleDateFuture],
    ['a first due date before the sale', { first_due_date: '2026-03-14' }, 400, 'first_due_date', M.firstDueBeforeSale],
    ['no account', { account_id: '' }, 400, 'account_id', M.accountRequired],
    ['an account id that is not one', { account_id: 'abc' }, 400, 'account_id', M.accountInvalid],
  ])('%s', async (_label, over, status, field, message) => {
    const before = await snapshot();
    const res = await api.post('/sales', saleBody(accountId, over));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.fields?.[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a receipt dated before the sale or in the future, and an unknown method', async () => {
    const sale = saleSchema.parse(
      (await api.post('/sales', saleBody(accountId, { miles: 1000, sale_date: '2026-03-10' }))).body,
    );
    const id = sale.receivables[0]!.id;
    const before = await snapshot();
    for (const [body, field, message] of [
      [{ received_on: '2026-03-09' }, 'received_on', M.receivedBeforeSale],
      [{ received_on: '2026-03-16' }, 'received_on', M.receivedFuture],
      [{ payment_method: 'cheque' }, 'payment_method', M.paymentMethod],
    ] as const) {
      const res = await api.post(`/receivables/${id}/receive`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields?.[field]).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("another agency's sales are out of reach", () => {
  it("404 for another agency's account, sale and instalment, and nothing written", async () => {
    const theirs = await seller(otherAgencyId, otherCookie);
    const theirSale = saleSchema.parse((await api.post('/sales', saleBody(theirs.account.id), otherCookie)).body);
    const mineBefore = await snapshot();
    const theirsBefore = await snapshot(otherAgencyId);

    const sell = await api.post('/sales', saleBody(theirs.account.id));
    expect(sell.status).toBe(404);
    expect(sell.body.error.fields?.account_id).toBe(M.accountNotFound);
    expect((await api.get(`/sales/${theirSale.id}`)).status).toBe(404);
    expect((await api.post(`/sales/${theirSale.id}/cancel`, {})).status).toBe(404);
    expect((await api.post(`/receivables/${theirSale.receivables[0]!.id}/receive`, {})).status).toBe(404);
    expect(saleListSchema.parse((await api.get('/sales?limit=100')).body).data.map((x) => x.id)).not.toContain(
      theirSale.id,
    );
    const receivables = receivableListSchema.parse((await api.get('/receivables?limit=200')).body);
    expect(receivables.data.map((r) => r.sale.id)).not.toContain(theirSale.id);
    // An id that is not a uuid is not found either.
    expect((await api.get('/sales/nao-existe')).status).toBe(404);

    expect(await snapshot()).toEqual(mineBefore);
    expect(await snapshot(otherAgencyId)).toEqual(theirsBefore);
    await expectBooksBalance(otherAgencyId);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent sales (PostgreSQL)', () => {
  it('two sales racing for the same miles: one is sold, the other is refused, nothing oversold', async () => {
    const s = await seller();
    const results = await Promise.all([
      api.post('/sales', saleBody(s.account.id, { miles: 80_000 })),
      api.post('/sales', saleBody(s.account.id, { miles: 80_000 })),
    ]);
    expect(results.map((r) => r.status).sort((a, b) => a - b)).toEqual([201, 409]);
    expect(await remainingOf(s.lots)).toEqual([
      { remaining_quantity: 0, status: 'used' },
      { remaining_quantity: 20_000, status: 'available' },
    ]);
    await expectBooksBalance();
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDueDates } from '../../../domain/cards/card.rules';
import { formatDate } from '../../../domain/format';
import {
  CARD_MESSAGES as M,
  cardListSchema,
  cardSchema,
  payableListSchema,
  payableSchema,
} from '../../../domain/cards/card.schema';
import { rowsOf } from '../../db/rows';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { agencyRowCount } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * Cards and purchases in instalments (issue #23, decision 0029 "Cards"): a lot bought on a card in
 * N× has no purchase posting but N payables on the card's bill due dates adding up to its cost;
 * "Marcar como pago" posts each once; the lot's cost then cannot change nor the lot go; bad input
 * and another agency's ids refused with nothing written. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const TODAY = '2026-03-15';
const headers = (today = TODAY) => ({ 'x-test-today': today });
const api = {
  get: (path: string, as = cookie, today = TODAY) =>
    call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers: headers(today) }),
  post: (path: string, body: unknown, as = cookie, today = TODAY) =>
    call(ctx.app, 'POST', `/api/v1${path}`, { cookie: as, body, headers: headers(today) }),
  put: (path: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1${path}`, { cookie: as, body, headers: headers() }),
  delete: (path: string, as = cookie) => call(ctx.app, 'DELETE', `/api/v1${path}`, { cookie: as, headers: headers() }),
};

const cardBody = {
  name: 'Itaú Azul Visa Infinite',
  brand: 'visa',
  closing_day: 5,
  due_day: 15,
  limit_cents: 'R$ 50.000,00',
};

async function liveloAccount(agency = agencyId) {
  return createLoyaltyAccountRow(ctx.handle.db, agency, { program: 'LIVELO', account_number: `LIV-${Math.random()}` });
}

const lotBody = (accountId: string, over: Record<string, unknown> = {}) => ({
  program: 'LIVELO',
  account_id: accountId,
  original_quantity: 50_000,
  cost_per_mile: '0.0350',
  purchase_date: '2026-03-10',
  expiry_date: '2028-03-10',
  supplier: 'Livelo (compra de pontos)',
  ...over,
});

const snapshot = async (agency = agencyId) => ({
  lots: await agencyRowCount(ctx.handle.db, 'mile_lots', agency),
  payables: await agencyRowCount(ctx.handle.db, 'card_payables', agency),
  entries: await agencyRowCount(ctx.handle.db, 'financial_entries', agency),
  cards: await agencyRowCount(ctx.handle.db, 'cards', agency),
});

/** What was paid or is owed for miles = the lots' cost: each centavo once, in a posting or an unpaid instalment. */
async function expectMoneyAccounted(agency = agencyId) {
  const [row] = rowsOf<{ paid: string; owed: string; cost: string }>(
    await ctx.handle.db.execute(sql`SELECT
      (SELECT coalesce(-sum(amount_cents), 0) FROM financial_entries WHERE agency_id = ${agency} AND category = 'lot_purchase' AND deleted_at IS NULL)::text AS paid,
      (SELECT coalesce(sum(amount_cents), 0) FROM card_payables WHERE agency_id = ${agency} AND paid_on IS NULL)::text AS owed,
      (SELECT coalesce(sum(total_cost_cents), 0) FROM mile_lots WHERE agency_id = ${agency} AND deleted_at IS NULL)::text AS cost`),
  );
  expect(Number(row!.paid) + Number(row!.owed)).toBe(Number(row!.cost));
}

let cardId: string;

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
  const res = await api.post('/cards', cardBody);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  cardId = cardSchema.parse(res.body).id;
});
afterAll(async () => {
  await ctx.close();
});

describe('a lot bought on a card in 10×', () => {
  it('makes ten payables on the bills’ due dates adding up to its cost, and no purchase posting yet', async () => {
    const account = await liveloAccount();
    const before = await snapshot();
    const res = await api.post('/lots', { ...lotBody(account.id), card_id: cardId, instalments: '10' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lotId = res.body.id as string;
    expect(res.body.total_cost_cents).toBe(175_000);
    expect(await snapshot()).toEqual({ ...before, lots: before.lots + 1, payables: before.payables + 10 });

    const list = payableListSchema.parse((await api.get('/payables')).body);
    expect(list.from).toBe('2026-03-01');
    expect(list.to).toBe('2027-02-28');
    const mine = list.data.filter((p) => p.lot.id === lotId);
    // Bought on 10/03, after the 5th: the first bill is April's, due 15/04.
    expect(mine.map((p) => p.due_date)).toEqual(cardDueDates({ closing_day: 5, due_day: 15 }, '2026-03-10', 10));
    expect(mine[0]!.due_date).toBe('2026-04-15');
    expect(mine.map((p) => p.instalment)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(mine.every((p) => p.amount_cents === 17_500 && p.status === 'pending' && p.instalments === 10)).toBe(true);
    expect(mine[0]!.card).toEqual({ id: cardId, name: cardBody.name, brand: 'visa' });
    expect(list.months.map((m) => m.month)).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
    const cards = cardListSchema.parse((await api.get('/cards')).body);
    expect(cards.data.find((c) => c.id === cardId)).toMatchObject({ open_cents: 175_000, limit_cents: 5_000_000 });
    await expectMoneyAccounted();

    // "Marcar como pago": the instalment reaches cash once, on the day paid.
    const first = mine[0]!;
    const paid = await api.post(`/payables/${first.id}/pay`, { paid_on: '2026-04-14' }, cookie, '2026-04-20');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(payableSchema.parse(paid.body)).toMatchObject({ status: 'paid', paid_on: '2026-04-14' });
    const [entry] = rowsOf<{ amount_cents: number; entry_date: string; payment_method: string; lot_id: string }>(
      await ctx.handle.db.execute(sql`SELECT amount_cents::int AS amount_cents, entry_date::text AS entry_date,
          payment_method, lot_id FROM financial_entries WHERE id = ${paid.body.entry_id}`),
    );
    expect(entry).toEqual({ amount_cents: -17_500, entry_date: '2026-04-14', payment_method: 'card', lot_id: lotId });
    const again = await api.post(`/payables/${first.id}/pay`, {}, cookie, '2026-04-20');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.payableAlreadyPaid);
    await expectMoneyAccounted();

    // Late instalments are overdue; the finance summary's cash counts the one paid.
    const later = payableListSchema.parse(
      (await api.get('/payables?from=2026-04-01&to=2026-06-30', cookie, '2026-05-20')).body,
    );
    expect(later.data.map((p) => p.status)).toEqual(['paid', 'overdue', 'pending']);
    expect(later.overdue).toEqual({ cents: 17_500, count: 1 });
    expect(payableListSchema.parse((await api.get('/payables?status=paid')).body).data.map((p) => p.id)).toEqual([
      first.id,
    ]);

    // The lot's own instalments, all of them whatever the period (its page).
    const ofLot = payableListSchema.parse((await api.get(`/payables?lot_id=${lotId}`, cookie, '2027-06-01')).body);
    expect(ofLot.data).toHaveLength(10);
    expect(ofLot.months.reduce((s, m) => s + m.paid_cents, 0)).toBe(17_500);
    expect((await api.get('/payables?lot_id=x')).status).toBe(400);

    // Its cost is its instalments': it cannot change, and with one paid the lot stays.
    const edit = await api.put(`/lots/${lotId}`, { ...lotBody(account.id), cost_per_mile: '0.0300' });
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields).toEqual({ cost_per_mile: M.costOfCardLot });
    const supplierOnly = await api.put(`/lots/${lotId}`, { ...lotBody(account.id), supplier: 'Livelo promo' });
    expect(supplierOnly.status, JSON.stringify(supplierOnly.body)).toBe(200);
    const gone = await api.delete(`/lots/${lotId}`);
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toBe(M.lotWithPaidInstalments);
  });

  it('splits a total that does not divide into exact centavos, the first instalment taking the rest', async () => {
    const account = await liveloAccount();
    const res = await api.post('/lots', {
      ...lotBody(account.id, { original_quantity: 1000, cost_per_mile: '0.1000' }),
      card_id: cardId,
      instalments: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const amounts = rowsOf<{ amount_cents: number }>(
      await ctx.handle.db.execute(sql`SELECT amount_cents::int AS amount_cents FROM card_payables
        WHERE lot_id = ${res.body.id} ORDER BY instalment`),
    ).map((r) => r.amount_cents);
    expect(amounts).toEqual([3_334, 3_333, 3_333]);
    // Deleted before any instalment is paid: its payables go with it.
    expect((await api.delete(`/lots/${res.body.id}`)).status).toBe(204);
    expect(
      rowsOf(await ctx.handle.db.execute(sql`SELECT 1 FROM card_payables WHERE lot_id = ${res.body.id}`)),
    ).toHaveLength(0);
    await expectMoneyAccounted();
  });

  it("undoes a payment marked by mistake ('Desfazer pagamento'): to pay again, its cash expense deleted", async () => {
    const account = await liveloAccount();
    const res = await api.post('/lots', { ...lotBody(account.id), card_id: cardId, instalments: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [first] = payableListSchema
      .parse((await api.get(`/payables?lot_id=${res.body.id}`)).body)
      .data.filter((p) => p.instalment === 1);
    const paid = await api.post(`/payables/${first!.id}/pay`, { paid_on: '2026-04-14' }, cookie, '2026-04-20');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const entryId = paid.body.entry_id as string;
    const before = await snapshot();

    const undone = await api.post(`/payables/${first!.id}/undo-payment`, {}, cookie, '2026-04-20');
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(payableSchema.parse(undone.body)).toMatchObject({ status: 'overdue', paid_on: null, entry_id: null });
    expect(await snapshot()).toEqual({ ...before, entries: before.entries - 1 });
    expect(rowsOf(await ctx.handle.db.execute(sql`SELECT 1 FROM financial_entries WHERE id = ${entryId}`))).toEqual([]);
    const [line] = rowsOf<{ kind: string; description: string }>(
      await ctx.handle.db.execute(sql`SELECT kind, description FROM activity
        WHERE agency_id = ${agencyId} ORDER BY created_at DESC, id DESC LIMIT 1`),
    );
    expect(line).toEqual({
      kind: 'card_instalment_reopened',
      description: `Pagamento desfeito: parcela 1/2 do cartão ${cardBody.name} (vencimento ${formatDate(first!.due_date)})`,
    });
    await expectMoneyAccounted();

    // Twice: refused, nothing written; then it can be paid again.
    const twice = await api.post(`/payables/${first!.id}/undo-payment`, {}, cookie, '2026-04-20');
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(M.payableNotPaid);
    expect(await snapshot()).toEqual({ ...before, entries: before.entries - 1 });
    const again = await api.post(`/payables/${first!.id}/pay`, {}, cookie, '2026-04-20');
    expect(payableSchema.parse(again.body)).toMatchObject({ status: 'paid', paid_on: '2026-04-20' });
    await expectMoneyAccounted();
  });

  it('keeps à vista purchases as before: posted at once, no payable', async () => {
    const account = await liveloAccount();
    const before = await snapshot();
    const res = await api.post('/lots', lotBody(account.id));
    expect(res.status).toBe(201);
    expect(await snapshot()).toEqual({ ...before, lots: before.lots + 1, entries: before.entries + 1 });
    await expectMoneyAccounted();
  });
});

describe('bad input and other agencies', () => {
  it('refuses bad cards and bad instalments with Portuguese messages, writing nothing', async () => {
    const account = await liveloAccount();
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['/cards', { ...cardBody, closing_day: 0 }, { closing_day: M.closingRange }],
      ['/cards', { ...cardBody, due_day: 32 }, { due_day: M.dueRange }],
      ['/cards', { ...cardBody, name: '  ' }, { name: M.nameRequired }],
      ['/cards', { ...cardBody, brand: 'diners' }, { brand: M.brandInvalid }],
      ['/cards', { ...cardBody, limit_cents: 'R$ 0,00' }, { limit_cents: M.limitPositive }],
      ['/lots', { ...lotBody(account.id), card_id: cardId, instalments: 0 }, { instalments: M.instalmentsRange }],
      ['/lots', { ...lotBody(account.id), card_id: cardId, instalments: 25 }, { instalments: M.instalmentsRange }],
      ['/lots', { ...lotBody(account.id), instalments: 3 }, { instalments: M.instalmentsWithoutCard }],
      ['/lots', { ...lotBody(account.id), card_id: 'x' }, { card_id: M.cardInvalid }],
    ];
    for (const [path, body, fields] of cases) {
      const res = await api.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.fields).toEqual(fields);
    }
    expect((await api.get('/payables?from=2026-13-01')).status).toBe(400);
    expect((await api.get('/payables?from=2026-05-01&to=2026-04-01')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps another agency's cards and payables out of reach (404), writing nothing", async () => {
    const theirs = cardSchema.parse((await api.post('/cards', cardBody, otherCookie)).body);
    const theirAccount = await liveloAccount(otherAgencyId);
    const bought = await api.post(
      '/lots',
      { ...lotBody(theirAccount.id), card_id: theirs.id, instalments: 2 },
      otherCookie,
    );
    expect(bought.status).toBe(201);
    const theirPayable = payableListSchema.parse((await api.get('/payables', otherCookie)).body).data[0]!;

    const account = await liveloAccount();
    const before = await snapshot();
    const res = await api.post('/lots', { ...lotBody(account.id), card_id: theirs.id, instalments: 2 });
    expect(res.status).toBe(404);
    expect(res.body.error.fields).toEqual({ card_id: M.cardNotFound });
    expect((await api.post(`/payables/${theirPayable.id}/pay`, {})).status).toBe(404);
    expect((await api.post('/payables/nao-e-id/pay', {})).status).toBe(404);
    expect((await api.post(`/payables/${theirPayable.id}/undo-payment`, {})).status).toBe(404);
    expect((await api.post('/payables/nao-e-id/undo-payment', {})).status).toBe(404);
    expect(cardListSchema.parse((await api.get('/cards')).body).data.map((c) => c.id)).not.toContain(theirs.id);
    expect(payableListSchema.parse((await api.get('/payables')).body).data.map((p) => p.id)).not.toContain(
      theirPayable.id,
    );
    expect(await snapshot()).toEqual(before);
    await expectMoneyAccounted(otherAgencyId);
  });
});

import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditListSchema,
  creditSchema,
  TRANSFER_MESSAGES as M,
  transferSchema,
  type Credit,
  type Transfer,
} from '../../../domain/transfers/transfer.schema';
import { rowsOf } from '../../db/rows';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { agencyRowCount, brokenLots, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { creditsDueJob } from '../credits.jobs';

/**
 * Transfers of points with bonus and credits still to come (issue #23, decision 0029): the points
 * leave the source's lots, the miles arrive as lots when credited (at once when due, later by the
 * credits.due job on the test clock, or by a person), the cost spread over what is credited;
 * partial and cancelled credits; the money recount (paid = stock + used + still to come + lost)
 * after every step; bad input refused with nothing written; another agency's ids out of reach.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const TODAY = '2026-03-15';
const clockOf = (today: string) => ({ 'x-test-today': today });

const api = {
  transfer: (body: unknown, as = cookie, today = TODAY) =>
    call(ctx.app, 'POST', '/api/v1/transfers', { cookie: as, body, headers: clockOf(today) }),
  get: (path: string, as = cookie, today = TODAY) =>
    call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers: clockOf(today) }),
  post: (path: string, body: unknown, as = cookie, today = TODAY) =>
    call(ctx.app, 'POST', `/api/v1${path}`, { cookie: as, body, headers: clockOf(today) }),
  put: (path: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1${path}`, { cookie: as, body, headers: clockOf(TODAY) }),
};

const runJob = (today: string, agency?: string) =>
  creditsDueJob.handle(
    { today, ...(agency ? { agency_id: agency } : {}) },
    { db: ctx.handle.db, logger: pino({ level: 'silent' }), job: {} as never },
  );

let seq = 0;
/** A client holding a Livelo and a Smiles account, with `points` Livelo points bought through the API at R$ 35 the thousand. */
async function holder(points = 100_000, agency = agencyId, as = cookie) {
  const n = ++seq;
  const client = await createClientRow(ctx.handle.db, agency, {
    name: `Titular Transferência ${n}`,
    document: validCpf(720_000 + n),
    email: `tr${n}@ex.com`,
  });
  const livelo = await createLoyaltyAccountRow(ctx.handle.db, agency, {
    client_id: client.id,
    program: 'LIVELO',
    account_number: `LIV-${n}`,
  });
  const smiles = await createLoyaltyAccountRow(ctx.handle.db, agency, {
    client_id: client.id,
    program: 'SMILES',
    account_number: `SML-${n}`,
  });
  if (points > 0) {
    const res = await api.post(
      '/lots',
      {
        program: 'LIVELO',
        account_id: livelo.id,
        original_quantity: points,
        cost_per_mile: '0.0350',
        purchase_date: TODAY,
        expiry_date: '2028-03-15',
      },
      as,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return { client, livelo, smiles };
}

const transferBody = (h: Awaited<ReturnType<typeof holder>>, over: Record<string, unknown> = {}) => ({
  source_account_id: h.livelo.id,
  destination_account_id: h.smiles.id,
  points: 100_000,
  bonus_percent: 100,
  base_credit_date: TODAY,
  bonus_credit_date: '2026-03-30',
  ...over,
});

interface AccountLot {
  original_quantity: number;
  remaining_quantity: number;
  cost_per_thousand: string;
  total_cost_cents: number;
  status: string;
}
const lotsOf = async (accountId: string) =>
  rowsOf<AccountLot>(
    await ctx.handle.db
      .execute(sql`SELECT original_quantity, remaining_quantity, cost_per_thousand::text AS cost_per_thousand,
      total_cost_cents::int AS total_cost_cents, status FROM mile_lots WHERE account_id = ${accountId} ORDER BY purchase_date, original_quantity`),
  );

/**
 * The money recount of issue #23: what was paid for miles (the lots' purchase postings and the
 * transfers' extra costs) = the cost of the miles in stock + of the miles used by live emissions +
 * of the miles still to be credited + the transfers' losses. Each lot's stock at its own rounding.
 */
async function moneyRecount(agency = agencyId) {
  const [row] = rowsOf<Record<string, string>>(
    await ctx.handle.db.execute(sql`SELECT
      (SELECT coalesce(-sum(amount_cents), 0) FROM financial_entries WHERE agency_id = ${agency} AND category = 'lot_purchase' AND deleted_at IS NULL)::bigint AS paid,
      (SELECT coalesce(sum(round(remaining_quantity * cost_per_thousand / 1000, 2) * 100), 0) FROM mile_lots WHERE agency_id = ${agency} AND deleted_at IS NULL)::bigint AS stock,
      (SELECT coalesce(sum(cost_cents), 0) FROM emission_allocations WHERE agency_id = ${agency} AND released_at IS NULL)::bigint AS used,
      (SELECT coalesce(sum(cost_cents), 0) FROM mile_credits WHERE agency_id = ${agency} AND status = 'pending')::bigint AS to_come,
      (SELECT coalesce(sum(lost_cost_cents), 0) FROM mile_transfers WHERE agency_id = ${agency})::bigint AS lost`),
  );
  const n = (k: string) => Number(row![k]);
  return { paid: n('paid'), accounted: n('stock') + n('used') + n('to_come') + n('lost') };
}

async function expectBooksBalance(agency = agencyId) {
  const { paid, accounted } = await moneyRecount(agency);
  expect(accounted).toBe(paid);
  expect(await brokenLots(ctx.handle.db, agency)).toEqual([]);
  expect(await lotTotalsMismatches(ctx.handle.db, agency)).toEqual([]);
  expect(await lotSearchEntryMismatches(ctx.handle.db, agency)).toEqual([]);
}

const count = (table: string) => agencyRowCount(ctx.handle.db, table, agencyId);
const snapshot = async () => ({
  transfers: await count('mile_transfers'),
  credits: await count('mile_credits'),
  lots: await count('mile_lots'),
  withdrawals: await count('lot_withdrawals'),
  entries: await count('financial_entries'),
  remaining: rowsOf<{ s: string }>(
    await ctx.handle.db.execute(
      sql`SELECT coalesce(sum(remaining_quantity), 0)::text AS s FROM mile_lots WHERE agency_id = ${agencyId}`,
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

describe('transfer with bonus: base today, bonus in 15 days', () => {
  it('credits the base at once, keeps the bonus "a creditar", and the job credits it on its day, once', async () => {
    const h = await holder();
    const res = await api.transfer(transferBody(h));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const transfer = transferSchema.parse(res.body);
    expect(transfer).toMatchObject({
      points: 100_000,
      ratio: '1.0000',
      bonus_percent: 100,
      base_miles: 100_000,
      bonus_miles: 100_000,
      points_cost_cents: 350_000,
      extra_cost_cents: 0,
      total_cost_cents: 350_000,
      lost_cost_cents: 0,
    });
    const base = transfer.credits.find((c) => c.kind === 'transfer_base')!;
    const bonus = transfer.credits.find((c) => c.kind === 'transfer_bonus')!;
    expect(base).toMatchObject({ status: 'credited', quantity: 100_000, cost_cents: 175_000, credited_on: TODAY });
    expect(base.lot_id).toEqual(expect.any(String));
    expect(bonus).toMatchObject({ status: 'pending', expected_quantity: 100_000, cost_cents: 175_000, lot_id: null });
    expect(bonus.credit_date).toBe('2026-03-30');

    // The points left the Livelo lot; Smiles holds the base only; the bonus is apart.
    expect(await lotsOf(h.livelo.id)).toEqual([expect.objectContaining({ remaining_quantity: 0, status: 'used' })]);
    expect(await lotsOf(h.smiles.id)).toEqual([
      expect.objectContaining({ original_quantity: 100_000, cost_per_thousand: '17.5000', total_cost_cents: 175_000 }),
    ]);
    const pending = creditListSchema.parse((await api.get(`/credits?status=pending&account_id=${h.smiles.id}`)).body);
    expect(pending.data.map((c) => c.id)).toEqual([bonus.id]);
    expect(pending.pending).toEqual([{ program: 'SMILES', miles: 100_000, cost_cents: 175_000, credits: 1 }]);
    // "A creditar" counts in no balance: the account's lots (the emission wizard's) show the base only.
    const accountLots = (await api.get(`/accounts/${h.smiles.id}/lots`)).body as {
      data: { remaining_quantity: number }[];
    };
    expect(accountLots.data.reduce((s, l) => s + l.remaining_quantity, 0)).toBe(100_000);
    await expectBooksBalance();

    const runLines = async () =>
      rowsOf<{ description: string; user_id: string | null }>(
        await ctx.handle.db.execute(sql`SELECT description, user_id FROM activity
          WHERE agency_id = ${agencyId} AND kind = 'credits_credited' ORDER BY created_at`),
      );
    const linesBefore = (await runLines()).length;
    await runJob('2026-03-29');
    expect(await lotsOf(h.smiles.id)).toHaveLength(1);
    // A run that credits nothing writes no line.
    expect(await runLines()).toHaveLength(linesBefore);
    await runJob('2026-03-30');
    await runJob('2026-03-30');
    const lots = await lotsOf(h.smiles.id);
    expect(lots).toHaveLength(2);
    // The run that credited says so once, by the system, and is an event for the open tabs.
    const lines = await runLines();
    expect(lines.slice(linesBefore)).toEqual([
      { description: '1 crédito de milhas creditado na data prevista', user_id: null },
    ]);
    const events = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM events WHERE agency_id = ${agencyId} AND type = 'credit.received' AND user_id IS NULL AND actor_id IS NULL`,
      ),
    );
    expect(events[0]!.n).toBeGreaterThanOrEqual(1);
    expect(lots.reduce((s, l) => s + l.remaining_quantity, 0)).toBe(200_000);
    // 200,000 miles at half the points' cost per thousand (R$ 35 → R$ 17,50).
    const avg = (await api.get(`/lots/average-cost?program=SMILES`, cookie, '2026-03-30')).body as {
      data: { program: string; average_cost_per_thousand: string | null; available_miles: number }[];
    };
    expect(avg.data).toEqual([
      expect.objectContaining({ program: 'SMILES', average_cost_per_thousand: '17.5000', available_miles: 200_000 }),
    ]);
    const after = transferSchema.parse((await api.get(`/transfers/${transfer.id}`)).body);
    expect(after.credits.every((c) => c.status === 'credited')).toBe(true);
    await expectBooksBalance();
  });

  it('uses the agency ratio for the pair when none is sent, and spreads an extra cost with the points', async () => {
    expect(
      (await api.put('/conversions', { source_program: 'LIVELO', destination_program: 'SMILES', ratio: '0,5' })).status,
    ).toBe(200);
    const conversions = (await api.get('/conversions')).body as {
      data: { source_program: string; destination_program: string; ratio: string; is_default: boolean }[];
    };
    expect(conversions.data).toContainEqual({
      source_program: 'LIVELO',
      destination_program: 'SMILES',
      ratio: '0.5000',
      is_default: false,
    });
    expect(conversions.data).toContainEqual({
      source_program: 'ESFERA',
      destination_program: 'LATAM',
      ratio: '1.0000',
      is_default: true,
    });
    const h = await holder(40_000);
    const res = await api.transfer(
      transferBody(h, { points: 40_000, bonus_percent: 80, extra_cost_cents: '100,00', bonus_credit_date: TODAY }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const t = res.body as Transfer;
    // 40,000 points at 2:1 → 20,000 miles + 80 % = 16,000; R$ 1.400 of points + R$ 100 = R$ 1.500 over 36,000 miles.
    expect(t).toMatchObject({ ratio: '0.5000', base_miles: 20_000, bonus_miles: 16_000, total_cost_cents: 150_000 });
    const [b, bonus] = [
      t.credits.find((c) => c.kind === 'transfer_base')!,
      t.credits.find((c) => c.kind === 'transfer_bonus')!,
    ];
    expect(b.cost_cents + bonus.cost_cents).toBe(150_000);
    expect(b.cost_cents).toBe(83_333);
    expect(t.credits.every((c) => c.status === 'credited')).toBe(true);
    // The extra cost is a cash expense posted once, on the transfer's day.
    const [entry] = rowsOf<{ amount_cents: number; category: string }>(
      await ctx.handle.db.execute(sql`SELECT amount_cents::int AS amount_cents, category FROM financial_entries
        WHERE agency_id = ${agencyId} AND id = (SELECT extra_entry_id FROM mile_transfers WHERE id = ${t.id})`),
    );
    expect(entry).toEqual({ amount_cents: -10_000, category: 'lot_purchase' });
    await expectBooksBalance();
    await api.put('/conversions', { source_program: 'LIVELO', destination_program: 'SMILES', ratio: '1' });
  });
});

describe('credits received late, partly or never', () => {
  it('a partial bonus carries its whole cost over the miles that came', async () => {
    const h = await holder();
    const t = (await api.transfer(transferBody(h))).body as Transfer;
    const bonus = t.credits.find((c) => c.kind === 'transfer_bonus')!;
    const res = await api.post(
      `/credits/${bonus.id}/receive`,
      { quantity: '70000', received_on: '2026-03-20' },
      cookie,
      '2026-03-20',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(creditSchema.parse(res.body)).toMatchObject({
      status: 'credited',
      quantity: 70_000,
      credited_on: '2026-03-20',
      cost_cents: 175_000,
    });
    const lots = await lotsOf(h.smiles.id);
    expect(lots.find((l) => l.original_quantity === 70_000)).toMatchObject({
      total_cost_cents: 175_000,
      cost_per_thousand: '25.0000',
    });
    await expectBooksBalance();
    // Received twice: refused, nothing written.
    const before = await snapshot();
    const twice = await api.post(`/credits/${bonus.id}/receive`, {}, cookie, '2026-03-20');
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'CREDIT_NOT_PENDING', message: M.creditNotPending });
    expect(await snapshot()).toEqual(before);
  });

  it('a bonus that never comes puts its cost on the base miles still in stock, and issued emissions keep theirs', async () => {
    const h = await holder();
    const t = (await api.transfer(transferBody(h))).body as Transfer;
    const base = t.credits.find((c) => c.kind === 'transfer_base')!;
    const bonus = t.credits.find((c) => c.kind === 'transfer_bonus')!;
    // 40,000 of the base miles are issued at R$ 17,50 the thousand (R$ 700).
    const emission = await api.post('/emissions', {
      client_id: h.client.id,
      account_id: h.smiles.id,
      route: 'GRU-REC',
      miles_used: 40_000,
      revenue_cents: 150_000,
      departure_date: '2026-05-01',
      passengers: [{ name: 'Ana Souza', cpf: validCpf(91_001) }],
    });
    expect(emission.status, JSON.stringify(emission.body)).toBe(201);
    const res = await api.post(`/credits/${bonus.id}/cancel`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(creditSchema.parse(res.body).status).toBe('cancelled');
    // The 60,000 left carry their R$ 1.050 and the bonus's R$ 1.750: R$ 2.800 → R$ 46,6667 the thousand.
    const [lot] = rowsOf<{ remaining_quantity: number; cost_per_thousand: string }>(
      await ctx.handle.db.execute(
        sql`SELECT remaining_quantity, cost_per_thousand::text AS cost_per_thousand FROM mile_lots WHERE id = ${base.lot_id}`,
      ),
    );
    expect(lot).toEqual({ remaining_quantity: 60_000, cost_per_thousand: '46.6667' });
    const [alloc] = rowsOf<{ cost_cents: number }>(
      await ctx.handle.db.execute(
        sql`SELECT cost_cents::int AS cost_cents FROM emission_allocations WHERE lot_id = ${base.lot_id}`,
      ),
    );
    expect(alloc).toEqual({ cost_cents: 70_000 });
    const { paid, accounted } = await moneyRecount();
    // The new cost per thousand is rounded to 4 places: at most one centavo either way.
    expect(Math.abs(accounted - paid)).toBeLessThanOrEqual(1);
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    expect(await lotTotalsMismatches(ctx.handle.db, agencyId)).toEqual([]);
  });

  it('a base cancelled while the bonus is to come moves its cost to the bonus; with nothing left, it is a loss', async () => {
    const h = await holder(10_000);
    const t = (
      await api.transfer(
        transferBody(h, { points: 10_000, base_credit_date: '2026-03-20', bonus_credit_date: '2026-04-01' }),
      )
    ).body as Transfer;
    expect(t.credits.every((c) => c.status === 'pending')).toBe(true);
    const base = t.credits.find((c) => c.kind === 'transfer_base')!;
    const bonus = t.credits.find((c) => c.kind === 'transfer_bonus')!;
    expect((await api.post(`/credits/${base.id}/cancel`, {})).status).toBe(200);
    const moved = (await api.get(`/transfers/${t.id}`)).body as Transfer;
    expect(moved.credits.find((c) => c.id === bonus.id)).toMatchObject({ status: 'pending', cost_cents: 35_000 });
    await expectBooksBalance();
    expect((await api.post(`/credits/${bonus.id}/cancel`, {})).status).toBe(200);
    const lost = (await api.get(`/transfers/${t.id}`)).body as Transfer;
    expect(lost.lost_cost_cents).toBe(35_000);
    await expectBooksBalance();
  });
});

describe('bad input', () => {
  it('refuses each with a Portuguese message and writes nothing', async () => {
    const h = await holder(5_000);
    const other = await holder(0);
    const agencyOwnSmiles = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
      program: 'SMILES',
      account_number: 'AG-SML',
    });
    const cases: [Record<string, unknown>, number, Record<string, string>][] = [
      [{ points: 6_000 }, 409, { points: 'Pontos insuficientes: a conta tem 5.000 disponíveis.' }],
      [{ points: 0 }, 400, { points: M.pointsPositive }],
      [{ points: '1.000' }, 400, { points: M.pointsDigits }],
      [{ points: 1_000, ratio: '0' }, 400, { ratio: M.ratioPositive }],
      [{ points: 1_000, ratio: '-1' }, 400, { ratio: M.ratioPositive }],
      [{ points: 1_000, ratio: 'abc' }, 400, { ratio: M.ratioInvalid }],
      [{ points: 1_000, bonus_percent: -1 }, 400, { bonus_percent: M.bonusRange }],
      [{ points: 1_000, bonus_percent: 301 }, 400, { bonus_percent: M.bonusRange }],
      [{ points: 1_000, base_credit_date: '2026-03-14' }, 400, { base_credit_date: M.creditBeforeTransfer }],
      [{ points: 1_000, bonus_credit_date: '2026-03-01' }, 400, { bonus_credit_date: M.creditBeforeTransfer }],
      [{ points: 1_000, bonus_credit_date: '' }, 400, { bonus_credit_date: M.bonusDateRequired }],
      [{ points: 1_000, transfer_date: '2026-03-16' }, 400, { transfer_date: M.transferDateFuture }],
      [{ points: 1_000, base_credit_date: '31/02/2026' }, 400, { base_credit_date: M.baseDateInvalid }],
      [{ points: 1_000, destination_account_id: h.livelo.id }, 400, { destination_account_id: M.sameAccount }],
      [
        { points: 1_000, destination_account_id: other.livelo.id },
        400,
        { destination_account_id: M.destinationPoints },
      ],
      [
        { points: 1_000, source_account_id: h.smiles.id, destination_account_id: other.smiles.id },
        400,
        { source_account_id: M.sourceAirline },
      ],
      [{ points: 1_000, destination_account_id: other.smiles.id }, 400, { destination_account_id: M.otherHolder }],
      [{ points: 1_000, destination_account_id: agencyOwnSmiles.id }, 400, { destination_account_id: M.otherHolder }],
      [{ points: 1, ratio: '0,5', bonus_percent: 0 }, 400, { ratio: M.noMiles }],
      [{ points: 1_000, extra_cost_cents: '-5' }, 400, { extra_cost_cents: M.extraCostNegative }],
      [{ points: 1_000, source_account_id: 'not-a-uuid' }, 400, { source_account_id: M.sourceInvalid }],
    ];
    const before = await snapshot();
    for (const [over, status, fields] of cases) {
      const res = await api.transfer(transferBody(h, over));
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect(res.body.error.fields, JSON.stringify(over)).toMatchObject(fields);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('will not issue an emission from a points account', async () => {
    const h = await holder(50_000);
    const res = await api.post('/emissions', {
      client_id: h.client.id,
      account_id: h.livelo.id,
      route: 'GRU-REC',
      miles_used: 10_000,
      revenue_cents: 100_000,
      departure_date: '2026-05-01',
      passengers: [{ name: 'Ana Souza', cpf: validCpf(91_002) }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ account_id: M.pointsAccountEmission });
  });

  it('refuses conversions that are not points → airline, or without a positive ratio', async () => {
    for (const body of [
      { source_program: 'SMILES', destination_program: 'LATAM', ratio: '1' },
      { source_program: 'LIVELO', destination_program: 'ESFERA', ratio: '1' },
      { source_program: 'LIVELO', destination_program: 'LATAM', ratio: '0' },
      { source_program: 'LIVELO', destination_program: 'LATAM', ratio: '' },
    ]) {
      const res = await api.put('/conversions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('another agency', () => {
  it("cannot see or touch this agency's accounts, transfers or credits (404)", async () => {
    const h = await holder();
    const t = (await api.transfer(transferBody(h))).body as Transfer;
    const bonus = t.credits.find((c) => c.kind === 'transfer_bonus')! as Credit;
    const theirs = await holder(10_000, otherAgencyId, otherCookie);
    expect((await api.get(`/transfers/${t.id}`, otherCookie)).status).toBe(404);
    expect((await api.post(`/credits/${bonus.id}/receive`, {}, otherCookie)).status).toBe(404);
    expect((await api.post(`/credits/${bonus.id}/cancel`, {}, otherCookie)).status).toBe(404);
    const foreign = await api.transfer(
      transferBody(theirs, { points: 1_000, source_account_id: h.livelo.id }),
      otherCookie,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.fields).toEqual({ source_account_id: M.sourceNotFound });
    const list = creditListSchema.parse((await api.get('/credits', otherCookie)).body);
    expect(list.data.every((c) => c.account.id === theirs.smiles.id || c.account.id === theirs.livelo.id)).toBe(true);
    // The job, run for every agency, credits each in its own transaction.
    await runJob('2026-03-30');
    const credited = (await api.get(`/transfers/${t.id}`)).body as Transfer;
    expect(credited.credits.every((c) => c.status === 'credited')).toBe(true);
    await expectBooksBalance();
    await expectBooksBalance(otherAgencyId);
  });
});

describe("each account's history", () => {
  interface History {
    data: { kind: string; miles: number; cost_cents: number; status: string | null; day: string }[];
    total: number;
    balance_miles: number;
    recount_miles: number;
    available_miles: number;
    to_come_miles: number;
    average_cost_per_thousand: string | null;
  }
  const history = async (accountId: string, today = TODAY) => {
    const res = await api.get(`/accounts/${accountId}/history?limit=100`, cookie, today);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as History;
  };

  it('lists every movement — purchase, transfer out and in, bonus to come and credited, emission, cancellation, expiry — and its balance equals their recount', async () => {
    const h = await holder();
    const t = (await api.transfer(transferBody(h))).body as Transfer;
    const livelo = await history(h.livelo.id);
    expect(livelo.data.map((m) => [m.kind, m.miles])).toEqual([
      ['transfer_out', -100_000],
      ['purchase', 100_000],
    ]);
    expect(livelo).toMatchObject({ balance_miles: 0, recount_miles: 0, to_come_miles: 0 });

    const emission = await api.post('/emissions', {
      client_id: h.client.id,
      account_id: h.smiles.id,
      route: 'NAT-GRU',
      miles_used: 30_000,
      revenue_cents: 120_000,
      departure_date: '2026-05-01',
      passengers: [{ name: 'Pedro Lima', cpf: validCpf(91_003) }],
    });
    expect(emission.status, JSON.stringify(emission.body)).toBe(201);
    const second = await api.post('/emissions', {
      client_id: h.client.id,
      account_id: h.smiles.id,
      route: 'NAT-REC',
      miles_used: 10_000,
      revenue_cents: 60_000,
      departure_date: '2026-05-02',
      passengers: [{ name: 'Pedro Lima', cpf: validCpf(91_003) }],
    });
    const secondId = (second.body as { emission: { id: string } }).emission.id;
    expect((await api.post(`/emissions/${secondId}/transitions`, { action: 'cancel' })).status).toBe(200);

    let smiles = await history(h.smiles.id);
    expect(smiles.data.map((m) => m.kind).sort()).toEqual(
      ['cancellation', 'emission', 'emission', 'to_come', 'transfer_in'].sort(),
    );
    expect(smiles).toMatchObject({ balance_miles: 70_000, recount_miles: 70_000, to_come_miles: 100_000 });
    expect(smiles.available_miles).toBe(70_000);
    expect(smiles.average_cost_per_thousand).toBe('17.5000');

    // The bonus comes on its day; then the base lot passes its day and is marked expired.
    await runJob('2026-03-30');
    smiles = await history(h.smiles.id, '2026-03-30');
    expect(smiles.data.filter((m) => m.kind === 'bonus_in').map((m) => m.miles)).toEqual([100_000]);
    expect(smiles).toMatchObject({ balance_miles: 170_000, recount_miles: 170_000, to_come_miles: 0 });
    const base = t.credits.find((c) => c.kind === 'transfer_base')!;
    await ctx.handle.db.execute(sql`UPDATE mile_lots SET status = 'expired' WHERE id = ${base.lot_id}`);
    smiles = await history(h.smiles.id, '2026-03-30');
    expect(smiles.data.find((m) => m.kind === 'expiry')).toMatchObject({ miles: -70_000 });
    expect(smiles).toMatchObject({ balance_miles: 100_000, recount_miles: 100_000, available_miles: 100_000 });
  });

  it("is another agency's 404", async () => {
    const h = await holder(0);
    expect((await api.get(`/accounts/${h.smiles.id}/history`, otherCookie)).status).toBe(404);
    expect((await api.get(`/accounts/not-a-uuid/history`)).status).toBe(404);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent crediting (PostgreSQL)', () => {
  it('four runs of the job and a "Marcar como recebido" at once credit each credit once, into one lot', async () => {
    const transfers = [];
    for (let i = 0; i < 3; i++) {
      const h = await holder();
      const res = await api.transfer(transferBody(h, { bonus_credit_date: '2026-04-20' }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      transfers.push(transferSchema.parse(res.body));
    }
    const bonuses = transfers.map((t) => t.credits.find((c) => c.kind === 'transfer_bonus')!.id);
    const lotsBefore = await count('mile_lots');
    const results = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => runJob('2026-04-20', agencyId)),
      api.post(`/credits/${bonuses[0]}/receive`, {}, cookie, '2026-04-20'),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const credited = rowsOf<{ status: string; lot_id: string | null }>(
      await ctx.handle.db.execute(
        sql`SELECT status, lot_id FROM mile_credits WHERE id = ANY(${`{${bonuses.join(',')}}`}::uuid[])`,
      ),
    );
    expect(credited.map((c) => c.status)).toEqual(['credited', 'credited', 'credited']);
    expect(await count('mile_lots')).toBe(lotsBefore + 3);
    await expectBooksBalance();
  });
});

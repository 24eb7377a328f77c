import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubChargesDue } from '../../../domain/clubs/club.rules';
import { CLUB_MESSAGES as M, clubListSchema, clubSchema } from '../../../domain/clubs/club.schema';
import { rowsOf } from '../../db/rows';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { agencyRowCount, brokenLots, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { clubsMonthlyJob } from '../clubs.jobs';

/**
 * Club subscriptions (issue #23, decision 0029): each month on its billing day the miles become a
 * lot at the month's price and the price is posted as the lot's purchase — the months since the
 * start at once, the next ones by the clubs.monthly job on the test clock — exactly once per
 * subscription and month however often (and however concurrently) it runs; ending a club stops
 * it; bad input refused with nothing written; another agency's ids out of reach. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
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
};
const runJob = (today: string, agency?: string) =>
  clubsMonthlyJob.handle(
    { today, ...(agency ? { agency_id: agency } : {}) },
    { db: ctx.handle.db, logger: pino({ level: 'silent' }), job: {} as never },
  );

let seq = 0;
async function smilesAccount(agency = agencyId) {
  const n = ++seq;
  const client = await createClientRow(ctx.handle.db, agency, {
    name: `Assinante Clube ${n}`,
    document: validCpf(810_000 + n),
    email: `clube${n}@ex.com`,
  });
  return createLoyaltyAccountRow(ctx.handle.db, agency, {
    client_id: client.id,
    program: 'SMILES',
    account_number: `CLB-${n}`,
  });
}

const clubBody = (accountId: string, over: Record<string, unknown> = {}) => ({
  account_id: accountId,
  plan_name: 'Clube Smiles 10.000',
  miles_per_month: 10_000,
  monthly_price_cents: 'R$ 399,90',
  billing_day: 31,
  start_date: '2025-12-20',
  payment_method: 'card',
  ...over,
});

interface ClubLot {
  original_quantity: number;
  total_cost_cents: number;
  cost_per_thousand: string;
  purchase_date: string;
  supplier: string;
}
const lotsOf = async (accountId: string) =>
  rowsOf<ClubLot>(
    await ctx.handle.db.execute(sql`SELECT original_quantity, total_cost_cents::int AS total_cost_cents,
        cost_per_thousand::text AS cost_per_thousand, purchase_date::text AS purchase_date, supplier
      FROM mile_lots WHERE account_id = ${accountId} AND deleted_at IS NULL ORDER BY purchase_date`),
  );
const postingsOf = async (accountId: string) =>
  rowsOf<{ amount_cents: number; entry_date: string; payment_method: string; category: string }>(
    await ctx.handle.db.execute(sql`SELECT e.amount_cents::int AS amount_cents, e.entry_date::text AS entry_date,
        e.payment_method, e.category
      FROM financial_entries e JOIN mile_lots l ON l.agency_id = e.agency_id AND l.id = e.lot_id
      WHERE l.account_id = ${accountId} AND e.deleted_at IS NULL ORDER BY e.entry_date`),
  );

async function expectBooksBalance(agency = agencyId) {
  const [row] = rowsOf<{ paid: string; stock: string }>(
    await ctx.handle.db.execute(sql`SELECT
      (SELECT coalesce(-sum(amount_cents), 0) FROM financial_entries WHERE agency_id = ${agency} AND category = 'lot_purchase' AND deleted_at IS NULL)::text AS paid,
      (SELECT coalesce(sum(total_cost_cents), 0) FROM mile_lots WHERE agency_id = ${agency} AND deleted_at IS NULL)::text AS stock`),
  );
  expect(row!.stock).toBe(row!.paid);
  expect(await brokenLots(ctx.handle.db, agency)).toEqual([]);
  expect(await lotTotalsMismatches(ctx.handle.db, agency)).toEqual([]);
  expect(await lotSearchEntryMismatches(ctx.handle.db, agency)).toEqual([]);
}

const countOf = (table: string, agency = agencyId) => agencyRowCount(ctx.handle.db, table, agency);
const snapshot = async () => ({
  clubs: await countOf('mile_clubs'),
  credits: await countOf('mile_credits'),
  lots: await countOf('mile_lots'),
  entries: await countOf('financial_entries'),
});

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(async () => {
  await ctx.close();
});

describe('a club subscription', () => {
  it('bills the months since its start at once, then each month on its billing day, exactly once', async () => {
    const account = await smilesAccount();
    const res = await api.post('/clubs', clubBody(account.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const club = clubSchema.parse(res.body);
    // Started 20/12/2025, billed on the 31st: December 31, January 31, February 28 have come by 15/03.
    expect(club).toMatchObject({
      plan_name: 'Clube Smiles 10.000',
      miles_per_month: 10_000,
      monthly_price_cents: 39_990,
      cost_per_thousand: '39.9900',
      status: 'active',
      next_charge_date: '2026-03-31',
      charges: 3,
      miles_credited: 30_000,
      paid_cents: 119_970,
    });
    expect(club.account).toMatchObject({ id: account.id, program: 'SMILES', holder_name: expect.any(String) });
    const lots = await lotsOf(account.id);
    expect(lots.map((l) => l.purchase_date)).toEqual(['2025-12-31', '2026-01-31', '2026-02-28']);
    expect(lots.map((l) => l.purchase_date)).toEqual(
      clubChargesDue({ billing_day: 31, start_date: '2025-12-20', end_date: null }, TODAY).map((c) => c.date),
    );
    expect(lots.every((l) => l.original_quantity === 10_000 && l.total_cost_cents === 39_990)).toBe(true);
    expect(lots[0]!.supplier).toBe('Clube Smiles 10.000');
    expect(await postingsOf(account.id)).toEqual(
      lots.map((l) => ({
        amount_cents: -39_990,
        entry_date: l.purchase_date,
        payment_method: 'card',
        category: 'lot_purchase',
      })),
    );
    await expectBooksBalance();

    // The job, however often: nothing more until 31/03, then March once.
    const before = await snapshot();
    await runJob('2026-03-30');
    await runJob('2026-03-30', agencyId);
    expect(await snapshot()).toEqual(before);
    await runJob('2026-03-31');
    await runJob('2026-03-31');
    await runJob('2026-04-01');
    expect((await lotsOf(account.id)).map((l) => l.purchase_date)).toEqual([
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(await postingsOf(account.id)).toHaveLength(4);
    // A missed month is caught up: the job that runs in June bills April and May.
    await runJob('2026-06-01');
    expect((await lotsOf(account.id)).map((l) => l.purchase_date).slice(4)).toEqual(['2026-04-30', '2026-05-31']);
    await expectBooksBalance();

    // Its history shows each month as "Clube".
    const history = (await api.get(`/accounts/${account.id}/history`, cookie, '2026-06-01')).body as {
      data: { kind: string; miles: number }[];
    };
    expect(history.data.filter((m) => m.kind === 'club_in')).toHaveLength(6);
  });

  it('stops billing once ended; ending it again is refused', async () => {
    const account = await smilesAccount();
    const club = clubSchema.parse(
      (await api.post('/clubs', clubBody(account.id, { billing_day: 5, start_date: '2026-03-01' }))).body,
    );
    expect(club.charges).toBe(1);
    const ended = await api.post(`/clubs/${club.id}/end`, { end_date: '2026-04-04' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(clubSchema.parse(ended.body)).toMatchObject({
      end_date: '2026-04-04',
      status: 'active',
      next_charge_date: null,
    });
    await runJob('2026-05-10');
    expect(await lotsOf(account.id)).toHaveLength(1);
    const again = await api.post(`/clubs/${club.id}/end`, {}, cookie, '2026-05-10');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M.clubEnded);
    const before = await api.post(`/clubs/${club.id}/end`, { end_date: '2026-02-01' });
    expect(before.status).toBe(400);
    expect(before.body.error.fields).toEqual({ end_date: M.endBeforeStart });
  });

  it('lists the subscriptions, running ones first, and filters by account', async () => {
    const list = clubListSchema.parse((await api.get('/clubs')).body);
    expect(list.total).toBeGreaterThanOrEqual(2);
    const account = list.data[0]!.account.id;
    const mine = clubListSchema.parse((await api.get(`/clubs?account_id=${account}`)).body);
    expect(mine.data.every((c) => c.account.id === account)).toBe(true);
    expect((await api.get('/clubs?account_id=x')).status).toBe(400);
  });
});

describe('bad input and other agencies', () => {
  it('refuses bad subscriptions with a Portuguese message and writes nothing', async () => {
    const account = await smilesAccount();
    const before = await snapshot();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ billing_day: 0 }, { billing_day: M.billingDayRange }],
      [{ billing_day: 32 }, { billing_day: M.billingDayRange }],
      [{ miles_per_month: 0 }, { miles_per_month: M.milesPositive }],
      [{ monthly_price_cents: 0 }, { monthly_price_cents: M.pricePositive }],
      [{ payment_method: 'boleto' }, { payment_method: M.paymentInvalid }],
      [{ start_date: '31/12/2025' }, { start_date: M.startInvalid }],
      [{ end_date: '2025-12-01' }, { end_date: M.endBeforeStart }],
    ];
    for (const [over, fields] of cases) {
      const res = await api.post('/clubs', clubBody(account.id, over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error.fields).toEqual(fields);
    }
    expect(
      (await call(ctx.app, 'POST', '/api/v1/clubs', { cookie, rawBody: '{', headers: clockOf(TODAY) })).status,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps another agency's accounts and clubs out of reach (404), and bills each agency's alone", async () => {
    const foreignAccount = await smilesAccount(otherAgencyId);
    const before = await snapshot();
    const res = await api.post('/clubs', clubBody(foreignAccount.id));
    expect(res.status).toBe(404);
    expect(res.body.error.fields).toEqual({ account_id: M.accountNotFound });
    expect(await snapshot()).toEqual(before);

    const theirs = clubSchema.parse((await api.post('/clubs', clubBody(foreignAccount.id), otherCookie)).body);
    expect((await api.get(`/clubs/${theirs.id}`)).status).toBe(404);
    expect((await api.post(`/clubs/${theirs.id}/end`, {})).status).toBe(404);
    expect((await api.get('/clubs/nao-e-um-id')).status).toBe(404);
    expect(clubListSchema.parse((await api.get('/clubs')).body).data.map((c) => c.id)).not.toContain(theirs.id);
    await runJob('2026-04-30', otherAgencyId);
    expect(await snapshot()).toEqual(before);
    await expectBooksBalance(otherAgencyId);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent runs (PostgreSQL)', () => {
  it('bills a month once when the job runs in several workers at the same time', async () => {
    const account = await smilesAccount();
    const club = clubSchema.parse(
      (await api.post('/clubs', clubBody(account.id, { billing_day: 10, start_date: '2026-03-01' }))).body,
    );
    expect(club.charges).toBe(1);
    await Promise.all(Array.from({ length: 4 }, () => runJob('2026-07-10')));
    expect((await lotsOf(account.id)).map((l) => l.purchase_date)).toEqual([
      '2026-03-10',
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
      '2026-07-10',
    ]);
    expect(await postingsOf(account.id)).toHaveLength(5);
    await expectBooksBalance();
  });
});

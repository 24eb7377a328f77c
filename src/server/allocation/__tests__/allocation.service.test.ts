import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/agency/agency.schema';
import { SHORTAGE_MESSAGE_LOG, SHORTAGE_MESSAGE_PT } from '../../../domain/lots/allocation';
import { createApp, type App } from '../../app';
import { emission_allocations, emissions, mile_lots } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { DbHandle } from '../../db/client';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { brokenLots, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { call, type CallResult } from '../../testing/test-app';
import { createTestDb } from '../../testing/test-db';
import { releaseMiles } from '../allocation.service';

/** Orders rows by their text, as Array#sort does by default, so that two lists compare as sets. */
const byText = (a: unknown, b: unknown) => String(a).localeCompare(String(b));

/**
 * The allocation engine on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), driven
 * the way production drives it: POST /api/v1/emissions through the real app (session, RLS
 * transaction, the create statement with the engine's lock CTEs, planOrRefuse and TAKE_MILES_CTES),
 * with DESIGN.md §2's invariant checked after every case: original = remaining + miles allocated to
 * non-cancelled emissions (and = remaining + unreleased allocations). What the emission tests
 * already check (src/server/emissions/__tests__) is not repeated here.
 */
let handle: DbHandle;
let app: App;
let cookie: string;
let agencyId: string;
/** What the app logged at warn and above, parsed. */
const logged: Record<string, unknown>[] = [];

const TODAY = '2026-03-15';

beforeAll(async () => {
  handle = await createTestDb();
  app = createApp({
    db: handle.db,
    logger: pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) }),
    trustProxy: true,
    testClock: true,
  });
  const mine = await createAgencyWithUser(handle.db);
  agencyId = mine.agency.id;
  const res = await call(app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: mine.user.email, password: mine.password },
  });
  expect(res.status).toBe(200);
  cookie = res.cookie!;
});
afterAll(() => handle.close());

const asTenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(handle.db, agencyId, fn);

interface LotSpec {
  cpm: string;
  miles: number;
  expiry: string | null;
  remaining?: number;
  status?: string;
}

let accountSeq = 0;
/** Each account's holder: an emission draws only from its own client's account. */
const holderOf = new Map<string, string>();

/** A fresh client with one LATAM account holding the given lots, in the order given (ids returned in that order). */
async function accountWith(lots: LotSpec[]) {
  const n = ++accountSeq;
  const client = await createClientRow(handle.db, agencyId, { name: `Cliente Alocação ${n}` });
  const account = await createLoyaltyAccountRow(handle.db, agencyId, {
    client_id: client.id,
    program: 'LATAM',
    account_number: `ALOC-${n}`,
  });
  holderOf.set(account.id, client.id);
  const ids: string[] = [];
  for (const l of lots) {
    const row = await createLotRow(handle.db, agencyId, account.id, {
      original_quantity: l.miles,
      remaining_quantity: l.remaining ?? l.miles,
      cost_per_thousand: l.cpm,
      total_cost_cents: Math.round((l.miles * Number(l.cpm)) / 10),
      expiry_date: l.expiry,
      status: l.status ?? 'available',
    });
    ids.push(row.id);
  }
  return { accountId: account.id, lotIds: ids };
}

type Allocation = { lot_id: string; miles: number; cost_per_thousand: string; cost_cents: number };

/** POST /api/v1/emissions: an emission of the account's holder drawing `miles` from its lots, on the test clock's day. */
function createEmission(accountId: string, miles: number, options: { lotIds?: string[]; today?: string } = {}) {
  return call(app, 'POST', '/api/v1/emissions', {
    cookie,
    headers: { 'x-test-today': options.today ?? TODAY },
    body: {
      client_id: holderOf.get(accountId),
      account_id: accountId,
      route: 'NAT-GRU',
      miles_used: miles,
      fees_cents: 0,
      revenue_cents: 100_000,
      rav_cents: 0,
      passengers: [{ name: 'Passageira Alocação', cpf: validCpf(4242) }],
      ...(options.lotIds ? { lot_ids: options.lotIds } : {}),
    },
  });
}

/** A creation that must succeed: its id and the allocations it answered. */
async function allocate(accountId: string, miles: number, options: { lotIds?: string[]; today?: string } = {}) {
  const res = await createEmission(accountId, miles, options);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    emissionId: res.body.emission.id as string,
    milesCostCents: res.body.emission.miles_cost_cents as number,
    allocations: res.body.allocations as Allocation[],
  };
}

/** POST /api/v1/emissions/:id/transitions { action: 'cancel' } on the given day. */
const cancelThroughApi = (emissionId: string, today = TODAY) =>
  call(app, 'POST', `/api/v1/emissions/${emissionId}/transitions`, {
    cookie,
    headers: { 'x-test-today': today },
    body: { action: 'cancel' },
  });

async function lotState(ids: string[]) {
  const rows = await handle.db
    .select()
    .from(mile_lots)
    .where(sql`${mile_lots.id} IN ${ids}`);
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id)!;
    return { remaining: r.remaining_quantity, status: r.status };
  });
}

async function expectInvariant() {
  expect(await brokenLots(handle.db, agencyId)).toEqual([]);
  expect(await lotTotalsMismatches(handle.db, agencyId)).toEqual([]);
  expect(await lotSearchEntryMismatches(handle.db, agencyId)).toEqual([]);
}

/** What the cancel transition does to the miles (releaseMiles, then the status), in one tenant transaction, to read releaseMiles' answer. */
async function cancel(emissionId: string, today = TODAY) {
  return asTenant(async (tx) => {
    const released = await releaseMiles(tx, { agencyId, emissionIds: [emissionId], today });
    await tx
      .update(emissions)
      .set({ status: 'cancelled', cancelled_at: sql`now()` })
      .where(eq(emissions.id, emissionId));
    return released;
  });
}

/** The agency's allocation policy, through PUT /api/v1/agency/settings. */
async function setPolicy(policy: 'cheapest' | 'expiring_first') {
  const res = await call(app, 'PUT', '/api/v1/agency/settings', {
    cookie,
    body: { ...DEFAULT_SETTINGS, lot_allocation_policy: policy },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const lotsAndMiles = (allocations: Allocation[]) => allocations.map((a) => [a.lot_id, a.miles]);

describe('allocation through POST /api/v1/emissions: golden paths', () => {
  it('takes the cheapest eligible lots first (CPM, then earliest expiry), skipping expired, reserved and past-expiry lots', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '20.0000', miles: 10_000, expiry: '2026-12-01' }, // A
      { cpm: '15.0000', miles: 5_000, expiry: '2027-01-01' }, // B
      { cpm: '15.0000', miles: 8_000, expiry: '2026-06-01' }, // C: same CPM as B, expires first
      { cpm: '10.0000', miles: 9_000, expiry: '2026-03-14' }, // D: past its day, still marked available
      { cpm: '11.0000', miles: 4_000, expiry: null, status: 'reserved' }, // E
      { cpm: '12.0000', miles: 4_000, expiry: '2027-01-01', status: 'expired' }, // F
    ]);
    const [a, b, c, d, e, f] = lotIds as [string, string, string, string, string, string];
    const { emissionId, milesCostCents, allocations } = await allocate(accountId, 12_000);
    expect(milesCostCents).toBe(18_000);
    expect(allocations).toEqual([
      expect.objectContaining({ lot_id: c, miles: 8_000, cost_per_thousand: '15.0000', cost_cents: 12_000 }),
      expect.objectContaining({ lot_id: b, miles: 4_000, cost_per_thousand: '15.0000', cost_cents: 6_000 }),
    ]);
    expect(await lotState([a, b, c, d, e, f])).toEqual([
      { remaining: 10_000, status: 'available' },
      { remaining: 1_000, status: 'available' },
      { remaining: 0, status: 'used' },
      { remaining: 9_000, status: 'available' },
      { remaining: 4_000, status: 'reserved' },
      { remaining: 4_000, status: 'expired' },
    ]);
    const rows = await handle.db
      .select()
      .from(emission_allocations)
      .where(eq(emission_allocations.emission_id, emissionId));
    expect(rows.map((r) => [r.lot_id, r.miles, r.cost_per_thousand, r.cost_cents, r.released_at]).sort(byText)).toEqual(
      [
        [c, 8_000, '15.0000', 12_000, null],
        [b, 4_000, '15.0000', 6_000, null],
      ].sort(byText),
    );
    await expectInvariant();
  });

  it("follows the agency's policy: expiring first consumes by earliest expiry (none last), then CPM", async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '12.0000', miles: 3_000, expiry: null },
      { cpm: '30.0000', miles: 2_000, expiry: '2026-04-01' },
      { cpm: '25.0000', miles: 2_000, expiry: '2026-05-01' },
    ]);
    const [none, april, may] = lotIds as [string, string, string];
    await setPolicy('expiring_first');
    try {
      // April's and May's lots used up, 1 000 of the one with no expiry: the order is in what each gave.
      const first = await allocate(accountId, 5_000);
      expect(lotsAndMiles(first.allocations).sort(byText)).toEqual(
        [
          [april, 2_000],
          [may, 2_000],
          [none, 1_000],
        ].sort(byText),
      );
      // 2000 × 30 + 2000 × 25 + 1000 × 12, ÷ 1000, in centavos.
      expect(first.milesCostCents).toBe(6_000 + 5_000 + 1_200);
      expect(await lotState([none, april, may])).toEqual([
        { remaining: 2_000, status: 'available' },
        { remaining: 0, status: 'used' },
        { remaining: 0, status: 'used' },
      ]);
    } finally {
      await setPolicy('cheapest');
    }
    // Back on the default policy, the next creation takes the cheapest lot.
    const second = await allocate(accountId, 1_000);
    expect(lotsAndMiles(second.allocations)).toEqual([[none, 1_000]]);
    await expectInvariant();
  });

  it('rounds each part to centavos and sums the parts (CPM with 4 places)', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.5555', miles: 333, expiry: null },
      { cpm: '17.0001', miles: 1_000, expiry: null },
    ]);
    const { allocations, milesCostCents } = await allocate(accountId, 1_000);
    // 333 × 15.5555 / 1000 = R$ 5,1799815 → 518; 667 × 17.0001 / 1000 = R$ 11,3390667 → 1134.
    expect(allocations.map((x) => [x.lot_id, x.miles, x.cost_cents])).toEqual([
      [lotIds[0], 333, 518],
      [lotIds[1], 667, 1_134],
    ]);
    expect(milesCostCents).toBe(1_652);
    await expectInvariant();
  });

  it('refuses a shortage with the missing miles, writes nothing and logs the English message', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.0000', miles: 2_000, expiry: '2027-01-01' },
      { cpm: '16.0000', miles: 1_500, expiry: '2027-01-01' },
      { cpm: '9.0000', miles: 9_000, expiry: '2026-01-01' },
    ]);
    const res = await createEmission(accountId, 5_000);
    expect(res.status).toBe(409);
    // The past-expiry lot's 9 000 miles are not available.
    expect(res.body).toEqual({
      error: {
        code: 'INSUFFICIENT_MILES',
        message: 'Milhas insuficientes: faltam 1.500 milhas.',
        fields: { miles: SHORTAGE_MESSAGE_PT(1_500) },
        details: { requested: 5_000, available: 3_500, missing: 1_500 },
      },
    });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: SHORTAGE_MESSAGE_LOG(1_500),
        agencyId,
        accountId,
        requested: 5_000,
        available: 3_500,
        missing: 1_500,
      }),
    );
    expect(await lotState(lotIds)).toEqual([
      { remaining: 2_000, status: 'available' },
      { remaining: 1_500, status: 'available' },
      { remaining: 9_000, status: 'available' },
    ]);
    expect(await handle.db.select().from(emissions).where(eq(emissions.account_id, accountId))).toEqual([]);
    expect(
      await handle.db
        .select()
        .from(emission_allocations)
        .where(sql`${emission_allocations.lot_id} IN ${lotIds}`),
    ).toEqual([]);
    await expectInvariant();
  });
});

describe('giving the miles back', () => {
  it('releaseMiles gives the miles back (used → available), keeps the rows as history, and does it once', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '14.0000', miles: 3_000, expiry: '2027-01-01' },
      { cpm: '18.0000', miles: 6_000, expiry: '2027-01-01' },
    ]);
    const { emissionId } = await allocate(accountId, 7_000);
    expect(await lotState(lotIds)).toEqual([
      { remaining: 0, status: 'used' },
      { remaining: 2_000, status: 'available' },
    ]);
    const released = await cancel(emissionId);
    expect(released.released_miles).toBe(7_000);
    expect(released.lots.sort((x, y) => x.miles - y.miles)).toEqual([
      { lot_id: lotIds[0], miles: 3_000, status: 'available' },
      { lot_id: lotIds[1], miles: 4_000, status: 'available' },
    ]);
    expect(await lotState(lotIds)).toEqual([
      { remaining: 3_000, status: 'available' },
      { remaining: 6_000, status: 'available' },
    ]);
    const rows = await handle.db
      .select()
      .from(emission_allocations)
      .where(eq(emission_allocations.emission_id, emissionId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.released_at !== null)).toBe(true);
    await expectInvariant();
    // A second release (a retried cancellation) gives nothing back.
    expect(await asTenant((tx) => releaseMiles(tx, { agencyId, emissionIds: [emissionId], today: TODAY }))).toEqual({
      released_miles: 0,
      lots: [],
    });
    await expectInvariant();
    // The released miles can feed another emission.
    const next = await allocate(accountId, 9_000);
    expect(next.allocations.reduce((s, a) => s + a.miles, 0)).toBe(9_000);
    await expectInvariant();
  });

  it('the cancel transition returns miles to a lot past its expiry as expired, not spendable', async () => {
    const { accountId, lotIds } = await accountWith([{ cpm: '15.0000', miles: 4_000, expiry: '2026-03-20' }]);
    const { emissionId } = await allocate(accountId, 4_000);
    expect(await lotState(lotIds)).toEqual([{ remaining: 0, status: 'used' }]);
    expect((await cancelThroughApi(emissionId, '2026-04-01')).status).toBe(200);
    expect(await lotState(lotIds)).toEqual([{ remaining: 4_000, status: 'expired' }]);
    expect((await createEmission(accountId, 1_000, { today: '2026-04-01' })).body.error).toMatchObject({
      code: 'INSUFFICIENT_MILES',
      details: { available: 0 },
    });
    await expectInvariant();
  });

  it('releaseMiles answers nothing for an emission without allocations', async () => {
    const { accountId } = await accountWith([]);
    const emissionId = (
      await createEmissionRow(handle.db, agencyId, holderOf.get(accountId)!, {
        account_id: accountId,
        miles_used: 1_000,
        status: 'processing',
      })
    ).id;
    expect(await asTenant((tx) => releaseMiles(tx, { agencyId, emissionIds: [emissionId], today: TODAY }))).toEqual({
      released_miles: 0,
      lots: [],
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency (PostgreSQL)', () => {
  /** Runs `fn` while another transaction holds the account's lots locked FOR UPDATE. */
  async function holdingLots(accountId: string, fn: () => Promise<void>) {
    let held!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM mile_lots WHERE account_id = ${accountId} FOR UPDATE`);
      held();
      await released;
    });
    await holding;
    try {
      await fn();
    } finally {
      release();
      await holder;
    }
  }

  /** Waits until `n` statements of this database wait on a lock. */
  async function waitersOnLocks(n: number) {
    for (let i = 0; i < 500; i++) {
      const [row] = (
        (await handle.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      if (row!.n >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`fewer than ${n} statements waiting on a lock`);
  }

  it('50 creations racing for the same lots under both policies: never more than there was, every loser told the shortage', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.0000', miles: 10_000, expiry: '2027-01-01' },
      { cpm: '16.0000', miles: 10_000, expiry: '2026-09-01' },
      { cpm: '17.0000', miles: 10_000, expiry: null },
      { cpm: '18.0000', miles: 10_000, expiry: '2026-12-01' },
      { cpm: '19.0000', miles: 10_000, expiry: '2027-06-01' },
    ]);
    const available = 50_000;
    const each = 1_500;
    // The policy is the agency's, read by each creation's first statement: 15 creations read
    // "cheapest" and queue on the account's lots, held here; then the policy becomes "expiring
    // first" and 35 more follow. So the lots are consumed in different orders by different callers,
    // each creation a request of its own, in its own transaction on its own pooled connection (the
    // pool has 20: 15 waiting, the holder, and room for the settings and the watch).
    const first: Promise<CallResult>[] = [];
    const second: Promise<CallResult>[] = [];
    try {
      await holdingLots(accountId, async () => {
        first.push(...Array.from({ length: 15 }, () => createEmission(accountId, each)));
        await waitersOnLocks(15);
        await setPolicy('expiring_first');
        second.push(...Array.from({ length: 35 }, () => createEmission(accountId, each)));
      });
    } finally {
      await Promise.allSettled([...first, ...second]);
      await setPolicy('cheapest');
    }
    const results = await Promise.all([...first, ...second]);
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won).toHaveLength(Math.floor(available / each));
    expect(lost).toHaveLength(50 - won.length);
    for (const l of lost) {
      expect(l.status).toBe(409);
      expect(l.body.error.code).toBe('INSUFFICIENT_MILES');
      expect(l.body.error.details.missing).toBe(each - (available % each));
    }
    const [sums] = await handle.db
      .select({ allocated: sql<number>`coalesce(sum(${emission_allocations.miles}), 0)`.mapWith(Number) })
      .from(emission_allocations)
      .where(and(eq(emission_allocations.agency_id, agencyId), sql`${emission_allocations.lot_id} IN ${lotIds}`));
    expect(sums!.allocated).toBe(won.length * each);
    expect(sums!.allocated).toBeLessThanOrEqual(available);
    const left = (await lotState(lotIds)).reduce((s, l) => s + l.remaining, 0);
    expect(left).toBe(available - won.length * each);
    await expectInvariant();
  });

  it('creations and cancellations interleaved on the same lots keep every lot whole', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.0000', miles: 6_000, expiry: '2027-01-01' },
      { cpm: '15.5000', miles: 6_000, expiry: '2026-08-01' },
      { cpm: '16.0000', miles: 6_000, expiry: null },
    ]);
    const first: string[] = [];
    for (let i = 0; i < 10; i++) first.push((await allocate(accountId, 1_000)).emissionId);
    const [cancels, creations] = await Promise.all([
      Promise.all(first.map((emissionId) => cancelThroughApi(emissionId))),
      Promise.all(Array.from({ length: 20 }, () => createEmission(accountId, 700))),
    ]);
    for (const r of cancels) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const r of creations)
      if (r.status !== 201) expect([r.status, r.body.error.code]).toEqual([409, 'INSUFFICIENT_MILES']);
    await expectInvariant();
    const left = (await lotState(lotIds)).reduce((s, l) => s + l.remaining, 0);
    const won = creations.filter((r) => r.status === 201).length;
    expect(left).toBe(18_000 - won * 700);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHORTAGE_MESSAGE_LOG, SHORTAGE_MESSAGE_PT } from '../../../domain/lots/allocation';
import { agencies, emission_allocations, emissions, mile_lots } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { DbHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createClientRow, createEmissionRow, createLotRow, createLoyaltyAccountRow } from '../../testing/factories/client.factory';
import { brokenLots, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { createTestDb } from '../../testing/test-db';
import { allocateMiles, releaseMiles } from '../allocation.service';

/**
 * The allocation engine on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with
 * DESIGN.md §2's invariant checked after every case: original = remaining + miles allocated to
 * non-cancelled emissions (and = remaining + unreleased allocations).
 */
let handle: DbHandle;
let agencyId: string;
let clientId: string;

const TODAY = '2026-03-15';

beforeAll(async () => {
  handle = await createTestDb();
  agencyId = (await createAgencyWithUser(handle.db)).agency.id;
  clientId = (await createClientRow(handle.db, agencyId, { name: 'Cliente Alocação' })).id;
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
/** A fresh agency-owned account with the given lots, in the order given (ids returned in that order). */
async function accountWith(lots: LotSpec[]) {
  const account = await createLoyaltyAccountRow(handle.db, agencyId, { client_id: null, program: 'LATAM', account_number: `ALOC-${++accountSeq}` });
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

async function emissionFor(accountId: string, miles: number) {
  return (await createEmissionRow(handle.db, agencyId, clientId, { account_id: accountId, miles_used: miles, status: 'processing' })).id;
}

async function lotState(ids: string[]) {
  const rows = await handle.db.select().from(mile_lots).where(sql`${mile_lots.id} IN ${ids}`);
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

async function cancel(emissionId: string, today = TODAY) {
  return asTenant(async (tx) => {
    const released = await releaseMiles(tx, { agencyId, emissionId, today });
    await tx.update(emissions).set({ status: 'cancelled', cancelled_at: sql`now()` }).where(eq(emissions.id, emissionId));
    return released;
  });
}

async function setPolicy(policy: 'cheapest' | 'expiring_first') {
  await handle.db
    .update(agencies)
    .set({ settings: sql`${agencies.settings} || ${JSON.stringify({ lot_allocation_policy: policy })}::jsonb` })
    .where(eq(agencies.id, agencyId));
}

describe('allocateMiles: golden paths', () => {
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
    const emissionId = await emissionFor(accountId, 12_000);
    const result = await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 12_000, emissionId, today: TODAY }));
    expect(result).toMatchObject({
      policy: 'cheapest',
      total_miles: 12_000,
      total_cost_cents: 18_000,
      weighted_cost_per_thousand: '15.0000',
      allocations: [
        { lot_id: c, miles: 8_000, cost_per_thousand: '15.0000', cost_cents: 12_000, id: expect.any(String) },
        { lot_id: b, miles: 4_000, cost_per_thousand: '15.0000', cost_cents: 6_000, id: expect.any(String) },
      ],
    });
    expect(await lotState([a, b, c, d, e, f])).toEqual([
      { remaining: 10_000, status: 'available' },
      { remaining: 1_000, status: 'available' },
      { remaining: 0, status: 'used' },
      { remaining: 9_000, status: 'available' },
      { remaining: 4_000, status: 'reserved' },
      { remaining: 4_000, status: 'expired' },
    ]);
    const rows = await handle.db.select().from(emission_allocations).where(eq(emission_allocations.emission_id, emissionId));
    expect(rows.map((r) => [r.lot_id, r.miles, r.cost_per_thousand, r.cost_cents, r.released_at]).sort()).toEqual(
      [
        [c, 8_000, '15.0000', 12_000, null],
        [b, 4_000, '15.0000', 6_000, null],
      ].sort(),
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
      const emissionId = await emissionFor(accountId, 5_000);
      const result = await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 5_000, emissionId, today: TODAY }));
      expect(result.policy).toBe('expiring_first');
      expect(result.allocations.map((x) => [x.lot_id, x.miles])).toEqual([
        [april, 2_000],
        [may, 2_000],
        [none, 1_000],
      ]);
      // 2000 × 30 + 2000 × 25 + 1000 × 12, ÷ 1000, in centavos.
      expect(result.total_cost_cents).toBe(6_000 + 5_000 + 1_200);
      // An explicit policy wins over the setting.
      const second = await emissionFor(accountId, 1_000);
      const cheapest = await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 1_000, emissionId: second, policy: 'cheapest', today: TODAY }));
      expect(cheapest.allocations.map((x) => x.lot_id)).toEqual([none]);
    } finally {
      await setPolicy('cheapest');
    }
    await expectInvariant();
  });

  it('restricts the candidates to the lots chosen by hand', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '10.0000', miles: 5_000, expiry: '2027-01-01' },
      { cpm: '40.0000', miles: 5_000, expiry: '2027-01-01' },
    ]);
    const [cheap, dear] = lotIds as [string, string];
    const emissionId = await emissionFor(accountId, 2_000);
    const result = await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 2_000, emissionId, lotIds: [dear], today: TODAY }));
    expect(result.allocations.map((x) => [x.lot_id, x.miles, x.cost_cents])).toEqual([[dear, 2_000, 8_000]]);
    expect(await lotState([cheap, dear])).toEqual([
      { remaining: 5_000, status: 'available' },
      { remaining: 3_000, status: 'available' },
    ]);
    await expectInvariant();
  });

  it('rounds each part to centavos and sums the parts (CPM with 4 places)', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.5555', miles: 333, expiry: null },
      { cpm: '17.0001', miles: 1_000, expiry: null },
    ]);
    const emissionId = await emissionFor(accountId, 1_000);
    const result = await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 1_000, emissionId, today: TODAY }));
    // 333 × 15.5555 / 1000 = R$ 5,1799815 → 518; 667 × 17.0001 / 1000 = R$ 11,3390667 → 1134.
    expect(result.allocations.map((x) => [x.lot_id, x.miles, x.cost_cents])).toEqual([
      [lotIds[0], 333, 518],
      [lotIds[1], 667, 1_134],
    ]);
    expect(result.total_cost_cents).toBe(1_652);
    await expectInvariant();
  });

  it('refuses a shortage with the missing miles, writes nothing and logs the English message', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.0000', miles: 2_000, expiry: '2027-01-01' },
      { cpm: '16.0000', miles: 1_500, expiry: '2027-01-01' },
      { cpm: '9.0000', miles: 9_000, expiry: '2026-01-01' },
    ]);
    const emissionId = await emissionFor(accountId, 5_000);
    const logger = { warn: vi.fn() };
    const err = await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 5_000, emissionId, today: TODAY, logger })).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(409);
    expect(err.toBody()).toEqual({
      error: {
        code: 'INSUFFICIENT_MILES',
        message: 'Milhas insuficientes: faltam 1.500 milhas.',
        fields: { miles: SHORTAGE_MESSAGE_PT(1_500) },
        details: { requested: 5_000, available: 3_500, missing: 1_500 },
      },
    });
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ missing: 1_500 }), SHORTAGE_MESSAGE_LOG(1_500));
    expect(await lotState(lotIds)).toEqual([
      { remaining: 2_000, status: 'available' },
      { remaining: 1_500, status: 'available' },
      { remaining: 9_000, status: 'available' },
    ]);
    expect(await handle.db.select().from(emission_allocations).where(eq(emission_allocations.emission_id, emissionId))).toEqual([]);
    await expectInvariant();
  });

  it("refuses another account's emission, an unknown emission, a lot of another account and a non-positive amount", async () => {
    const mine = await accountWith([{ cpm: '15.0000', miles: 5_000, expiry: null }]);
    const other = await accountWith([{ cpm: '15.0000', miles: 5_000, expiry: null }]);
    const emissionId = await emissionFor(other.accountId, 1_000);
    const attempt = (p: Partial<Parameters<typeof allocateMiles>[1]>) =>
      asTenant((tx) => allocateMiles(tx, { agencyId, accountId: mine.accountId, miles: 1_000, emissionId, today: TODAY, ...p })).catch((e: AppError) => e);
    expect(await attempt({})).toMatchObject({ code: 'ACCOUNT_MISMATCH', status: 409 });
    expect(await attempt({ emissionId: crypto.randomUUID() })).toMatchObject({ code: 'EMISSION_NOT_FOUND', status: 404 });
    expect(await attempt({ accountId: other.accountId, lotIds: [mine.lotIds[0]!] })).toMatchObject({ code: 'LOT_NOT_FOUND', status: 404 });
    expect(await attempt({ miles: 0 })).toMatchObject({ code: 'VALIDATION_ERROR', fields: { miles: 'Milhas devem ser maior que 0' } });
    expect(await lotState([...mine.lotIds, ...other.lotIds])).toEqual([
      { remaining: 5_000, status: 'available' },
      { remaining: 5_000, status: 'available' },
    ]);
    await expectInvariant();
  });
});

describe('releaseMiles', () => {
  it('gives the miles back (used → available), keeps the rows as history, and does it once', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '14.0000', miles: 3_000, expiry: '2027-01-01' },
      { cpm: '18.0000', miles: 6_000, expiry: '2027-01-01' },
    ]);
    const emissionId = await emissionFor(accountId, 7_000);
    await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 7_000, emissionId, today: TODAY }));
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
    const rows = await handle.db.select().from(emission_allocations).where(eq(emission_allocations.emission_id, emissionId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.released_at !== null)).toBe(true);
    await expectInvariant();
    // A second release (a retried cancellation) gives nothing back.
    expect(await asTenant((tx) => releaseMiles(tx, { agencyId, emissionId, today: TODAY }))).toEqual({ released_miles: 0, lots: [] });
    await expectInvariant();
    // The released miles can feed another emission.
    const next = await emissionFor(accountId, 9_000);
    const again = await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 9_000, emissionId: next, today: TODAY }));
    expect(again.total_miles).toBe(9_000);
    await expectInvariant();
  });

  it('returns miles to a lot past its expiry as expired, not spendable', async () => {
    const { accountId, lotIds } = await accountWith([{ cpm: '15.0000', miles: 4_000, expiry: '2026-03-20' }]);
    const emissionId = await emissionFor(accountId, 4_000);
    await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 4_000, emissionId, today: TODAY }));
    expect(await lotState(lotIds)).toEqual([{ remaining: 0, status: 'used' }]);
    await cancel(emissionId, '2026-04-01');
    expect(await lotState(lotIds)).toEqual([{ remaining: 4_000, status: 'expired' }]);
    await expectInvariant();
  });

  it('answers nothing for an emission without allocations', async () => {
    const { accountId } = await accountWith([]);
    const emissionId = await emissionFor(accountId, 1_000);
    expect(await asTenant((tx) => releaseMiles(tx, { agencyId, emissionId, today: TODAY }))).toEqual({ released_miles: 0, lots: [] });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency (PostgreSQL)', () => {
  it('50 allocations racing for the same lots: never more than there was, every loser told the shortage', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.0000', miles: 10_000, expiry: '2027-01-01' },
      { cpm: '16.0000', miles: 10_000, expiry: '2026-09-01' },
      { cpm: '17.0000', miles: 10_000, expiry: null },
      { cpm: '18.0000', miles: 10_000, expiry: '2026-12-01' },
      { cpm: '19.0000', miles: 10_000, expiry: '2027-06-01' },
    ]);
    const available = 50_000;
    const each = 1_500;
    const emissionIds = await Promise.all(Array.from({ length: 50 }, () => emissionFor(accountId, each)));
    // Half on each policy, so the lots are consumed in different orders by different callers.
    const results = await Promise.allSettled(
      emissionIds.map((emissionId, i) =>
        // Each in its own transaction on its own pooled connection, as the tenant role.
        asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: each, emissionId, policy: i % 2 ? 'expiring_first' : 'cheapest', today: TODAY })),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(Math.floor(available / each));
    expect(lost).toHaveLength(50 - won.length);
    for (const l of lost) {
      expect(l.reason).toBeInstanceOf(AppError);
      expect(l.reason.code).toBe('INSUFFICIENT_MILES');
      expect(l.reason.details.missing).toBe(each - (available % each));
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

  it('allocations and cancellations interleaved on the same lots keep every lot whole', async () => {
    const { accountId, lotIds } = await accountWith([
      { cpm: '15.0000', miles: 6_000, expiry: '2027-01-01' },
      { cpm: '15.5000', miles: 6_000, expiry: '2026-08-01' },
      { cpm: '16.0000', miles: 6_000, expiry: null },
    ]);
    const first = await Promise.all(Array.from({ length: 10 }, () => emissionFor(accountId, 1_000)));
    for (const emissionId of first) await asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 1_000, emissionId, today: TODAY }));
    const later = await Promise.all(Array.from({ length: 20 }, () => emissionFor(accountId, 700)));
    const jobs = [
      ...first.map((emissionId) => cancel(emissionId)),
      ...later.map((emissionId) => asTenant((tx) => allocateMiles(tx, { agencyId, accountId, miles: 700, emissionId, today: TODAY }))),
    ];
    const results = await Promise.allSettled(jobs);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('INSUFFICIENT_MILES');
    await expectInvariant();
    const left = (await lotState(lotIds)).reduce((s, l) => s + l.remaining, 0);
    const won = results.slice(first.length).filter((r) => r.status === 'fulfilled').length;
    expect(left).toBe(18_000 - won * 700);
  });
});

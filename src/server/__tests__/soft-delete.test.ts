import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAgencyData } from '../demo/generate';
import { restoreClients, softDeleteClients } from '../clients/clients.service';
import type { Transaction } from '../db/client';
import { rowsOf } from '../db/rows';
import { withTenant } from '../db/tenant';
import { EMISSION_ERROR_MESSAGES } from '../emissions/emissions.errors';
import { restoreEmissions, softDeleteEmissions } from '../emissions/emissions.service';
import { restoreLots, softDeleteLots } from '../lots/lots.service';
import { createAgencyWithUser, TEST_PASSWORD } from '../testing/factories/agency.factory';
import { brokenLots, keptFigureMismatches } from '../testing/invariants';
import { call, createTestContext, type TestContext } from '../testing/test-app';

// The one soft-delete path (issue #12; DESIGN.md §2: what an import undo removes). Differential:
// after each soft delete and restore, every kept figure equals a recount of the live rows, the
// lot invariant holds, and what the API shows equals what it showed before (after a restore) or
// leaves the deleted rows out (after a delete). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let ctx: TestContext;
let agencyId: string;
let cookie: string;
let other: { agencyId: string; clientIds: string[] };

const asTenant = <T>(agency: string, fn: (tx: Transaction) => Promise<T>) => withTenant(ctx.handle.db, agency, fn);
const get = async (path: string) => {
  const res = await call(ctx.app, 'GET', `/api/v1${path}`, { cookie });
  expect(res.status, path).toBe(200);
  return res.body;
};
const ids = async (query: string) =>
  rowsOf<{ id: string }>(await ctx.handle.db.execute(sql.raw(query))).map((r) => r.id);

/** A deep copy without updated_at: a delete and its restore are changes of their own. */
const withoutUpdatedAt = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutUpdatedAt)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => k !== 'updated_at')
            .map(([k, v]) => [k, withoutUpdatedAt(v)]),
        )
      : value;

/** What the lists, their summaries and searches show: compared whole before and after. */
async function shown() {
  return withoutUpdatedAt({
    clients: await get('/clients?limit=100'),
    clientsByEmissions: await get('/clients?sort=emissions&order=desc&limit=100'),
    searched: await get('/clients?search=silva&limit=100'),
    lots: await get('/lots?limit=100'),
    lotSummary: await get('/lots/summary'),
    emissions: await get('/emissions?limit=100'),
    issued: await get('/emissions?status=issued&limit=100'),
  }) as Record<string, any>;
}

async function expectConsistent(agency = agencyId) {
  expect(await keptFigureMismatches(ctx.handle.db, agency)).toEqual([]);
  expect(await brokenLots(ctx.handle.db, agency)).toEqual([]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const mine = await createAgencyWithUser(ctx.handle.db);
  agencyId = mine.agency.id;
  await generateAgencyData(ctx.handle.db, {
    agencyId,
    clients: 240,
    seed: 12,
    emissionShare: 0.6,
    userId: mine.user.id,
  });
  const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: mine.user.email, password: TEST_PASSWORD },
  });
  cookie = signIn.cookie!;
  const theirs = await createAgencyWithUser(ctx.handle.db);
  await generateAgencyData(ctx.handle.db, { agencyId: theirs.agency.id, clients: 30, seed: 13 });
  other = {
    agencyId: theirs.agency.id,
    clientIds: await ids(`SELECT id FROM clients WHERE agency_id = '${theirs.agency.id}'`),
  };
}, 120_000);
afterAll(() => ctx?.close());

describe('soft delete and restore', () => {
  it('emissions: their miles go back to their lots and come again; every figure equals a recount', async () => {
    await expectConsistent();
    const before = await shown();
    const live = await ids(
      `SELECT id FROM emissions WHERE agency_id = '${agencyId}' AND deleted_at IS NULL ORDER BY id`,
    );
    const cancelled = await ids(
      `SELECT id FROM emissions WHERE agency_id = '${agencyId}' AND status = 'cancelled' ORDER BY id`,
    );
    expect(cancelled.length).toBeGreaterThan(0);
    // Half the emissions, cancelled ones among them, in one call.
    const chosen = [...new Set([...live.filter((_, i) => i % 2 === 0), ...cancelled.slice(0, 3)])];
    const remainingBefore = await ids(
      `SELECT sum(remaining_quantity)::text AS id FROM mile_lots WHERE agency_id = '${agencyId}'`,
    );

    expect(await asTenant(agencyId, (tx) => softDeleteEmissions(tx, { agencyId, ids: chosen }))).toEqual({
      count: chosen.length,
    });
    await expectConsistent();
    const after = await shown();
    expect(after.emissions.total).toBe(before.emissions.total - chosen.length);
    expect(after.emissions.data.map((e: { id: string }) => e.id).filter((id: string) => chosen.includes(id))).toEqual(
      [],
    );
    expect((await call(ctx.app, 'GET', `/api/v1/emissions/${chosen[0]}`, { cookie })).status).toBe(404);
    const remainingAfter = await ids(
      `SELECT sum(remaining_quantity)::text AS id FROM mile_lots WHERE agency_id = '${agencyId}'`,
    );
    expect(BigInt(remainingAfter[0]!)).toBeGreaterThan(BigInt(remainingBefore[0]!));
    // A second delete of the same ids finds nothing to do.
    expect(await asTenant(agencyId, (tx) => softDeleteEmissions(tx, { agencyId, ids: chosen }))).toEqual({ count: 0 });

    expect(await asTenant(agencyId, (tx) => restoreEmissions(tx, { agencyId, ids: chosen }))).toEqual({
      count: chosen.length,
    });
    await expectConsistent();
    expect(await shown()).toEqual(before);
    expect(
      await ids(`SELECT sum(remaining_quantity)::text AS id FROM mile_lots WHERE agency_id = '${agencyId}'`),
    ).toEqual(remainingBefore);
  });

  it('restoring an emission whose miles were spent since changes nothing and says why', async () => {
    const [row] = rowsOf<{ id: string; lot_id: string; miles: number }>(
      await ctx.handle.db
        .execute(sql`SELECT e.id, a.lot_id, a.miles FROM emissions e JOIN emission_allocations a ON a.emission_id = e.id
        WHERE e.agency_id = ${agencyId} AND e.status = 'issued' AND e.deleted_at IS NULL AND a.released_at IS NULL ORDER BY e.id LIMIT 1`),
    );
    await asTenant(agencyId, (tx) => softDeleteEmissions(tx, { agencyId, ids: [row!.id] }));
    // The lot's miles are spent meanwhile (as another emission would; written straight, then put back).
    const [lot] = rowsOf<{ remaining_quantity: number; status: string }>(
      await ctx.handle.db.execute(sql`SELECT remaining_quantity, status FROM mile_lots WHERE id = ${row!.lot_id}`),
    );
    await ctx.handle.db.execute(
      sql`UPDATE mile_lots SET remaining_quantity = ${row!.miles - 1} WHERE id = ${row!.lot_id}`,
    );
    const snapshot = await shown();
    await expect(asTenant(agencyId, (tx) => restoreEmissions(tx, { agencyId, ids: [row!.id] }))).rejects.toMatchObject({
      status: 409,
      message: EMISSION_ERROR_MESSAGES.restoreShortage,
    });
    expect(await shown()).toEqual(snapshot);
    await ctx.handle.db.execute(
      sql`UPDATE mile_lots SET remaining_quantity = ${lot!.remaining_quantity}, status = ${lot!.status} WHERE id = ${row!.lot_id}`,
    );
    expect(await asTenant(agencyId, (tx) => restoreEmissions(tx, { agencyId, ids: [row!.id] }))).toEqual({ count: 1 });
    await expectConsistent();
  });

  it('lots: those feeding live emissions are kept; the others leave the lists and totals and come back', async () => {
    const before = await shown();
    const all = await ids(
      `SELECT id FROM mile_lots WHERE agency_id = '${agencyId}' AND deleted_at IS NULL ORDER BY id`,
    );
    const inUse = await ids(
      `SELECT DISTINCT lot_id AS id FROM emission_allocations WHERE agency_id = '${agencyId}' AND released_at IS NULL`,
    );
    const result = await asTenant(agencyId, (tx) => softDeleteLots(tx, { agencyId, ids: all }));
    expect(result).toEqual({ count: all.length - inUse.length, kept: inUse.length });
    await expectConsistent();
    const after = await shown();
    expect(after.lots.total).toBe(inUse.length);
    expect(await asTenant(agencyId, (tx) => restoreLots(tx, { agencyId, ids: all }))).toEqual({
      count: all.length - inUse.length,
    });
    await expectConsistent();
    expect(await shown()).toEqual(before);
  });

  it('clients: they and their accounts leave lists, searches, counts and totals, and come back with them', async () => {
    const before = await shown();
    const chosen = await ids(
      `SELECT id FROM clients WHERE agency_id = '${agencyId}' AND search_text LIKE '%silva%' ORDER BY id`,
    );
    expect(chosen.length).toBeGreaterThan(3);
    const accountsBefore = await ids(
      `SELECT id FROM loyalty_accounts WHERE agency_id = '${agencyId}' AND deleted_at IS NULL ORDER BY id`,
    );

    expect(await asTenant(agencyId, (tx) => softDeleteClients(tx, { agencyId, ids: chosen }))).toEqual({
      count: chosen.length,
    });
    await expectConsistent();
    const after = await shown();
    expect(after.searched.total).toBe(0);
    expect(after.clients.total).toBe(before.clients.total - chosen.length);
    expect(after.clients.summary.total_clients).toBe(before.clients.summary.total_clients - chosen.length);
    expect((await call(ctx.app, 'GET', `/api/v1/clients/${chosen[0]}`, { cookie })).status).toBe(404);
    const accountsAfter = await ids(
      `SELECT id FROM loyalty_accounts WHERE agency_id = '${agencyId}' AND deleted_at IS NULL ORDER BY id`,
    );
    expect(accountsAfter.length).toBeLessThan(accountsBefore.length);

    expect(await asTenant(agencyId, (tx) => restoreClients(tx, { agencyId, ids: chosen }))).toEqual({
      count: chosen.length,
    });
    await expectConsistent();
    expect(await shown()).toEqual(before);
    expect(
      await ids(`SELECT id FROM loyalty_accounts WHERE agency_id = '${agencyId}' AND deleted_at IS NULL ORDER BY id`),
    ).toEqual(accountsBefore);
  });

  it("another agency's ids change nothing, even named directly", async () => {
    expect(await asTenant(agencyId, (tx) => softDeleteClients(tx, { agencyId, ids: other.clientIds }))).toEqual({
      count: 0,
    });
    expect(
      await asTenant(agencyId, (tx) => softDeleteClients(tx, { agencyId: other.agencyId, ids: other.clientIds })),
    ).toEqual({ count: 0 });
    expect(
      await ids(`SELECT id FROM clients WHERE agency_id = '${other.agencyId}' AND deleted_at IS NULL`),
    ).toHaveLength(other.clientIds.length);
    await expectConsistent(other.agencyId);
  });
});

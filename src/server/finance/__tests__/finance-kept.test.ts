import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { generateAgencyData } from '../../demo/generate';
import { seedDemoPostings } from '../../demo/postings';
import { restoreEmissions, softDeleteEmissions } from '../../emissions/emissions.service';
import { createAgencyWithUser, TEST_PASSWORD } from '../../testing/factories/agency.factory';
import { financeKeptMismatches } from '../../testing/invariants';
import { call, createTestContext, type TestContext } from '../../testing/test-app';

/**
 * The finance figures kept per day (migration 0024, issue #15 "Performance"): after every way the
 * app and the database write emissions and postings — one posting and thousands in a statement,
 * edits that move a posting between emissions, duplicates, status changes, soft delete and restore
 * of emissions with their postings, a hard delete whose postings go by cascade before the emission's
 * trigger runs, a lot's purchase posting, an agency deleted whole — emission_days, posting_days and
 * emission_postings equal a recount written without the migration's functions. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: TestContext;
let agencyId: string;
let cookie: string;

const expectKept = async (agency = agencyId) => expect(await financeKeptMismatches(ctx.handle.db, agency)).toEqual([]);
const ids = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ id: string }>(await ctx.handle.db.execute(query)).map((r) => r.id);
const entries = (body: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/v1/finance/entries', { cookie, body: { entry_date: '2026-11-20', ...body } });

beforeAll(async () => {
  ctx = await createTestContext();
  const mine = await createAgencyWithUser(ctx.handle.db);
  agencyId = mine.agency.id;
  await generateAgencyData(ctx.handle.db, { agencyId, clients: 160, seed: 21, userId: mine.user.id });
  await seedDemoPostings(ctx.handle.db, { agencyId, userId: mine.user.id });
  const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: mine.user.email, password: TEST_PASSWORD },
  });
  cookie = signIn.cookie!;
});
afterAll(() => ctx.close());

describe('finance figures kept per day', () => {
  it('equal a recount after the seed: thousands of postings in three statements', async () => {
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(sql`SELECT count(*)::int AS n FROM financial_entries WHERE agency_id = ${agencyId}`),
    );
    expect(n).toBeGreaterThan(200);
    await expectKept();
  });

  it('follow one posting created, edited onto another emission and category, repeated, and deleted', async () => {
    const [a, b] = await ids(
      sql`SELECT id FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND status = 'issued' ORDER BY created_at DESC LIMIT 2`,
    );
    const created = await entries({ kind: 'revenue', category: 'revenue', amount_cents: 12_345, emission_id: a });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await expectKept();
    const moved = await call(ctx.app, 'PUT', `/api/v1/finance/entries/${created.body.id}`, {
      cookie,
      body: { kind: 'expense', category: 'fees', amount_cents: 4_321, entry_date: '2026-10-02', emission_id: b },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expectKept();
    const twice = await entries({ kind: 'expense', category: 'fees', amount_cents: 4_321, emission_id: b });
    expect(twice.status).toBe(201);
    await expectKept();
    for (const id of [created.body.id, twice.body.id]) {
      expect((await call(ctx.app, 'DELETE', `/api/v1/finance/entries/${id}`, { cookie })).status).toBe(204);
      await expectKept();
    }
  });

  it('follow emissions whose status, figures or day change, one by one and many in a statement', async () => {
    const [one] = await ids(
      sql`SELECT e.id FROM emissions e JOIN emission_postings r ON r.agency_id = e.agency_id AND r.emission_id = e.id
          WHERE e.agency_id = ${agencyId} AND e.status = 'issued' AND r.postings > 0 LIMIT 1`,
    );
    await ctx.handle.db.execute(sql`UPDATE emissions SET status = 'cancelled' WHERE id = ${one}`);
    await expectKept();
    await ctx.handle.db.execute(
      sql`UPDATE emissions SET revenue_cents = revenue_cents + 100, margin_cents = margin_cents + 100,
            created_at = created_at - interval '1 day' WHERE agency_id = ${agencyId} AND status = 'issued'`,
    );
    await expectKept();
    await ctx.handle.db.execute(
      sql`UPDATE emissions SET status = 'issued' WHERE agency_id = ${agencyId} AND status = 'cancelled'`,
    );
    await expectKept();
  });

  it('follow emissions soft-deleted with their postings and restored with them', async () => {
    const posted = await ids(
      sql`SELECT e.id FROM emissions e JOIN emission_postings r ON r.agency_id = e.agency_id AND r.emission_id = e.id
          WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND r.postings > 0 ORDER BY e.id LIMIT 25`,
    );
    expect(posted).toHaveLength(25);
    expect((await softDeleteEmissions(ctx.handle.db, { agencyId, ids: posted })).count).toBe(25);
    await expectKept();
    expect((await restoreEmissions(ctx.handle.db, { agencyId, ids: posted })).count).toBe(25);
    await expectKept();
  });

  it('follow the missing amounts of several emissions posted in one action', async () => {
    const page = await call(ctx.app, 'GET', '/api/v1/reconciliation?only_discrepancies=true&limit=20', { cookie });
    expect(page.status).toBe(200);
    const chosen = page.body.data
      .filter((r: { status: string }) => !['cancelled', 'failed'].includes(r.status))
      .map((r: { emission_id: string }) => r.emission_id);
    expect(chosen.length).toBeGreaterThan(0);
    const res = await call(ctx.app, 'POST', '/api/v1/reconciliation/post-missing', {
      cookie,
      body: { emission_ids: chosen, entry_date: '2026-11-21' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectKept();
  });

  it('follow a hard delete whose postings go by cascade first, and a lot bought, edited and deleted', async () => {
    const gone = await ids(
      sql`SELECT e.id FROM emissions e JOIN emission_postings r ON r.agency_id = e.agency_id AND r.emission_id = e.id
          WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL AND r.postings > 0 LIMIT 3`,
    );
    expect(gone).toHaveLength(3);
    // As the database's owner (the app soft-deletes): the allocations and postings go by cascade.
    await ctx.handle.db.execute(sql`DELETE FROM emissions WHERE id IN (${sql.join(gone, sql`, `)})`);
    await expectKept();
    const [{ n } = { n: -1 }] = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM emission_postings WHERE emission_id IN (${sql.join(gone, sql`, `)})`,
      ),
    );
    expect(n).toBe(0);
    const lot = await call(ctx.app, 'POST', '/api/v1/lots', {
      cookie,
      body: {
        program: 'LATAM',
        account_number: 'KEPT-1',
        original_quantity: '10000',
        cost_per_mile: '0,02',
        purchase_date: '2026-11-02',
        expiry_date: '2027-11-02',
      },
    });
    expect(lot.status, JSON.stringify(lot.body)).toBe(201);
    await expectKept();
    const edited = await call(ctx.app, 'PUT', `/api/v1/lots/${lot.body.id}`, {
      cookie,
      body: {
        account_id: lot.body.account_id,
        program: 'LATAM',
        original_quantity: '20000',
        cost_per_mile: '0,03',
        purchase_date: '2026-11-02',
        expiry_date: '2027-11-02',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expectKept();
    expect((await call(ctx.app, 'DELETE', `/api/v1/lots/${lot.body.id}`, { cookie })).status).toBe(204);
    await expectKept();
  });

  it("leave nothing of an agency deleted whole, and the other agency's figures as they were", async () => {
    const theirs = await createAgencyWithUser(ctx.handle.db);
    await generateAgencyData(ctx.handle.db, { agencyId: theirs.agency.id, clients: 30, seed: 22 });
    await seedDemoPostings(ctx.handle.db, { agencyId: theirs.agency.id, userId: theirs.user.id });
    await expectKept(theirs.agency.id);
    await ctx.handle.db.execute(sql`DELETE FROM agencies WHERE id = ${theirs.agency.id}`);
    const left = rowsOf<{ n: number }>(
      await ctx.handle.db.execute(sql`
        SELECT (SELECT count(*) FROM emission_days WHERE agency_id = ${theirs.agency.id})
          + (SELECT count(*) FROM posting_days WHERE agency_id = ${theirs.agency.id})
          + (SELECT count(*) FROM emission_postings WHERE agency_id = ${theirs.agency.id}) AS n`),
    );
    expect(Number(left[0]!.n)).toBe(0);
    await expectKept();
  });
});

import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgError } from '../../db/errors';
import { activity, agencies } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { AppDeps, AppEnv } from '../../http/context';
import { requireSession } from '../../http/middleware';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * The audit log is append-only for the tenant role (migration 0034, decision 0026): SQL run inside a
 * request's own transaction — entered by the real requireSession, as every route's is — can add
 * lines and read them, never change or remove one. Each statement runs in a savepoint so the
 * request's transaction survives the refusal and the probe reports it.
 */
function probeApp(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .use('*', requireSession)
    .post('/probe', async (c) => {
      const { statement } = (await c.req.json()) as { statement: string };
      try {
        const result = await c.var.db.transaction((sp) => sp.execute(sql.raw(statement)));
        return c.json({ ok: true, rows: (result as unknown as { rows: unknown[] }).rows });
      } catch (err) {
        return c.json({ ok: false, code: pgError(err)?.code, message: String(pgError(err)?.message ?? err) });
      }
    });
}

let ctx: TestContext;
let app: ReturnType<typeof probeApp>;
let cookie: string;
let agencyId: string;

async function probe(statement: string) {
  const res = await app.request('http://localhost/probe', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
    body: JSON.stringify({ statement }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { ok: boolean; code?: string; message?: string; rows?: Record<string, unknown>[] };
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie, agencyId } = await signedInAgency(ctx));
  app = probeApp({ db: ctx.handle.db, logger: pino({ level: 'silent' }), trustProxy: true });
  // A line written by a request, with its address.
  const res = await call(ctx.app, 'POST', '/api/v1/clients', {
    cookie,
    body: { name: 'Cliente Auditado', status: 'active', loyalty_accounts: [] },
    headers: { 'x-forwarded-for': '198.51.100.9' },
  });
  expect(res.status).toBe(201);
});
afterAll(() => ctx.close());

describe('activity is append-only for the tenant role', () => {
  it('a request inserts and reads its lines, with the address the column defaults to', async () => {
    const inserted = await probe(
      `INSERT INTO activity (agency_id, user_id, kind, description) VALUES ('${agencyId}', NULL, 'lots_expired', 'x') RETURNING ip`,
    );
    expect(inserted).toMatchObject({ ok: true, rows: [{ ip: '198.51.100.9' }] });
    const read = await probe(`SELECT count(*)::int AS n FROM activity`);
    expect(read.rows).toEqual([{ n: 2 }]);
  });

  it.each([
    ['UPDATE', `UPDATE activity SET description = 'apagado'`],
    ['UPDATE of its address', `UPDATE activity SET ip = '10.0.0.1'`],
    ['DELETE', `DELETE FROM activity`],
    ['TRUNCATE', `TRUNCATE activity`],
  ])('%s is refused: permission denied', async (_what, statement) => {
    const res = await probe(statement);
    expect(res).toMatchObject({ ok: false, code: '42501' });
    expect(res.message).toMatch(/permission denied/);
  });

  it('as withTenant too (jobs), and the lines are unchanged', async () => {
    await expect(
      withTenant(ctx.handle.db, agencyId, (tx) => tx.update(activity).set({ description: 'x' })),
    ).rejects.toSatisfy((err) => pgError(err)?.code === '42501');
    await expect(withTenant(ctx.handle.db, agencyId, (tx) => tx.delete(activity))).rejects.toSatisfy(
      (err) => pgError(err)?.code === '42501',
    );
    const rows = await ctx.handle.db.select().from(activity).where(eq(activity.agency_id, agencyId));
    expect(rows.map((r) => r.description).sort()).toEqual(['Cliente Cliente Auditado cadastrado', 'x']);
  });

  it("the agency's deletion (the owner) still removes its lines through the cascade", async () => {
    await ctx.handle.db.delete(agencies).where(eq(agencies.id, agencyId));
    expect(await ctx.handle.db.select().from(activity).where(eq(activity.agency_id, agencyId))).toEqual([]);
  });
});

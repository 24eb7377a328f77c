import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app';
import { createDb, type DbHandle } from '../../db/client';
import { clients, sessions } from '../../db/schema';
import type { AppDeps, AppEnv } from '../../http/context';
import { requireSession } from '../../http/middleware';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { call, createTestContext, type TestContext } from '../../testing/test-app';
import { MAX_SESSIONS_PER_USER, SESSION_TOUCH_INTERVAL_MS } from '../sessions';

/**
 * DESIGN.md §4 on #11 item 8: the agency a request sees is bound to the session token it holds.
 * SQL run inside a request's transaction (here by a probe route behind the real requireSession)
 * must not reach another agency by naming it in app.agency_id, nor — under the least-privilege
 * login role production uses — by RESET ROLE.
 */
function probeApp(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .use('*', requireSession)
    .post('/probe', async (c) => {
      const { statements } = (await c.req.json()) as { statements: string[] };
      let rows: unknown[] = [];
      for (const text of statements) rows = (await c.var.db.execute(sql.raw(text))) as unknown as unknown[];
      return c.json((rows as unknown as { rows: unknown[] }).rows ?? rows);
    });
}

async function probe(app: ReturnType<typeof probeApp>, cookie: string, statements: string[]) {
  const res = await app.request('http://localhost/probe', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ statements }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

async function signInCookie(app: App, email: string, password: string) {
  const res = await call(app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: email, password },
    headers: { 'x-forwarded-for': '10.60.0.1' },
  });
  expect(res.status).toBe(200);
  return res.cookie!;
}

let ctx: TestContext;
let a: Awaited<ReturnType<typeof createAgencyWithUser>>;
let b: Awaited<ReturnType<typeof createAgencyWithUser>>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createAgencyWithUser(ctx.handle.db);
  b = await createAgencyWithUser(ctx.handle.db);
  await ctx.handle.db.insert(clients).values([
    { agency_id: a.agency.id, name: 'Cliente de A' },
    { agency_id: b.agency.id, name: 'Cliente de B' },
  ]);
});
afterAll(() => ctx.close());

describe('a request sees the agency of its own session token', () => {
  it('naming another agency in app.agency_id inside the request shows none of its rows', async () => {
    const app = probeApp({ db: ctx.handle.db, logger: pino({ level: 'silent' }) });
    const cookie = await signInCookie(ctx.app, a.user.email!, a.password);
    const own = await probe(app, cookie, ['SELECT name FROM clients ORDER BY name']);
    expect(own).toEqual([{ name: 'Cliente de A' }]);
    const forged = await probe(app, cookie, [
      `SELECT set_config('app.agency_id', '${b.agency.id}', true)`,
      'SELECT name FROM clients ORDER BY name',
    ]);
    expect(forged).toEqual([{ name: 'Cliente de A' }]);
    const forgedToken = await probe(app, cookie, [
      `SELECT set_config('app.session_token', 'not-a-token', true), set_config('app.agency_id', '${b.agency.id}', true)`,
      `SELECT name FROM clients WHERE agency_id = '${b.agency.id}'`,
    ]);
    // Under the owner's login (this engine's default) RESET-free SQL still runs as the tenant role:
    // a blank or wrong token resolves to no agency rather than the named one.
    expect(forgedToken).toEqual([]);
  });

  it('every policy resolves the agency once per statement, through (SELECT app_current_agency())', async () => {
    const res = await ctx.handle.db.execute(sql`
      SELECT tablename, qual, with_check FROM pg_policies WHERE schemaname = 'public' ORDER BY tablename`);
    const rows = (res as { rows: { tablename: string; qual: string; with_check: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(15);
    const per = rows.filter(
      (r) =>
        !/\(\s*SELECT app_current_agency\(\) AS app_current_agency\s*\)/.test(r.qual) ||
        !/SELECT app_current_agency\(\)/.test(r.with_check),
    );
    expect(per).toEqual([]);
  });

  it('the pre-tenant functions are not executable by PUBLIC', async () => {
    const res = await ctx.handle.db.execute(sql`
      SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prosecdef AND has_function_privilege('public', p.oid, 'EXECUTE')`);
    expect((res as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('sessions', () => {
  it(`a user keeps at most ${MAX_SESSIONS_PER_USER} live sessions: signing in again ends the least recently used`, async () => {
    const user = await createAgencyWithUser(ctx.handle.db);
    const cookies: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      cookies.push(await signInCookie(ctx.app, user.user.email!, user.password));
      await ctx.handle.db.execute(
        sql`UPDATE sessions SET last_seen_at = last_seen_at - make_interval(secs => ${100 - i}) WHERE user_id = ${user.user.id} AND created_at = (SELECT max(created_at) FROM sessions WHERE user_id = ${user.user.id})`,
      );
    }
    const live = await ctx.handle.db.select().from(sessions).where(eq(sessions.user_id, user.user.id));
    expect(live).toHaveLength(MAX_SESSIONS_PER_USER);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: cookies[0] })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: cookies[1] })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: cookies.at(-1) })).status).toBe(200);
  });

  it('a session slid on a request that then fails keeps cookie and database in agreement', async () => {
    const cookie = await signInCookie(ctx.app, a.user.email!, a.password);
    const id = await sessionIdOf(cookie);
    const stale = async () => {
      await ctx.handle.db
        .execute(sql`UPDATE sessions SET last_seen_at = now() - make_interval(secs => ${SESSION_TOUCH_INTERVAL_MS / 1000 + 60}),
        expires_at = now() + interval '1 day' WHERE id = ${id}`);
      return (await ctx.handle.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.expires_at;
    };
    const before = await stale();
    const failed = await call(ctx.app, 'GET', '/api/v1/clients/00000000-0000-4000-8000-000000000000', { cookie });
    expect(failed.status).toBe(404);
    expect(failed.headers.get('set-cookie')).toBeNull();
    expect((await ctx.handle.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.expires_at).toBe(before);

    await stale();
    const ok = await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie });
    expect(ok.status).toBe(200);
    const kept = new Date(
      (await ctx.handle.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.expires_at,
    ).getTime();
    const sent = new Date(/Expires=([^;]+)/.exec(ok.headers.get('set-cookie') ?? '')![1]!).getTime();
    expect(Math.abs(sent - kept)).toBeLessThan(2000);
    expect(kept - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
  });
});

async function sessionIdOf(cookie: string) {
  const { hashToken } = await import('../sessions');
  return hashToken(cookie.split('=')[1]!);
}

/**
 * The production setup (README, docs/decisions/0012): migrations run as the owner; requests log in
 * as a role that owns nothing and is only the tenant role. RESET ROLE then lands on that role, still
 * under row-level security, and every sign-in path works through the owner-run functions.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('least-privilege login role (PostgreSQL)', () => {
  const LOGIN_ROLE = 'milheiro_login_test';
  let login: DbHandle;
  let app: App;

  beforeAll(async () => {
    await ctx.handle.db.execute(
      sql.raw(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${LOGIN_ROLE}') THEN CREATE ROLE ${LOGIN_ROLE} LOGIN IN ROLE milheiro_app; END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`),
    );
    const current = (await ctx.handle.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.username = LOGIN_ROLE;
    url.pathname = `/${current.rows[0]!.name}`;
    login = await createDb({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    app = createApp({ db: login.db, logger: pino({ level: 'silent' }), trustProxy: true });
  });
  afterAll(() => login?.close());

  it('signs in, lists, signs out — every pre-tenant step through the owner-run functions', async () => {
    expect((await call(app, 'GET', '/api/v1/auth/setup')).body.needs_setup).toBe(false);
    const cookie = await signInCookie(app, a.user.email!, a.password);
    const list = await call(app, 'GET', '/api/v1/clients', { cookie });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Cliente de A']);
    expect((await call(app, 'POST', '/api/v1/auth/sign-out', { cookie })).status).toBe(204);
    expect((await call(app, 'GET', '/api/v1/auth/me', { cookie })).status).toBe(401);
    const wrong = await call(app, 'POST', '/api/v1/auth/sign-in', {
      body: { identifier: a.user.email, password: 'Errada123' },
      headers: { 'x-forwarded-for': '10.61.0.1' },
    });
    expect(wrong.status).toBe(401);
  });

  it('RESET ROLE or a forged agency inside a request sees no row of another agency', async () => {
    const probeOn = probeApp({ db: login.db, logger: pino({ level: 'silent' }) });
    const cookie = await signInCookie(app, a.user.email!, a.password);
    const reset = await probe(probeOn, cookie, [
      'RESET ROLE',
      `SELECT current_user AS role, (SELECT count(*)::int FROM clients WHERE agency_id = '${b.agency.id}') AS of_b,
        (SELECT count(*)::int FROM agencies WHERE id = '${b.agency.id}') AS agency_b, (SELECT count(*)::int FROM sessions WHERE agency_id = '${b.agency.id}') AS sessions_b`,
    ]);
    expect(reset).toEqual([{ role: LOGIN_ROLE, of_b: 0, agency_b: 0, sessions_b: 0 }]);
    const forged = await probe(probeOn, cookie, [
      'RESET ROLE',
      `SELECT set_config('app.session_token', '', true), set_config('app.agency_id', '${b.agency.id}', true)`,
      `SELECT count(*)::int AS of_b FROM clients WHERE agency_id = '${b.agency.id}'`,
    ]);
    expect(forged).toEqual([{ of_b: 0 }]);
    // Nor can it read the password hashes of another agency to finish a sign-in as one of its users.
    const users = await probe(probeOn, cookie, [
      'RESET ROLE',
      `SELECT count(*)::int AS n FROM users WHERE agency_id = '${b.agency.id}'`,
    ]);
    expect(users).toEqual([{ n: 0 }]);
  });
});

import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app';
import { createDb, type DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { knownMigrations } from '../../db/schema-status';
import { Lifecycle } from '../../http/lifecycle';
import { createScratchDatabase, leastPrivilegeLogin } from '../../testing/scratch-db';
import { startTcpProxy } from '../../testing/tcp-proxy';
import { call } from '../../testing/test-app';
import { createTestDb } from '../../testing/test-db';
import { READY_MESSAGES, READY_TIMEOUT_MS } from '../readiness';

/**
 * GET /api/ready (issue #21): 200 only while the process is not stopping, its database answers
 * within READY_TIMEOUT_MS and the database's migrations are the ones this build knows; 503 with the
 * reason otherwise. Liveness (/api/health) stays 200 throughout.
 */
const logger = pino({ level: 'silent' });
const known = knownMigrations();
const NOT_AHEAD_HASH = 'from-a-newer-build';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

async function until(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ready = (app: App) => call<{ ok: boolean; reason?: string }>(app, 'GET', '/api/ready');

describe('GET /api/ready', () => {
  it('answers 200 { ok: true } without a session, not cached by anyone, on a migrated database', async () => {
    const app = createApp({ db: handle.db, logger });
    const res = await ready(app);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 once the process is stopping, while /api/health stays 200', async () => {
    const lifecycle = new Lifecycle();
    const app = createApp({ db: handle.db, logger, lifecycle });
    expect((await ready(app)).status).toBe(200);
    lifecycle.stopping = true;
    const res = await ready(app);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ ok: false, reason: READY_MESSAGES.stopping });
    expect((await call(app, 'GET', '/api/health')).status).toBe(200);
  });

  it('answers 503 while the schema is behind or ahead of this build, and 200 once current; then it stops reading it', async () => {
    const newest = known.at(-1)!;
    const app = createApp({ db: handle.db, logger });
    const [row] = rowsOf<{ hash: string; created_at: string }>(
      await handle.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest.when} RETURNING hash, created_at`,
      ),
    );
    const restore = () =>
      handle.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row!.hash}, ${row!.created_at})`,
      );
    try {
      const behind = await ready(app);
      expect(behind.status).toBe(503);
      expect(behind.body).toEqual({
        ok: false,
        reason: `O banco de dados não tem todas as migrações desta versão do Milheiro (${known.length - 1} de ${known.length} aplicadas).`,
      });

      await restore();
      await handle.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${NOT_AHEAD_HASH}, ${newest.when + 60_000})`,
      );
      const ahead = await ready(app);
      expect(ahead.status).toBe(503);
      expect(ahead.body).toEqual({
        ok: false,
        reason: `O banco de dados foi migrado por uma versão mais nova do Milheiro (${known.length + 1} migrações; esta versão conhece ${known.length}).`,
      });

      await handle.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = ${NOT_AHEAD_HASH}`);
      expect((await ready(app)).status).toBe(200);

      // Migrations change only when a process starts: once current, this app no longer reads them,
      // where a new app does.
      await handle.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest.when}`);
      expect((await ready(app)).status).toBe(200);
      expect((await ready(createApp({ db: handle.db, logger }))).status).toBe(503);
    } finally {
      await handle.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = ${NOT_AHEAD_HASH} OR created_at = ${newest.when}`,
      );
      await restore();
    }
    expect((await ready(createApp({ db: handle.db, logger }))).status).toBe(200);
  });

  it('is documented with its 200 and its 503 answer', async () => {
    const doc = (await (await createApp({ db: handle.db, logger }).request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { operationId: string; security: unknown[]; responses: Record<string, any> } }>;
    };
    const op = doc.paths['/api/ready']?.get;
    expect(op?.operationId).toBe('getReadiness');
    expect(op?.security).toEqual([]);
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '500', '503']);
    expect(op?.responses['503'].content['application/json'].schema).toMatchObject({
      properties: { ok: { const: false }, reason: { type: 'string' } },
    });
  });
});

/**
 * The database "stopped" and "hung" for real: the app's pool reaches PostgreSQL through a TCP
 * proxy that the test stops (connections refused), stalls (connections never answered) and resumes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('GET /api/ready when the database stops (PostgreSQL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('goes 503 when the database stops or hangs, within the timeout, and back to 200 when it is back', async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const db = await createDb({ kind: 'postgres', url: viaProxy.toString(), poolSize: 2 });
    try {
      const app = createApp({ db: db.db, logger });
      expect((await ready(app)).status).toBe(200);

      await proxy.stop();
      const down = await ready(app);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ ok: false, reason: READY_MESSAGES.databaseDown });
      expect((await call(app, 'GET', '/api/health')).status).toBe(200);

      await proxy.resume();
      expect((await ready(app)).status).toBe(200);

      proxy.stall();
      // Once the pool has seen its connections dropped, the next query waits on a new one that never answers.
      await until(() => db.poolStats!().total === 0);
      const started = performance.now();
      const hung = await ready(app);
      const waited = performance.now() - started;
      expect(hung.status).toBe(503);
      expect(hung.body).toEqual({ ok: false, reason: READY_MESSAGES.databaseDown });
      expect(waited).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(READY_TIMEOUT_MS + 1_500);

      await proxy.resume();
      expect((await ready(app)).status).toBe(200);
    } finally {
      await proxy.stop();
      await db.close();
    }
  }, 60_000);

  it('reads the migrations through the owner when requests log in as a role that may not (decision 0012)', async () => {
    const owner = await createDb({ kind: 'postgres', url: scratch.url, poolSize: 1 });
    const loginUrl = await leastPrivilegeLogin(owner.db, scratch.url, 'milheiro_login_ready');
    const requests = await createDb({ kind: 'postgres', url: loginUrl, poolSize: 1 });
    try {
      await expect(requests.db.execute(sql`SELECT count(*) FROM drizzle.__drizzle_migrations`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/permission denied/) },
      });
      expect((await ready(createApp({ db: requests.db, logger }))).status).toBe(503);
      const res = await ready(createApp({ db: requests.db, ownerDb: owner.db, logger }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    } finally {
      await requests.close();
      await owner.close();
    }
  });
});

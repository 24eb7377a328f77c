import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client';
import { rowsOf } from '../db/rows';
import { knownMigrations } from '../db/schema-status';
import { createScratchDatabase, leastPrivilegeLogin } from '../testing/scratch-db';
import { parseScrape, sampleValue } from '../testing/prometheus';
import { spawnServer, waitUntilUp } from '../testing/server-process';

/**
 * The real entry point (issue #21) refuses a database that a newer Milheiro migrated — one
 * sentence, exit 1, the database as it was — and, on one it knows, answers /api/ready and
 * /metrics as startServer wires them.
 */
const known = knownMigrations();
const NEWER_HASH = 'from-a-newer-build';
const NEWER_WHEN = known.at(-1)!.when + 60_000;
const REFUSAL = `O banco de dados foi migrado por uma versão mais nova do Milheiro (${known.length + 1} migrações; esta versão conhece ${known.length}). Atualize o Milheiro ou restaure um backup compatível.`;
const TOKEN = 'token-das-metricas-0123456789';

const dataDir = mkdtempSync(path.join(tmpdir(), 'milheiro-main-schema-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run serve` on this file's embedded data directory unless `env` names a PostgreSQL. */
const start = (env: Record<string, string>) =>
  spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: '', MIGRATION_DATABASE_URL: '', METRICS_TOKEN: '', ...env },
    { killAfterMs: 90_000 },
  );

async function expectRefused(env: Record<string, string>) {
  const server = await start(env);
  const code = await server.exited;
  expect(code, server.output()).toBe(1);
  expect(server.output()).toContain(REFUSAL);
  expect(server.output()).not.toContain('database ready');
}

/** Started on a database it knows: ready, and its metrics as the environment allows; then stopped. */
async function expectServing(env: Record<string, string>, metricsHeaders: Record<string, string>) {
  const server = await start(env);
  try {
    await waitUntilUp(server);
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status, server.output()).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });
    if (env.METRICS_TOKEN) expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const scrapeMetrics = async () => {
      const res = await fetch(`${server.url}/metrics`, { headers: metricsHeaders });
      expect(res.status).toBe(200);
      return parseScrape(await res.text());
    };
    let scrape = await scrapeMetrics();
    expect(
      sampleValue(scrape, 'milheiro_http_requests_total', { method: 'GET', route: '/api/ready', status: '200' }),
    ).toBe(1);
    // startServer's job queue creates its queues after the server listens; each then has its depth.
    for (let i = 0; sampleValue(scrape, 'milheiro_job_queue_depth', { queue: 'alerts.scan' }) === undefined; i++) {
      if (i > 300) throw new Error(`no job queue depth in /metrics: ${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
      scrape = await scrapeMetrics();
    }
    expect(sampleValue(scrape, 'milheiro_job_queue_depth', { queue: 'alerts.scan' })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(scrape, 'milheiro_db_pool_open_connections')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(scrape, 'milheiro_realtime_streams_open')).toBe(0);
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}

const addNewerMigration = (db: DbHandle['db']) =>
  db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${NEWER_HASH}, ${NEWER_WHEN})`);

const removeNewerMigration = (db: DbHandle['db']) =>
  db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = ${NEWER_HASH}`);

const migrationRows = async (db: DbHandle['db']) =>
  rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0]!.n;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the server process on PostgreSQL', () => {
  it('refuses a database a newer Milheiro migrated, whether requests or the owner migrate; serves one it knows', async () => {
    const scratch = await createScratchDatabase();
    const owner = await createDb({ kind: 'postgres', url: scratch.url, poolSize: 1 });
    try {
      await addNewerMigration(owner.db);
      const loginUrl = await leastPrivilegeLogin(owner.db, scratch.url, 'milheiro_login_schema');
      const leastPrivilege = { DATABASE_URL: loginUrl, MIGRATION_DATABASE_URL: scratch.url };

      await expectRefused({ DATABASE_URL: scratch.url });
      await expectRefused(leastPrivilege);
      expect(await migrationRows(owner.db)).toBe(known.length + 1);

      // The login may not read the migrations: /api/ready reads them through the owner's connection.
      await removeNewerMigration(owner.db);
      await expectServing({ ...leastPrivilege, METRICS_TOKEN: TOKEN }, { authorization: `Bearer ${TOKEN}` });
    } finally {
      await owner.close();
      await scratch.drop();
    }
  }, 180_000);
});

describe.skipIf(process.env.TEST_DATABASE_URL)('the server process on the embedded database', () => {
  it('refuses a database a newer Milheiro migrated, touching nothing; serves one it knows', async () => {
    const template = inject('dbTemplate');
    const db = await createDb({
      kind: 'pglite',
      dataDir,
      loadDataDir: template?.kind === 'pglite' ? await openAsBlob(template.dumpFile) : undefined,
    });
    try {
      await db.migrate();
      await addNewerMigration(db.db);
    } finally {
      await db.close();
    }

    await expectRefused({});

    const after = await createDb({ kind: 'pglite', dataDir });
    try {
      expect(await migrationRows(after.db)).toBe(known.length + 1);
      await removeNewerMigration(after.db);
    } finally {
      await after.close();
    }
    // Without METRICS_TOKEN, /metrics answers this machine.
    await expectServing({}, {});
  }, 180_000);
});

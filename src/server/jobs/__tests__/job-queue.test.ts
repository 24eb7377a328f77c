import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { withTenant } from '../../db/tenant';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createTestDb } from '../../testing/test-db';
import { JobQueue, UnknownQueueError, type JobDefinition, type JobPayload } from '../job-queue';

/**
 * The job queue (issue #16, DESIGN §1) on the engine under test: jobs committed with the business
 * transaction or not at all, retried with backoff, queued by a request only for its own agency,
 * and — on PostgreSQL — shared by several processes without one job running twice.
 */
let handle: DbHandle;
const logger = pino({ level: 'silent' });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Seen extends JobPayload {
  n: number;
}

function recorder(name: string, queue: JobDefinition['queue'] = { retryLimit: 0 }) {
  const seen: Seen[] = [];
  const failuresLeft = new Map<number, number>();
  const definition: JobDefinition<Seen> = {
    name,
    queue,
    batchSize: 5,
    async handle(data) {
      const left = failuresLeft.get(data.n) ?? 0;
      if (left > 0) {
        failuresLeft.set(data.n, left - 1);
        throw new Error(`falha planejada ${data.n}`);
      }
      seen.push(data);
    },
  };
  return { definition, seen, failuresLeft };
}

function queueOf(definitions: JobDefinition<Seen>[]) {
  return new JobQueue({
    connection: handle.jobConnection,
    db: handle.db,
    logger,
    definitions,
    pollingIntervalSeconds: 0.5,
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jobState = async (id: string) =>
  rowsOf<{ state: string; retry_count: number; retry_backoff: boolean }>(
    await handle.db.execute(sql`SELECT state, retry_count, retry_backoff FROM pgboss.job WHERE id = ${id}`),
  )[0];

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

describe('jobs queued inside the business transaction', () => {
  it('run when the transaction commits, never when it rolls back', async () => {
    const { definition, seen } = recorder('test.outbox');
    const jobs = queueOf([definition]);
    await jobs.start();
    try {
      await handle.db.transaction((tx) => jobs.enqueue(tx, 'test.outbox', { n: 1 }));
      let rolledBackId: string | null = null;
      await expect(
        handle.db.transaction(async (tx) => {
          rolledBackId = await jobs.enqueue(tx, 'test.outbox', { n: 2 });
          throw new Error('negócio desfeito');
        }),
      ).rejects.toThrow('negócio desfeito');
      expect(rolledBackId).toMatch(/^[0-9a-f-]{36}$/);
      await until(() => seen.length === 1);
      // The rolled-back job's row never existed for anyone.
      expect(await jobState(rolledBackId!)).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(seen).toEqual([{ n: 1 }]);
    } finally {
      await jobs.stop();
    }
  });

  it('refuses a queue that does not exist instead of losing the job', async () => {
    const jobs = queueOf([recorder('test.known').definition]);
    await expect(handle.db.transaction((tx) => jobs.enqueue(tx, 'test.unknown', { n: 1 }))).rejects.toBeInstanceOf(
      UnknownQueueError,
    );
  });
});

describe('retries', () => {
  it('runs a failing job again with backoff until it succeeds', async () => {
    const { definition, seen, failuresLeft } = recorder('test.retry', {
      retryLimit: 3,
      retryDelay: 1,
      retryBackoff: true,
    });
    failuresLeft.set(7, 2);
    const jobs = queueOf([definition]);
    await jobs.start();
    try {
      const id = await jobs.send('test.retry', { n: 7 });
      await until(() => seen.length === 1, 30_000);
      expect(failuresLeft.get(7)).toBe(0);
      await until(async () => (await jobState(id!))?.state === 'completed');
      expect(await jobState(id!)).toMatchObject({ state: 'completed', retry_count: 2, retry_backoff: true });
    } finally {
      await jobs.stop();
    }
  });
});

describe('a request queues work only for its own agency', () => {
  it('as the tenant role: its agency is accepted, another agency is refused by row-level security', async () => {
    const mine = await createAgencyWithUser(handle.db);
    const other = await createAgencyWithUser(handle.db);
    const { definition } = recorder('test.tenant');
    const jobs = queueOf([definition]);
    await jobs.start();
    try {
      const id = await withTenant(handle.db, mine.agency.id, (tx) =>
        jobs.enqueue(tx, 'test.tenant', { agency_id: mine.agency.id, n: 1 }),
      );
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await expect(
        withTenant(handle.db, mine.agency.id, (tx) =>
          jobs.enqueue(tx, 'test.tenant', { agency_id: other.agency.id, n: 2 }),
        ),
      ).rejects.toThrow();
      await expect(
        withTenant(handle.db, mine.agency.id, (tx) => jobs.enqueue(tx, 'test.tenant', { n: 3 })),
      ).rejects.toThrow();
      const queued = rowsOf<{ n: number }>(
        await handle.db.execute(sql`SELECT (data ->> 'n')::int AS n FROM pgboss.job WHERE name = 'test.tenant'`),
      );
      expect(queued.map((q) => q.n)).toEqual([1]);
    } finally {
      await jobs.stop();
    }
  });
});

describe.runIf(onPostgres)('several processes on one PostgreSQL', () => {
  it('share the work: every job runs exactly once', async () => {
    const name = 'test.shared';
    const a = recorder(name);
    const b = recorder(name);
    const first = queueOf([a.definition]);
    const second = queueOf([b.definition]);
    await Promise.all([first.start(), second.start()]);
    try {
      const count = 60;
      await handle.db.transaction(async (tx) => {
        for (let n = 0; n < count; n += 1) await first.enqueue(tx, name, { n });
      });
      await until(() => a.seen.length + b.seen.length >= count);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const all = [...a.seen, ...b.seen].map((s) => s.n).sort((x, y) => x - y);
      expect(all).toEqual(Array.from({ length: count }, (_, n) => n));
      expect(a.seen.length).toBeGreaterThan(0);
      expect(b.seen.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});

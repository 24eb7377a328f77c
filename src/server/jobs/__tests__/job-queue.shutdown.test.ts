import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { createTestDb } from '../../testing/test-db';
import { JobQueue, type JobDefinition } from '../job-queue';

/**
 * What a shutdown does to the jobs running (issue #21, pg-boss 12's graceful stop): a job that
 * finishes within the timeout completes; one that does not goes back to the queue, to run again.
 */
let handle: DbHandle;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

function queueOf(definition: JobDefinition) {
  return new JobQueue({
    connection: handle.jobConnection,
    db: handle.db,
    logger,
    definitions: [definition],
    pollingIntervalSeconds: 0.5,
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const jobRow = async (id: string) =>
  rowsOf<{ state: string; output: unknown }>(
    await handle.db.execute(sql`SELECT state, output FROM pgboss.job WHERE id = ${id}`),
  )[0];

describe('stopping the job queue', () => {
  it('waits for a running job that finishes within the timeout', async () => {
    let started = false;
    let finished = false;
    const queue = queueOf({
      name: 'test.shutdown-finishes',
      queue: { retryLimit: 2 },
      async handle() {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 700));
        finished = true;
      },
    });
    await queue.start();
    const id = (await queue.send('test.shutdown-finishes', {}))!;
    await until(() => started);

    await queue.stop(5_000);
    expect(finished).toBe(true);
    expect((await jobRow(id))!.state).toBe('completed');
  });

  it('puts a job still running at the timeout back in the queue, where the next worker runs it again', async () => {
    const runs: string[] = [];
    const definition: JobDefinition = {
      name: 'test.shutdown-returns',
      queue: { retryLimit: 2, retryDelay: 1 },
      async handle(_data, { job }) {
        runs.push(job.id);
        // The first run outlasts the stop's timeout: it ends only when pg-boss aborts it.
        if (runs.length === 1) await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      },
    };
    const first = queueOf(definition);
    await first.start();
    const id = (await first.send('test.shutdown-returns', {}))!;
    await until(() => runs.length === 1);

    const stopping = performance.now();
    await first.stop(1_000);
    expect(performance.now() - stopping).toBeGreaterThanOrEqual(900);
    const returned = (await jobRow(id))!;
    expect(returned.state).toBe('retry');
    expect(returned.output).toEqual({ value: 'pg-boss shut down while active' });

    const next = queueOf(definition);
    await next.start();
    try {
      await until(async () => (await jobRow(id))!.state === 'completed');
      expect(runs).toEqual([id, id]);
    } finally {
      await next.stop();
    }
  });
});

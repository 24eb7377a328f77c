import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { createDb, type DbHandle, type Transaction } from '../client';
import {
  BUSY_MESSAGE,
  busyError,
  DEFAULT_RETRY_POLICY,
  isRetryableDbError,
  PG_DEADLOCK_DETECTED,
  PG_SERIALIZATION_FAILURE,
  retryDelayMs,
  withRetry,
} from '../retry';

// A bare PGlite (no migrations): the retry needs only a table and a way to fail like PostgreSQL.
let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ kind: 'pglite' });
  await handle.db.execute(sql`CREATE TABLE notes (n integer NOT NULL)`);
});
afterAll(() => handle.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const notes = async (db: { execute: Transaction['execute'] }) =>
  rowsOf<{ n: number }>(await db.execute(sql`SELECT n FROM notes ORDER BY n`)).map((r) => r.n);
/** Raises the SQLSTATE the way PostgreSQL's deadlock detector does: an error of the statement, through the driver. */
const fail = (tx: Transaction, code: string) =>
  tx.execute(sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'simulated' USING ERRCODE = '${code}'; END $$`));
const noWait = { sleep: async () => undefined };

describe('isRetryableDbError', () => {
  it('is true for a deadlock or a serialization failure, through the cause chain drizzle wraps it in', () => {
    expect(isRetryableDbError({ code: PG_DEADLOCK_DETECTED })).toBe(true);
    expect(isRetryableDbError({ code: PG_SERIALIZATION_FAILURE })).toBe(true);
    expect(isRetryableDbError(new Error('Failed query', { cause: { code: '40P01' } }))).toBe(true);
    expect(isRetryableDbError({ code: '23505' })).toBe(false);
    expect(isRetryableDbError({ code: '55P03' })).toBe(false);
    expect(isRetryableDbError(new Error('boom'))).toBe(false);
    expect(isRetryableDbError(null)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, half of it fixed and half random', () => {
    const policy = { attempts: 6, baseDelayMs: 10, maxDelayMs: 80 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([5, 10, 20, 40, 40]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, () => 1))).toEqual([10, 20, 40, 80, 80]);
    expect(retryDelayMs(1, policy, () => 0.5)).toBe(7.5);
  });
});

describe('busyError', () => {
  it('is a 503 with Retry-After and a Portuguese message', () => {
    const err = busyError();
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(503);
    expect(err.headers).toEqual({ 'Retry-After': '1' });
    expect(err.toBody()).toEqual({ error: { code: 'CONCURRENT_UPDATE', message: BUSY_MESSAGE } });
  });
});

describe('withRetry', () => {
  it('in a transaction: a failed run is rolled back to the savepoint and run again; what came before stays', async () => {
    await handle.db.execute(sql`DELETE FROM notes`);
    const waits: number[] = [];
    let runs = 0;
    const result = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES (1)`);
      return withRetry(
        tx,
        async (inner) => {
          runs++;
          await inner.execute(sql`INSERT INTO notes VALUES (${10 + runs})`);
          if (runs < 3) await fail(inner, runs === 1 ? PG_DEADLOCK_DETECTED : PG_SERIALIZATION_FAILURE);
          return 'feito';
        },
        { sleep: async (ms) => void waits.push(ms), random: () => 0 },
      );
    });
    expect(result).toBe('feito');
    expect(runs).toBe(3);
    expect(waits).toEqual([5, 10]);
    expect(await notes(handle.db)).toEqual([1, 13]);
  });

  it('gives up after the policy’s attempts with busyError, the transaction still usable', async () => {
    await handle.db.execute(sql`DELETE FROM notes`);
    let runs = 0;
    let caught: unknown;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO notes VALUES (1)`);
      try {
        await withRetry(
          tx,
          async (inner) => {
            runs++;
            await inner.execute(sql`INSERT INTO notes VALUES (2)`);
            await fail(inner, PG_DEADLOCK_DETECTED);
          },
          noWait,
        );
      } catch (err) {
        caught = err;
      }
      await tx.execute(sql`INSERT INTO notes VALUES (3)`);
    });
    expect(runs).toBe(DEFAULT_RETRY_POLICY.attempts);
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(503);
    expect(await notes(handle.db)).toEqual([1, 3]);
  });

  it('passes any other error through at once', async () => {
    let runs = 0;
    const err = await handle.db
      .transaction((tx) =>
        withRetry(
          tx,
          async (inner) => {
            runs++;
            await fail(inner, '23505');
          },
          noWait,
        ),
      )
      .catch((e: unknown) => e);
    expect(runs).toBe(1);
    expect(isRetryableDbError(err)).toBe(false);
    expect((err as { cause?: { code?: string } }).cause?.code).toBe('23505');
  });

  it('nested: the outermost call owns the savepoint and runs the whole work again', async () => {
    await handle.db.execute(sql`DELETE FROM notes`);
    let outer = 0;
    let inner = 0;
    await handle.db.transaction((tx) =>
      withRetry(
        tx,
        async (t1) => {
          outer++;
          await t1.execute(sql`INSERT INTO notes VALUES (${outer})`);
          await withRetry(
            t1,
            async (t2) => {
              inner++;
              if (inner === 1) await fail(t2, PG_DEADLOCK_DETECTED);
            },
            noWait,
          );
        },
        noWait,
      ),
    );
    expect({ outer, inner }).toEqual({ outer: 2, inner: 2 });
    expect(await notes(handle.db)).toEqual([2]);
  });

  it('on the root database: each run is a transaction of its own', async () => {
    await handle.db.execute(sql`DELETE FROM notes`);
    let runs = 0;
    await withRetry(
      handle.db,
      async (tx) => {
        runs++;
        await tx.execute(sql`INSERT INTO notes VALUES (${runs})`);
        if (runs === 1) await fail(tx, PG_DEADLOCK_DETECTED);
      },
      noWait,
    );
    expect(runs).toBe(2);
    expect(await notes(handle.db)).toEqual([2]);
  });
});

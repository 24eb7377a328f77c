// A write that PostgreSQL gave up on — a deadlock (40P01) or a serialization failure (40001) —
// is run again a few times before the caller is told to try later; it is never answered as a 500
// (docs/decisions/0011-lock-order-and-retries.md). Every write path takes its locks in one order,
// so a deadlock should not happen at all; this is the net under that rule.

import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError } from '../http/errors';
import type { Db, Transaction } from './client';
import { pgError } from './errors';

/** https://www.postgresql.org/docs/current/errcodes-appendix.html (class 40, transaction rollback). */
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK_DETECTED = '40P01';

export function isRetryableDbError(err: unknown): boolean {
  const code = pgError(err)?.code;
  return code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE;
}

export const RETRY_AFTER_SECONDS = 1;
export const BUSY_MESSAGE = 'Outra operação estava alterando estes mesmos registros. Tente novamente em instantes.';

/** What the caller gets when the retries did not get through: 503 with Retry-After, in Portuguese. */
export const busyError = () =>
  new AppError('CONCURRENT_UPDATE', BUSY_MESSAGE, {
    status: 503,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });

export interface RetryPolicy {
  /** Runs in all, the first included. */
  attempts: number;
  /** The wait after the first failure; it doubles after each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 4, baseDelayMs: 10, maxDelayMs: 80 };

/**
 * The wait after the `failed`-th failed run: exponential with "equal jitter" (half fixed, half
 * random), so two victims of one deadlock do not meet again at the same instant
 * (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/).
 */
export function retryDelayMs(
  failed: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failed - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

export interface RetryOptions extends Partial<RetryPolicy> {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Transactions already inside withRetry: an inner call runs straight, the outer one retries.
const retrying = new WeakSet<object>();
const SAVEPOINT = sql.raw('SAVEPOINT write_retry');
const ROLLBACK_TO_SAVEPOINT = sql.raw('ROLLBACK TO SAVEPOINT write_retry');

/**
 * Runs `fn` and runs it again when PostgreSQL aborts it with a deadlock or a serialization
 * failure, at most `attempts` times in all, waiting retryDelayMs between runs; then throws
 * busyError() (503). A request's work runs in the transaction requireSession opened, which one
 * failed statement would abort for good, so inside a transaction `fn` runs after a savepoint and a
 * failed run is rolled back to it — its writes and the locks it took go, what the request did
 * before stays. The savepoint is left to the commit (one round trip, not two). On the root
 * database each run is a transaction of its own.
 */
export async function withRetry<T>(
  db: Db,
  fn: (tx: Transaction) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options };
  const sleep = options.sleep ?? sleepMs;
  const inTransaction = db instanceof PgTransaction;
  if (inTransaction && retrying.has(db)) return fn(db as Transaction);
  if (inTransaction) {
    retrying.add(db);
    await db.execute(SAVEPOINT);
  }
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return inTransaction ? await fn(db as Transaction) : await db.transaction(fn);
      } catch (err) {
        if (!isRetryableDbError(err)) throw err;
        if (inTransaction) await db.execute(ROLLBACK_TO_SAVEPOINT);
        if (attempt >= policy.attempts) throw busyError();
        await sleep(retryDelayMs(attempt, policy, options.random));
      }
    }
  } finally {
    if (inTransaction) retrying.delete(db);
  }
}

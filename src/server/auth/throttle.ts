import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { login_attempts } from '../db/schema';

/** After 5 wrong passwords for one account, or 20 from one address, within 15 minutes: wait. */
export const THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

export interface ThrottleState {
  locked: boolean;
  retryAfterSeconds: number;
}

/** Failures in the window; for an account, only those after its last successful sign-in. */
async function recentFailures(db: Database, column: 'identifier' | 'ip', value: string) {
  const col = column === 'identifier' ? login_attempts.identifier : login_attempts.ip;
  const since = sql`now() - make_interval(mins => ${THROTTLE.windowMinutes})`;
  const [lastSuccess] = column === 'ip' ? [] : await db
    .select({ at: login_attempts.created_at })
    .from(login_attempts)
    .where(and(eq(col, value), eq(login_attempts.succeeded, true), gt(login_attempts.created_at, since)))
    .orderBy(desc(login_attempts.created_at))
    .limit(1);
  const rows = await db
    .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${login_attempts.created_at})` })
    .from(login_attempts)
    .where(
      and(
        eq(col, value),
        eq(login_attempts.succeeded, false),
        gt(login_attempts.created_at, lastSuccess ? sql`${lastSuccess.at}::timestamptz` : since),
        gt(login_attempts.created_at, since),
      ),
    );
  return { count: Number(rows[0]?.count ?? 0), latest: rows[0]?.latest ?? null };
}

export async function getThrottleState(db: Database, identifier: string, ip: string): Promise<ThrottleState> {
  const [account, address] = await Promise.all([
    recentFailures(db, 'identifier', identifier),
    recentFailures(db, 'ip', ip),
  ]);
  const blocking = [
    account.count >= THROTTLE.maxFailuresPerAccount ? account.latest : null,
    address.count >= THROTTLE.maxFailuresPerAddress ? address.latest : null,
  ].filter((v): v is string => v !== null);
  if (blocking.length === 0) return { locked: false, retryAfterSeconds: 0 };
  const latest = Math.max(...blocking.map((v) => new Date(v).getTime()));
  const until = latest + THROTTLE.windowMinutes * 60_000;
  return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)) };
}

export async function recordAttempt(db: Database, identifier: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(login_attempts).values({ identifier, ip, succeeded });
}

/** Old attempts carry no weight; keep the table small. */
export async function pruneAttempts(db: Database): Promise<void> {
  await db.delete(login_attempts).where(sql`${login_attempts.created_at} < now() - interval '1 day'`);
}

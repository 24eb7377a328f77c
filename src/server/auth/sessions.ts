import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { APP_ROLE } from '../db/tenant';
import { sessions } from '../db/schema';

export const SESSION_COOKIE = 'milheiro_session';
/** Sliding expiry: a session lives 7 days past its last use (refreshed at most every 5 minutes). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionContext {
  sessionId: string;
  userId: string;
  agencyId: string;
  expiresAt: Date;
  /** The expiry moved forward on this request, so the cookie should too. */
  refreshed: boolean;
}

export async function createSession(db: Db, input: { userId: string; agencyId: string; userAgent?: string | null; ip?: string | null }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    user_id: input.userId,
    agency_id: input.agencyId,
    expires_at: expiresAt.toISOString(),
    user_agent: input.userAgent?.slice(0, 400) ?? null,
    ip: input.ip ?? null,
  });
  return { token, expiresAt };
}

/**
 * The session the token hashes to, if live (not expired, its agency active), and, in the same
 * statement and only for that row, the transaction entered as the tenant role with its agency
 * (set_config(..., true) is SET LOCAL: docs/decisions/0001, DESIGN.md §2). It runs first in the
 * request's transaction, as the owner, reading only the sessions row the token hashes to; one
 * round trip where a separate lookup and enterTenant took two.
 */
const enterSessionRow = preparedStatement<{ session_id: string; user_id: string; agency_id: string; expires_ms: number; last_seen_ms: number }>(
  'session_enter',
  sql`SELECT s.id AS session_id, s.user_id, s.agency_id,
      (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms, (extract(epoch FROM s.last_seen_at) * 1000)::float8 AS last_seen_ms,
      set_config('role', ${APP_ROLE}, true) AS entered_role, set_config('app.agency_id', s.agency_id::text, true) AS entered_agency
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN agencies a ON a.id = s.agency_id
    WHERE s.id = ${sql.placeholder('id')} AND s.expires_at > now() AND a.is_active
    LIMIT 1`,
);

/**
 * Resolves the cookie token to a live session and enters the transaction as its agency (see
 * enterSessionRow); null, with nothing entered, when there is none. Slides the expiry at most
 * every SESSION_TOUCH_INTERVAL_MS (as the tenant, whose policy admits its own sessions row).
 */
export async function enterSession(tx: Transaction, token: string): Promise<SessionContext | null> {
  const id = hashToken(token);
  const [row] = await enterSessionRow(tx, { id });
  if (!row) return null;
  let expiresAt = new Date(row.expires_ms);
  let refreshed = false;
  if (Date.now() - row.last_seen_ms > SESSION_TOUCH_INTERVAL_MS) {
    expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await tx
      .update(sessions)
      .set({ last_seen_at: sql`now()`, expires_at: expiresAt.toISOString() })
      .where(eq(sessions.id, id));
    refreshed = true;
  }
  return { sessionId: row.session_id, userId: row.user_id, agencyId: row.agency_id, expiresAt, refreshed };
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function listUserSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      created_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      expires_at: sessions.expires_at,
      user_agent: sessions.user_agent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, sql`now()`)))
    .orderBy(sql`${sessions.last_seen_at} DESC`);
}

/** Ends one of the user's sessions; false when there is no such session of theirs. */
export async function endUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function pruneExpiredSessions(db: Database) {
  await db.delete(sessions).where(sql`${sessions.expires_at} < now()`);
}

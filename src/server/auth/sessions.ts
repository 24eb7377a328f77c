import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { agencies, sessions, users } from '../db/schema';

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
 * Resolves the cookie token to a live session, sliding its expiry. Runs before the agency is
 * known, as the owner role; it reads only the sessions row the token hashes to.
 */
export async function resolveSession(db: Database, token: string): Promise<SessionContext | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.user_id,
      agencyId: sessions.agency_id,
      expiresAt: sessions.expires_at,
      lastSeenAt: sessions.last_seen_at,
      agencyActive: agencies.is_active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .innerJoin(agencies, eq(agencies.id, sessions.agency_id))
    .where(and(eq(sessions.id, id), gt(sessions.expires_at, sql`now()`)))
    .limit(1);
  if (!row || !row.agencyActive) return null;
  let expiresAt = new Date(row.expiresAt);
  let refreshed = false;
  if (Date.now() - new Date(row.lastSeenAt).getTime() > SESSION_TOUCH_INTERVAL_MS) {
    expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db
      .update(sessions)
      .set({ last_seen_at: sql`now()`, expires_at: expiresAt.toISOString() })
      .where(eq(sessions.id, id));
    refreshed = true;
  }
  return { sessionId: row.sessionId, userId: row.userId, agencyId: row.agencyId, expiresAt, refreshed };
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

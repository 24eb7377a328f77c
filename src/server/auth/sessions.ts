import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, Db, Transaction } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { APP_ROLE } from '../db/tenant';
import { sessions } from '../db/schema';
import type { UserRole } from '../../domain/auth/roles';

export const SESSION_COOKIE = 'milheiro_session';
/** Sliding expiry: a session lives 7 days past its last use (refreshed at most every 5 minutes). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** A session waiting for its second factor lives this long (docs/decisions/0026-team-and-roles.md). */
export const MFA_PENDING_TTL_MS = 10 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionContext {
  sessionId: string;
  userId: string;
  agencyId: string;
  expiresAt: Date;
  /** The expiry moved forward on this request, so the cookie should too. */
  refreshed: boolean;
  /** The user's role (docs/decisions/0026-team-and-roles.md). */
  role: UserRole;
  /** The agency requires a second factor this user has not enrolled: only the enrolment routes answer. */
  mfaSetupRequired: boolean;
}

/** A user's live sessions beyond this many end, oldest (by last use) first, when a new one opens. */
export const MAX_SESSIONS_PER_USER = 10;

/** A new session token for the cookie, and its expiry; the database keeps only its hash. */
export function newSessionToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_TTL_MS) };
}

/**
 * The session the token hashes to, if live (not expired, its user there, its agency active) —
 * read by the owner-run app_enter_session — and, in the same statement and only for that row,
 * the transaction entered as the tenant role holding the token: app_current_agency(), which every
 * policy calls, resolves the agency from the token's hash, so SQL inside the request cannot name
 * another agency (docs/decisions/0012-least-privilege-login.md). set_config(..., true) is SET LOCAL.
 */
const enterSessionRow = preparedStatement<{
  session_id: string;
  user_id: string;
  agency_id: string;
  expires_ms: number;
  last_seen_ms: number;
  role: UserRole;
  mfa_setup_required: boolean;
}>(
  'session_enter',
  sql`SELECT s.session_id, s.user_id, s.agency_id,
      (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms, (extract(epoch FROM s.last_seen_at) * 1000)::float8 AS last_seen_ms,
      s.role, s.mfa_setup_required,
      set_config('role', ${APP_ROLE}, true) AS entered_role, set_config('app.session_token', ${sql.placeholder('token')}, true) AS entered_token,
      set_config('app.client_ip', ${sql.placeholder('ip')}, true) AS entered_ip
    FROM app_enter_session(${sql.placeholder('token')}) s`,
);

/**
 * Resolves the cookie token to a live session and enters the transaction as its agency (see
 * enterSessionRow); null, with nothing entered, when there is none. Slides the expiry at most
 * every SESSION_TOUCH_INTERVAL_MS (as the tenant, whose policy admits its own sessions row); the
 * caller sends the slid expiry in the cookie only if the transaction commits.
 */
export async function enterSession(tx: Transaction, token: string, ip = ''): Promise<SessionContext | null> {
  const [row] = await enterSessionRow(tx, { token, ip });
  if (!row) return null;
  let expiresAt = new Date(row.expires_ms);
  let refreshed = false;
  if (Date.now() - row.last_seen_ms > SESSION_TOUCH_INTERVAL_MS) {
    expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await tx
      .update(sessions)
      .set({ last_seen_at: sql`now()`, expires_at: expiresAt.toISOString() })
      .where(eq(sessions.id, row.session_id));
    refreshed = true;
  }
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    agencyId: row.agency_id,
    expiresAt,
    refreshed,
    role: row.role,
    mfaSetupRequired: row.mfa_setup_required,
  };
}

/** Ends the session of a cookie token (owner-run: sign-out needs no live session). */
export async function signOutToken(db: Database, token: string) {
  await db.execute(sql`SELECT app_sign_out(${token})`);
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
    .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, sql`now()`), eq(sessions.mfa_pending, false)))
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

/** Expired sessions and sign-in attempts older than a day carry no weight; keep the tables small. */
export async function pruneAuth(db: Database) {
  await db.execute(sql`SELECT app_prune_auth()`);
}

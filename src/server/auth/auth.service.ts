import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_SETTINGS } from '../../domain/agency/agency.schema';
import type { ChangePassword, SignUp, UserPublic } from '../../domain/auth/auth.schema';
import type { UserRole } from '../../domain/auth/roles';
import { onlyDigits } from '../../domain/documents';
import type { Database, Db } from '../db/client';
import { agencies, users } from '../db/schema';
import { unauthenticated } from '../http/errors';
import { deriveKey, hashPassword, PASSWORD_COST, verifyPassword, type PasswordCost } from './password';
import { endOtherSessions, enterSession, MAX_SESSIONS_PER_USER, MFA_PENDING_TTL_MS, newSessionToken } from './sessions';
import { THROTTLE } from './throttle';
import { rowsOf } from '../db/rows';
import { invalidCredentials, signUpClosed, tooManyAttempts, wrongPassword } from './auth.errors';

export const publicUser = (u: typeof users.$inferSelect, agencySettings?: Record<string, unknown>): UserPublic => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  role: u.role as UserRole,
  totp_enabled: u.totp_enabled_at !== null,
  mfa_setup_required: agencySettings?.require_mfa === true && u.totp_enabled_at === null,
});

/** Sign-in accepts an e-mail or a phone number; both are stored normalised. */
export function normalizeIdentifier(identifier: string): { kind: 'email' | 'phone'; value: string } {
  const trimmed = identifier.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: trimmed.toLowerCase() };
  return { kind: 'phone', value: onlyDigits(trimmed) };
}

export async function needsSetup(db: Database): Promise<boolean> {
  const rows = await db.execute<{ needs: boolean }>(sql`SELECT app_needs_setup() AS needs`);
  return Boolean((rows as { rows: { needs: boolean }[] }).rows[0]?.needs);
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The user and agency a new session belongs to, read as that session (under its agency's policies). */
export async function readAsSession(db: Database, token: string) {
  return db.transaction(async (tx) => {
    const session = await enterSession(tx, token);
    if (!session) throw invalidCredentials();
    const [row] = await tx
      .select({ user: users, agency: agencies })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agency_id))
      .where(eq(users.id, session.userId))
      .limit(1);
    if (!row) throw invalidCredentials();
    return row;
  });
}

/**
 * First-run sign-up: creates the agency, its first user and a session (app_sign_up, owner-run),
 * then closes open sign-up for good. Once closed it refuses before hashing the password, so
 * requests to a closed sign-up cost no scrypt; app_sign_up still decides, atomically, when two race.
 */
export async function signUp(db: Database, input: SignUp, client: ClientInfo, cost: PasswordCost = PASSWORD_COST) {
  if (!(await needsSetup(db))) throw signUpClosed();
  const passwordHash = await hashPassword(input.user.password, cost);
  const session = newSessionToken();
  const agency = {
    legal_name: input.agency.legal_name,
    trade_name: input.agency.trade_name,
    cnpj: input.agency.cnpj,
    settings: { ...DEFAULT_SETTINGS },
  };
  const account = {
    name: input.user.name,
    email: input.user.email,
    phone: input.user.phone,
    password_hash: passwordHash,
    notification_prefs: { ...DEFAULT_NOTIFICATION_PREFS },
  };
  const created = rowsOf<{ user_id: string }>(
    await db.execute(sql`SELECT * FROM app_sign_up(${JSON.stringify(agency)}::jsonb, ${JSON.stringify(account)}::jsonb, ${session.hash},
      ${session.expiresAt.toISOString()}::timestamptz, ${client.userAgent}, ${client.ip}, ${MAX_SESSIONS_PER_USER})`),
  );
  if (created.length === 0) throw signUpClosed();
  const { user, agency: saved } = await readAsSession(db, session.token);
  return { user, agency: saved, session: { token: session.token, expiresAt: session.expiresAt } };
}

/**
 * Sign-in by e-mail or phone. The attempt is counted before the password is checked, atomically
 * with the check of the limits (app_sign_in_begin), so parallel guesses cannot pass them; the
 * database then compares the key derived here with the stored one and opens the session
 * (app_sign_in_finish). A user with a second factor gets a session that still waits for a code
 * (`mfaRequired`: short-lived, admitting nothing until POST /auth/sign-in/verify completes it).
 */
export async function signIn(
  db: Database,
  input: { identifier: string; password: string },
  client: ClientInfo,
  cost: PasswordCost = PASSWORD_COST,
) {
  const { kind, value } = normalizeIdentifier(input.identifier);
  const [begun] = rowsOf<{
    attempt_id: string | number | null;
    password_params: string | null;
    retry_after_seconds: number;
  }>(
    await db.execute(sql`SELECT * FROM app_sign_in_begin(${kind}, ${value}, ${client.ip},
      ${THROTTLE.maxFailuresPerAccount}, ${THROTTLE.maxFailuresPerAddress}, ${THROTTLE.windowMinutes})`),
  );
  if (!begun || begun.attempt_id === null) {
    const seconds = Math.max(1, Number(begun?.retry_after_seconds ?? THROTTLE.windowMinutes * 60));
    throw tooManyAttempts(seconds);
  }
  const key = await deriveKey(input.password, begun.password_params, cost);
  const session = newSessionToken();
  const pendingExpiresAt = new Date(Date.now() + MFA_PENDING_TTL_MS);
  const [opened] = rowsOf<{ user_id: string; mfa_pending: boolean }>(
    await db.execute(sql`SELECT * FROM app_sign_in_finish(${String(begun.attempt_id)}::bigint, ${key}, ${session.hash},
      ${session.expiresAt.toISOString()}::timestamptz, ${pendingExpiresAt.toISOString()}::timestamptz,
      ${client.userAgent}, ${MAX_SESSIONS_PER_USER})`),
  );
  if (!opened) throw invalidCredentials();
  if (opened.mfa_pending) {
    return { mfaRequired: true as const, session: { token: session.token, expiresAt: pendingExpiresAt } };
  }
  const { user, agency } = await readAsSession(db, session.token);
  return {
    mfaRequired: false as const,
    user,
    agency,
    session: { token: session.token, expiresAt: session.expiresAt },
  };
}

/** Changing the password ends every other session of the user (a stolen session does not survive it). */
export async function changePassword(
  db: Db,
  userId: string,
  sessionId: string,
  input: ChangePassword,
  cost: PasswordCost = PASSWORD_COST,
) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw wrongPassword();
  }
  await db
    .update(users)
    .set({
      password_hash: await hashPassword(input.new_password, cost),
      password_changed_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(eq(users.id, userId));
  await endOtherSessions(db, userId, sessionId);
}

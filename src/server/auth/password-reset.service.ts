import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PASSWORD_RESET_MINUTES, type ForgotPassword, type ResetPassword } from '../../domain/auth/two-factor.schema';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { resetLinkInvalid, tooManyAttempts, type ResetLinkState } from './auth.errors';
import { normalizeIdentifier, type ClientInfo } from './auth.service';
import { hashPassword, PASSWORD_COST, type PasswordCost } from './password';
import { THROTTLE } from './throttle';

/** "Esqueci minha senha" from one address: this many requests within the sign-in window. */
export const FORGOT_PASSWORD_MAX_PER_ADDRESS = 5;

/** A link's token as it appears in the URL: 32 random bytes, base64url. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sends a reset link to the account's e-mail, if there is such an active account with an e-mail;
 * the caller answers the same either way. The token is made before the account is looked up and
 * all of it is one owner-run statement (app_password_forgot), so both answers take as long. Only
 * the token's SHA-256 is kept with the link; the e-mail itself carries the token.
 */
export async function forgotPassword(db: Database, input: ForgotPassword, client: ClientInfo) {
  const { kind, value } = normalizeIdentifier(input.identifier);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000);
  const [row] = rowsOf<{ retry_after: number }>(
    await db.execute(sql`SELECT app_password_forgot(${kind}, ${value}, ${client.ip}, ${token},
      ${expiresAt.toISOString()}::timestamptz, ${FORGOT_PASSWORD_MAX_PER_ADDRESS}, ${THROTTLE.windowMinutes}) AS retry_after`),
  );
  const wait = Number(row?.retry_after ?? 0);
  if (wait > 0) throw tooManyAttempts(wait);
}

async function linkState(db: Database, token: string): Promise<ResetLinkState> {
  if (!TOKEN_FORMAT.test(token)) return 'unknown';
  const [row] = rowsOf<{ state: ResetLinkState }>(
    await db.execute(sql`SELECT app_password_reset_state(${token}) AS state`),
  );
  return row?.state ?? 'unknown';
}

/** GET /auth/password/reset/{token}: the link can be used, or 410 saying why not. */
export async function checkResetLink(db: Database, token: string) {
  const state = await linkState(db, token);
  if (state !== 'valid') throw resetLinkInvalid(state);
}

/**
 * Sets the new password through the link, once (app_password_reset): the link is spent and every
 * session of the user ends. A used, expired or unknown link changes nothing (410).
 */
export async function resetPassword(db: Database, input: ResetPassword, cost: PasswordCost = PASSWORD_COST) {
  await checkResetLink(db, input.token);
  const hash = await hashPassword(input.password, cost);
  const [row] = rowsOf<{ state: ResetLinkState }>(
    await db.execute(sql`SELECT app_password_reset(${input.token}, ${hash}) AS state`),
  );
  const state = row?.state ?? 'unknown';
  if (state !== 'valid') throw resetLinkInvalid(state);
}

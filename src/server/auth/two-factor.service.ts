import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  RecoveryCodes,
  SecondFactor,
  TotpConfirm,
  TotpDisable,
  TotpSetup,
} from '../../domain/auth/two-factor.schema';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import { unauthenticated } from '../http/errors';
import {
  invalidCode,
  mfaExpired,
  tooManyAttempts,
  totpAlreadyEnabled,
  totpNotEnabled,
  totpNotStarted,
  wrongFactor,
  wrongPasswordForFactor,
} from './auth.errors';
import { readAsSession, type ClientInfo } from './auth.service';
import { verifyPassword } from './password';
import { MAX_SESSIONS_PER_USER, SESSION_TTL_MS } from './sessions';
import { THROTTLE } from './throttle';
import { hashRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpSecret, totpEnrolment } from './totp';

async function getUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * Starts (or starts over) an enrolment: a new secret kept on the user, not in force until a code
 * from it confirms it (confirmTotp). The authenticator's label is the user's e-mail.
 */
export async function startTotpSetup(db: Db, userId: string): Promise<TotpSetup> {
  const user = await getUser(db, userId);
  if (user.totp_enabled_at) throw totpAlreadyEnabled();
  const secret = newTotpSecret();
  await db.update(users).set({ totp_secret: secret, totp_last_step: null }).where(eq(users.id, userId));
  return totpEnrolment(secret, user.email ?? user.phone ?? user.name);
}

/** A code proves the secret reached the app: the second factor is in force, with ten new recovery codes. */
export async function confirmTotp(db: Db, userId: string, input: TotpConfirm): Promise<RecoveryCodes> {
  const user = await getUser(db, userId);
  if (user.totp_enabled_at) throw totpAlreadyEnabled();
  if (!user.totp_secret) throw totpNotStarted();
  const step = matchTotpStep(user.totp_secret, input.code);
  if (step === null) throw wrongFactor(false);
  const codes = newRecoveryCodes();
  const updated = await db
    .update(users)
    .set({
      totp_enabled_at: sql`now()`,
      totp_last_step: step,
      recovery_code_hashes: codes.map(hashRecoveryCode),
      updated_at: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.totp_enabled_at)))
    .returning({ id: users.id });
  if (updated.length === 0) throw totpAlreadyEnabled();
  return { recovery_codes: codes };
}

/**
 * A code (a step later than the last accepted, which it becomes) or an unused recovery code (then
 * spent) of a signed-in user with the second factor on; false otherwise. One conditional UPDATE
 * each, so two requests cannot both use one code.
 */
async function spendFactor(db: Db, user: typeof users.$inferSelect, input: Partial<SecondFactor>): Promise<boolean> {
  if ('code' in input && input.code !== undefined) {
    const step = user.totp_secret ? matchTotpStep(user.totp_secret, input.code) : null;
    if (step === null) return false;
    const res = await db
      .update(users)
      .set({ totp_last_step: step })
      .where(
        and(
          eq(users.id, user.id),
          sql`${users.totp_enabled_at} IS NOT NULL AND coalesce(${users.totp_last_step}, -1) < ${step}`,
        ),
      )
      .returning({ id: users.id });
    return res.length > 0;
  }
  if ('recovery_code' in input && input.recovery_code !== undefined) {
    const hash = hashRecoveryCode(input.recovery_code);
    const res = await db
      .update(users)
      .set({ recovery_code_hashes: sql`array_remove(${users.recovery_code_hashes}, ${hash})` })
      .where(and(eq(users.id, user.id), sql`${hash} = ANY (${users.recovery_code_hashes})`))
      .returning({ id: users.id });
    return res.length > 0;
  }
  return false;
}

/** Turning it off takes the password and a code (or a recovery code): a session left open is not enough. */
export async function disableTotp(db: Db, userId: string, input: TotpDisable) {
  const user = await getUser(db, userId);
  if (!user.totp_enabled_at) throw totpNotEnabled();
  if (!(await verifyPassword(input.password, user.password_hash))) throw wrongPasswordForFactor();
  const factor = input.code !== undefined ? { code: input.code } : { recovery_code: input.recovery_code };
  if (!(await spendFactor(db, user, factor))) throw wrongFactor(input.code === undefined);
  await db
    .update(users)
    .set({
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      recovery_code_hashes: [],
      updated_at: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** Ten new recovery codes for a code from the app; the old ones stop working. */
export async function regenerateRecoveryCodes(db: Db, userId: string, input: TotpConfirm): Promise<RecoveryCodes> {
  const user = await getUser(db, userId);
  if (!user.totp_enabled_at) throw totpNotEnabled();
  if (!(await spendFactor(db, user, { code: input.code }))) throw wrongFactor(false);
  const codes = newRecoveryCodes();
  await db
    .update(users)
    .set({ recovery_code_hashes: codes.map(hashRecoveryCode), updated_at: sql`now()` })
    .where(eq(users.id, userId));
  return { recovery_codes: codes };
}

/** How many unused recovery codes the user has left. */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const user = await getUser(db, userId);
  return user.recovery_code_hashes.length;
}

/**
 * The second step of a sign-in, for the session the password step left pending: the attempt is
 * counted (and refused past the limits) by app_mfa_begin; the code's step is found here; the
 * database accepts it only if later than the last accepted step, or spends the recovery code, and
 * completes the session (app_mfa_finish).
 */
export async function verifySignIn(db: Database, token: string, input: SecondFactor, client: ClientInfo) {
  const [begun] = rowsOf<{
    attempt_id: string | number | null;
    retry_after_seconds: number;
    totp_secret: string | null;
  }>(
    await db.execute(sql`SELECT * FROM app_mfa_begin(${token}, ${client.ip}, ${THROTTLE.maxFailuresPerAccount},
      ${THROTTLE.maxFailuresPerAddress}, ${THROTTLE.windowMinutes})`),
  );
  if (!begun) throw mfaExpired();
  if (begun.attempt_id === null) {
    throw tooManyAttempts(Math.max(1, Number(begun.retry_after_seconds || THROTTLE.windowMinutes * 60)));
  }
  const recovery = 'recovery_code' in input;
  const step = 'code' in input && begun.totp_secret ? matchTotpStep(begun.totp_secret, input.code) : null;
  const recoveryHash = recovery ? hashRecoveryCode(input.recovery_code) : null;
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [done] = rowsOf<{ user_id: string; recovery_codes_left: number }>(
    await db.execute(sql`SELECT * FROM app_mfa_finish(${String(begun.attempt_id)}::bigint, ${token}, ${step}::bigint,
      ${recoveryHash}, ${expiresAt.toISOString()}::timestamptz, ${MAX_SESSIONS_PER_USER})`),
  );
  if (!done) throw invalidCode(recovery);
  const { user, agency } = await readAsSession(db, token);
  return { user, agency, expiresAt, recoveryCodesLeft: Number(done.recovery_codes_left) };
}

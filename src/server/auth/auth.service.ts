import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFS, DEFAULT_SETTINGS } from '../../domain/agency/agency.schema';
import type { ChangePassword, SignUp } from '../../domain/auth/auth.schema';
import { onlyDigits } from '../../domain/documents';
import type { Database, Db } from '../db/client';
import { agencies, users } from '../db/schema';
import { AppError } from '../http/errors';
import { getDummyHash, hashPassword, verifyPassword } from './password';
import { createSession, endOtherSessions } from './sessions';
import { getThrottleState, recordAttempt } from './throttle';

export const INVALID_CREDENTIALS_MESSAGE = 'E-mail/telefone ou senha incorretos.';

export const publicUser = (u: typeof users.$inferSelect) => ({ id: u.id, name: u.name, email: u.email, phone: u.phone });

/** Sign-in accepts an e-mail or a phone number; both are stored normalised. */
export function normalizeIdentifier(identifier: string): { kind: 'email' | 'phone'; value: string } {
  const trimmed = identifier.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: trimmed.toLowerCase() };
  return { kind: 'phone', value: onlyDigits(trimmed) };
}

export async function needsSetup(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** First-run sign-up: creates the agency and its first user, then closes open sign-up for good. */
export async function signUp(db: Database, input: SignUp, client: ClientInfo) {
  const passwordHash = await hashPassword(input.user.password);
  return db.transaction(async (tx) => {
    // Serialises racing first sign-ups: only one can see an empty users table.
    await tx.execute(sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) throw new AppError('SIGNUP_CLOSED', 'O cadastro já foi realizado. Entre com sua conta.');
    const [agency] = await tx
      .insert(agencies)
      .values({
        legal_name: input.agency.legal_name,
        trade_name: input.agency.trade_name,
        cnpj: input.agency.cnpj,
        settings: { ...DEFAULT_SETTINGS },
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        agency_id: agency!.id,
        name: input.user.name,
        email: input.user.email,
        phone: input.user.phone,
        password_hash: passwordHash,
        notification_prefs: { ...DEFAULT_NOTIFICATION_PREFS },
      })
      .returning();
    const session = await createSession(tx, { userId: user!.id, agencyId: agency!.id, ...client });
    return { user: user!, agency: agency!, session };
  });
}

export async function signIn(db: Database, input: { identifier: string; password: string }, client: ClientInfo) {
  const { kind, value } = normalizeIdentifier(input.identifier);
  const throttle = await getThrottleState(db, value, client.ip);
  if (throttle.locked) {
    const minutes = Math.ceil(throttle.retryAfterSeconds / 60);
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      `Muitas tentativas de acesso. Tente novamente em ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
      { headers: { 'Retry-After': String(throttle.retryAfterSeconds) } },
    );
  }
  const [user] =
    value === ''
      ? []
      : await db
          .select()
          .from(users)
          .where(kind === 'email' ? sql`lower(${users.email}) = ${value}` : eq(users.phone, value))
          .limit(1);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await getDummyHash()));
  await recordAttempt(db, value, client.ip, Boolean(user && ok));
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  const [agency] = await db.select().from(agencies).where(eq(agencies.id, user.agency_id)).limit(1);
  if (!agency?.is_active) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  const session = await createSession(db, { userId: user.id, agencyId: agency.id, ...client });
  return { user, agency, session };
}

/** Changing the password ends every other session of the user (a stolen session does not survive it). */
export async function changePassword(db: Db, userId: string, sessionId: string, input: ChangePassword) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Acesso não autorizado.');
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw new AppError('VALIDATION_ERROR', 'Senha atual incorreta.', { fields: { current_password: 'Senha atual incorreta' } });
  }
  await db
    .update(users)
    .set({ password_hash: await hashPassword(input.new_password), password_changed_at: sql`now()`, updated_at: sql`now()` })
    .where(eq(users.id, userId));
  await endOtherSessions(db, userId, sessionId);
}

import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOTP } from '../../../domain/auth/two-factor.schema';
import { agencies, login_attempts, sessions, users } from '../../db/schema';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { call, createTestContext, signIn, type TestContext } from '../../testing/test-app';
import { hashToken } from '../sessions';
import { totpCodeAt } from '../totp';

let ctx: TestContext;
let ipSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const STEP_MS = TOTP.period * 1000;

/**
 * The test clock (Date only: timers and the database run on): frozen in the middle of the current
 * 30-second step, so a code computed for a step never slides into the next while a test runs. The
 * database's own clock stays real, and the tests move at most a few minutes from it.
 */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  const now = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  vi.setSystemTime(now);
  return {
    now: () => Date.now(),
    advanceSteps: (steps: number) => vi.setSystemTime(Date.now() + steps * STEP_MS),
  };
}

/** A fresh client address per call site, so the per-address limit of one test never reaches another. */
const newIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const post = (path: string, options: { cookie?: string; body?: unknown; ip?: string } = {}) =>
  call(ctx.app, 'POST', `/api/v1/auth${path}`, {
    cookie: options.cookie,
    body: options.body ?? {},
    headers: { 'x-forwarded-for': options.ip ?? newIp() },
  });

/** A user signed in, enrolled with TOTP at the frozen clock's current step: the secret and recovery codes. */
async function enrolledUser() {
  const made = await createAgencyWithUser(ctx.handle.db);
  const cookie = await signIn(ctx.app, made);
  const setup = await post('/totp/setup', { cookie });
  expect(setup.status).toBe(200);
  const secret = setup.body.manual_key.replace(/\s/g, '');
  const confirmed = await post('/totp/confirm', { cookie, body: { code: totpCodeAt(secret, Date.now()) } });
  expect(confirmed.status).toBe(200);
  return { ...made, cookie, secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

/** The password step: 200 with mfa_required and the pending session's cookie. */
async function passwordStep(made: { user: { email: string | null }; password: string }, ip = newIp()) {
  const res = await post('/sign-in', { body: { identifier: made.user.email, password: made.password }, ip });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ mfa_required: true });
  return res.cookie!;
}

describe('enrolment', () => {
  it('starts with an otpauth URL (issuer Milheiro, label the e-mail), a QR code and a grouped key; confirms with a code', async () => {
    freezeClock();
    const made = await createAgencyWithUser(ctx.handle.db);
    const cookie = await signIn(ctx.app, made);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/totp', { cookie })).body).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });

    const setup = await post('/totp/setup', { cookie });
    expect(setup.status).toBe(200);
    const url = new URL(setup.body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Milheiro:${made.user.email}`);
    expect(url.searchParams.get('issuer')).toBe('Milheiro');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(setup.body.manual_key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    expect(setup.body.manual_key.replace(/ /g, '')).toBe(url.searchParams.get('secret'));
    expect(setup.body.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qr_svg.split(',')[1], 'base64').toString()).toContain('<svg');

    // Not in force until confirmed.
    const [pending] = await ctx.handle.db.select().from(users).where(eq(users.id, made.user.id));
    expect(pending!.totp_secret).toBe(url.searchParams.get('secret'));
    expect(pending!.totp_enabled_at).toBeNull();

    const secret = pending!.totp_secret!;
    const wrong = await post('/totp/confirm', { cookie, body: { code: totpCodeAt(secret, Date.now() + 3 * STEP_MS) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.code).toBe('Código incorreto ou expirado');

    const confirmed = await post('/totp/confirm', { cookie, body: { code: totpCodeAt(secret, Date.now()) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const [enabled] = await ctx.handle.db.select().from(users).where(eq(users.id, made.user.id));
    expect(enabled!.totp_enabled_at).not.toBeNull();
    expect(enabled!.recovery_code_hashes).toHaveLength(10);
    // Only hashes are kept.
    for (const code of codes) expect(enabled!.recovery_code_hashes.join()).not.toContain(code.replace('-', ''));
    expect(enabled!.recovery_code_hashes[0]).toMatch(/^[0-9a-f]{64}$/);

    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie });
    expect(me.body.user.totp_enabled).toBe(true);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/totp', { cookie })).body).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect((await post('/totp/setup', { cookie })).body.error.code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('confirming without a started enrolment is refused', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    const cookie = await signIn(ctx.app, made);
    const res = await post('/totp/confirm', { cookie, body: { code: '123456' } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('TOTP_NOT_STARTED');
  });

  it('refuses malformed codes with a Portuguese message', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    const cookie = await signIn(ctx.app, made);
    const res = await post('/totp/confirm', { cookie, body: { code: '12a45' } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.code).toBe('Informe o código de 6 dígitos do aplicativo autenticador');
  });

  it('disabling needs the password and a code; new recovery codes need a code and replace the old', async () => {
    const clock = freezeClock();
    const user = await enrolledUser();
    clock.advanceSteps(1);

    const regenerated = await post('/totp/recovery-codes', {
      cookie: user.cookie,
      body: { code: totpCodeAt(user.secret, clock.now()) },
    });
    expect(regenerated.status).toBe(200);
    const fresh = regenerated.body.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    clock.advanceSteps(1);

    const noPassword = await post('/totp/disable', {
      cookie: user.cookie,
      body: { password: 'Errada123', code: totpCodeAt(user.secret, clock.now()) },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.fields.password).toBe('Senha incorreta');

    const noCode = await post('/totp/disable', { cookie: user.cookie, body: { password: user.password } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.fields.code).toBeDefined();

    const oldRecovery = await post('/totp/disable', {
      cookie: user.cookie,
      body: { password: user.password, recovery_code: user.recoveryCodes[0] },
    });
    expect(oldRecovery.status).toBe(400);
    expect(oldRecovery.body.error.fields.recovery_code).toBe('Código de recuperação incorreto ou já usado');

    const off = await post('/totp/disable', {
      cookie: user.cookie,
      body: { password: user.password, recovery_code: fresh[0]!.toUpperCase() },
    });
    expect(off.status).toBe(204);
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row).toMatchObject({
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      recovery_code_hashes: [],
    });

    // Signing in takes the password alone again.
    const res = await post('/sign-in', { body: { identifier: user.user.email, password: user.password } });
    expect(res.body.user).toBeDefined();
  });
});

describe('sign-in with a second factor', () => {
  it('the password opens a pending session that admits nothing; a code completes it', async () => {
    const clock = freezeClock();
    const user = await enrolledUser();
    clock.advanceSteps(1);
    const pending = await passwordStep(user);

    const [row] = await ctx.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(pending.split('=')[1]!)));
    expect(row!.mfa_pending).toBe(true);
    const minutesLeft = (new Date(row!.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(8);
    expect(minutesLeft).toBeLessThanOrEqual(11);
    const [before] = await ctx.handle.db
      .select({ at: users.last_sign_in_at })
      .from(users)
      .where(eq(users.id, user.user.id));

    // The pending session admits nothing, not even /auth/me.
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: pending })).status).toBe(401);
    const pending2 = await passwordStep(user);
    expect((await call(ctx.app, 'GET', '/api/v1/clients', { cookie: pending2 })).status).toBe(401);

    const done = await post('/sign-in/verify', {
      cookie: pending2,
      body: { code: totpCodeAt(user.secret, clock.now()) },
    });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: user.user.id, totp_enabled: true });
    expect(done.cookie).toBe(pending2);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie: pending2 })).status).toBe(200);

    const [complete] = await ctx.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(pending2.split('=')[1]!)));
    expect(complete!.mfa_pending).toBe(false);
    expect(new Date(complete!.expires_at).getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    const [after] = await ctx.handle.db
      .select({ at: users.last_sign_in_at })
      .from(users)
      .where(eq(users.id, user.user.id));
    expect(after!.at).not.toBeNull();
    expect(after!.at).not.toEqual(before!.at);
  });

  it('a code replayed within its step is refused, and so is an older one after a newer', async () => {
    const clock = freezeClock();
    const user = await enrolledUser();
    clock.advanceSteps(1);
    const code = totpCodeAt(user.secret, clock.now());
    const first = await passwordStep(user);
    expect((await post('/sign-in/verify', { cookie: first, body: { code } })).status).toBe(200);

    const second = await passwordStep(user);
    const replay = await post('/sign-in/verify', { cookie: second, body: { code } });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toEqual({
      code: 'INVALID_CODE',
      message: 'Código incorreto ou expirado. Confira o código no aplicativo autenticador e tente novamente.',
    });
    // The previous step's code is inside the window but older than the one accepted.
    const older = await post('/sign-in/verify', {
      cookie: second,
      body: { code: totpCodeAt(user.secret, clock.now() - STEP_MS) },
    });
    expect(older.status).toBe(401);
    clock.advanceSteps(1);
    expect(
      (await post('/sign-in/verify', { cookie: second, body: { code: totpCodeAt(user.secret, clock.now()) } })).status,
    ).toBe(200);
  });

  it('accepts a code one step early or late, refuses two steps', async () => {
    const clock = freezeClock();
    const user = await enrolledUser();
    clock.advanceSteps(3);

    const late = await passwordStep(user);
    const twoBack = totpCodeAt(user.secret, clock.now() - 2 * STEP_MS);
    expect((await post('/sign-in/verify', { cookie: late, body: { code: twoBack } })).status).toBe(401);
    const oneBack = totpCodeAt(user.secret, clock.now() - STEP_MS);
    expect((await post('/sign-in/verify', { cookie: late, body: { code: oneBack } })).status).toBe(200);

    const early = await passwordStep(user);
    const twoAhead = totpCodeAt(user.secret, clock.now() + 2 * STEP_MS);
    expect((await post('/sign-in/verify', { cookie: early, body: { code: twoAhead } })).status).toBe(401);
    const oneAhead = totpCodeAt(user.secret, clock.now() + STEP_MS);
    expect((await post('/sign-in/verify', { cookie: early, body: { code: oneAhead } })).status).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    freezeClock();
    const user = await enrolledUser();
    const recovery = user.recoveryCodes[3]!;

    const first = await passwordStep(user);
    const ok = await post('/sign-in/verify', { cookie: first, body: { recovery_code: ` ${recovery.toUpperCase()} ` } });
    expect(ok.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/totp', { cookie: first })).body.recovery_codes_left).toBe(9);

    const second = await passwordStep(user);
    const again = await post('/sign-in/verify', { cookie: second, body: { recovery_code: recovery } });
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('Código de recuperação incorreto ou já usado.');
    expect(
      (await post('/sign-in/verify', { cookie: second, body: { recovery_code: user.recoveryCodes[4] } })).status,
    ).toBe(200);
  });

  it('after 5 wrong codes the account is locked for 15 minutes: 429 with Retry-After, even for the right code', async () => {
    const clock = freezeClock();
    const user = await enrolledUser();
    clock.advanceSteps(1);
    const pending = await passwordStep(user);
    const wrong = totpCodeAt(user.secret, clock.now() + 5 * STEP_MS);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Each from another address: the limit is the account's.
      statuses.push((await post('/sign-in/verify', { cookie: pending, body: { code: wrong } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const locked = await post('/sign-in/verify', {
      cookie: pending,
      body: { code: totpCodeAt(user.secret, clock.now()) },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(locked.body.error.message).toBe('Muitas tentativas de acesso. Tente novamente em 15 minutos.');
    const counted = await ctx.handle.db
      .select()
      .from(login_attempts)
      .where(eq(login_attempts.account_key, `mfa:user:${user.user.id}`));
    expect(counted).toHaveLength(5);
    // A new password step does not reset it.
    const again = await passwordStep(user);
    expect(
      (await post('/sign-in/verify', { cookie: again, body: { code: totpCodeAt(user.secret, clock.now()) } })).status,
    ).toBe(429);
  });

  it('without a pending session the verify step answers that it expired', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    expect((await post('/sign-in/verify', { body: { code: '123456' } })).body.error.code).toBe('MFA_EXPIRED');
    const full = await signIn(ctx.app, made);
    expect((await post('/sign-in/verify', { cookie: full, body: { code: '123456' } })).status).toBe(401);

    freezeClock();
    const user = await enrolledUser();
    const pending = await passwordStep(user);
    await ctx.handle.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${hashToken(pending.split('=')[1]!)}`,
    );
    const expired = await post('/sign-in/verify', { cookie: pending, body: { recovery_code: user.recoveryCodes[0] } });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({
      code: 'MFA_EXPIRED',
      message: 'A verificação expirou. Entre novamente com seu e-mail e senha.',
    });
  });

  it('pending sessions are not listed among the active sessions', async () => {
    freezeClock();
    const user = await enrolledUser();
    await passwordStep(user);
    const list = await call(ctx.app, 'GET', '/api/v1/auth/sessions', { cookie: user.cookie });
    expect(list.body.data).toHaveLength(1);
  });
});

describe('deactivated users', () => {
  it('cannot sign in, with or without a second factor', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    await ctx.handle.db
      .update(users)
      .set({ deactivated_at: sql`now()` })
      .where(eq(users.id, made.user.id));
    const res = await post('/sign-in', { body: { identifier: made.user.email, password: made.password } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');

    freezeClock();
    const user = await enrolledUser();
    const pending = await passwordStep(user);
    await ctx.handle.db
      .update(users)
      .set({ deactivated_at: sql`now()` })
      .where(eq(users.id, user.user.id));
    expect(
      (await post('/sign-in/verify', { cookie: pending, body: { recovery_code: user.recoveryCodes[0] } })).status,
    ).toBe(401);
  });

  it('a complete sign-in records last_sign_in_at', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    await signIn(ctx.app, made);
    const [row] = await ctx.handle.db.select().from(users).where(eq(users.id, made.user.id));
    expect(row!.last_sign_in_at).not.toBeNull();
  });
});

describe('the agency requires a second factor', () => {
  it('a user without it gets a session only /auth answers, until they enrol', async () => {
    const clock = freezeClock();
    const made = await createAgencyWithUser(ctx.handle.db);
    const cookie = await signIn(ctx.app, made);
    const settings = await call(ctx.app, 'GET', '/api/v1/agency/settings', { cookie });
    expect(settings.body.require_mfa).toBe(false);
    const put = await call(ctx.app, 'PUT', '/api/v1/agency/settings', {
      cookie,
      body: { ...settings.body, require_mfa: true },
    });
    expect(put.status).toBe(200);
    expect(put.body.require_mfa).toBe(true);
    const [agency] = await ctx.handle.db.select().from(agencies).where(eq(agencies.id, made.agency.id));
    expect(agency!.settings).toMatchObject({ require_mfa: true });

    // Leaving it out of a PUT keeps it.
    const { require_mfa: _r, ...withoutIt } = settings.body;
    expect(withoutIt).not.toHaveProperty('require_mfa');

    const blocked = await call(ctx.app, 'GET', '/api/v1/clients', { cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('MFA_SETUP_REQUIRED');
    const me = await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user.mfa_setup_required).toBe(true);

    const setup = await post('/totp/setup', { cookie });
    const secret = setup.body.manual_key.replace(/\s/g, '');
    expect((await post('/totp/confirm', { cookie, body: { code: totpCodeAt(secret, clock.now()) } })).status).toBe(200);

    expect((await call(ctx.app, 'GET', '/api/v1/clients', { cookie })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/me', { cookie })).body.user.mfa_setup_required).toBe(false);
    const kept = await call(ctx.app, 'PUT', '/api/v1/agency/settings', { cookie, body: withoutIt });
    expect(kept.body.require_mfa).toBe(true);
  });

  it('refuses a require_mfa that is not a boolean', async () => {
    const made = await createAgencyWithUser(ctx.handle.db);
    const cookie = await signIn(ctx.app, made);
    const settings = await call(ctx.app, 'GET', '/api/v1/agency/settings', { cookie });
    const res = await call(ctx.app, 'PUT', '/api/v1/agency/settings', {
      cookie,
      body: { ...settings.body, require_mfa: 'sim' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.require_mfa).toBe('Valor inválido');
  });
});

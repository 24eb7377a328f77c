import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { z } from 'zod';
import { changePasswordSchema, signInSchema, signUpSchema } from '../../domain/auth/auth.schema';
import {
  forgotPasswordSchema,
  FORGOT_PASSWORD_ANSWER,
  mfaRequiredSchema,
  recoveryCodesSchema,
  resetPasswordSchema,
  secondFactorSchema,
  sessionAnswerSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupSchema,
} from '../../domain/auth/two-factor.schema';
import { agencies, users } from '../db/schema';
import { unauthenticated } from '../http/errors';
import type { AppEnv } from '../http/context';
import { clientIp, setSessionCookie } from '../http/middleware';
import { readJson } from '../http/validate';
import { apiDoc, json, noContent } from '../http/openapi';
import { changePassword, needsSetup, publicUser, signIn, signUp } from './auth.service';
import { endOtherSessions, endUserSession, listUserSessions, SESSION_COOKIE, signOutToken } from './sessions';
import { toAgencyDto } from '../agency/agency.queries';
import { mfaExpired, sessionNotFound } from './auth.errors';
import { checkResetLink, forgotPassword, resetPassword } from './password-reset.service';
import {
  confirmTotp,
  disableTotp,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  startTotpSetup,
  verifySignIn,
} from './two-factor.service';

const sessionAnswer = sessionAnswerSchema;

const docs = {
  setup: apiDoc({
    tag: 'auth',
    operationId: 'getSetup',
    summary: 'Whether the first sign-up is still open, and the demo sign-in when in demo mode',
    public: true,
    response: json('`needs_setup` and `demo`'),
  }),
  signUp: apiDoc({
    tag: 'auth',
    operationId: 'signUp',
    summary: 'First run: create the agency and its first user, signed in',
    public: true,
    body: signUpSchema,
    response: json('The user and agency; the session cookie is set', sessionAnswer, 201),
    errors: [409],
  }),
  signIn: apiDoc({
    tag: 'auth',
    operationId: 'signIn',
    summary: 'Sign in with e-mail or phone and password',
    description: 'Repeated failures lock the identifier and address for a while (429 with Retry-After).',
    public: true,
    body: signInSchema,
    response: json(
      'The user and agency, with the session cookie set; or, for a user with two-factor sign-in, `mfa_required` and a cookie whose session admits only POST /auth/sign-in/verify (10 minutes)',
      z.union([sessionAnswer, mfaRequiredSchema]),
    ),
    errors: [401, 429],
  }),
  verifySignIn: apiDoc({
    tag: 'auth',
    operationId: 'verifySignIn',
    summary: 'Second step of a sign-in: a code from the authenticator app, or a recovery code',
    description:
      'For the session the password step left pending (its cookie). A code is accepted once and within one 30-second step of now; a recovery code once. Failures count like passwords: after 5, 429 with Retry-After.',
    public: true,
    body: secondFactorSchema,
    response: json('The user and agency; the session is complete (7 days)', sessionAnswer),
    errors: [401, 429],
  }),
  totpStatus: apiDoc({
    tag: 'auth',
    operationId: 'getTwoFactor',
    summary: 'Own two-factor sign-in: on or off, and the recovery codes left',
    response: json(
      'The status',
      z.object({ enabled: z.boolean(), enabled_at: z.string().nullable(), recovery_codes_left: z.number() }),
    ),
  }),
  totpSetup: apiDoc({
    tag: 'auth',
    operationId: 'startTwoFactorSetup',
    summary: 'Start enrolling an authenticator app: a new secret, as an otpauth URL, a QR code and a key to type',
    response: json('What the authenticator app needs; not in force until confirmed', totpSetupSchema),
    errors: [409],
  }),
  totpConfirm: apiDoc({
    tag: 'auth',
    operationId: 'confirmTwoFactor',
    summary: 'Confirm the enrolment with a code: two-factor sign-in is on, with ten recovery codes shown once',
    body: totpConfirmSchema,
    response: json('The recovery codes (only their hashes are kept)', recoveryCodesSchema),
    errors: [409],
  }),
  totpDisable: apiDoc({
    tag: 'auth',
    operationId: 'disableTwoFactor',
    summary: 'Turn two-factor sign-in off: needs the password and a code or a recovery code',
    body: totpDisableSchema,
    response: noContent('Off'),
    errors: [409],
  }),
  totpRecoveryCodes: apiDoc({
    tag: 'auth',
    operationId: 'regenerateRecoveryCodes',
    summary: 'Ten new recovery codes for a code from the app; the old ones stop working',
    body: totpConfirmSchema,
    response: json('The new recovery codes, shown once', recoveryCodesSchema),
    errors: [409],
  }),
  forgotPassword: apiDoc({
    tag: 'auth',
    operationId: 'forgotPassword',
    summary: "Send a password reset link (valid 30 minutes, single use) to the account's e-mail",
    description: 'The same answer whether or not the account exists. Limited per address (429 with Retry-After).',
    public: true,
    body: forgotPasswordSchema,
    response: json('Accepted', z.object({ message: z.string() }), 202),
    errors: [429],
  }),
  checkResetLink: apiDoc({
    tag: 'auth',
    operationId: 'checkPasswordResetLink',
    summary: 'Whether a password reset link can still be used',
    public: true,
    params: z.object({ token: z.string() }),
    response: json('Usable', z.object({ valid: z.literal(true) })),
    errors: [410],
  }),
  resetPassword: apiDoc({
    tag: 'auth',
    operationId: 'resetPassword',
    summary: 'Set a new password through a reset link; the link is spent and every session of the user ends',
    public: true,
    body: resetPasswordSchema,
    response: noContent('Changed'),
    errors: [410],
  }),
  signOut: apiDoc({
    tag: 'auth',
    operationId: 'signOut',
    summary: 'End the current session',
    public: true,
    response: noContent('Signed out; the session cookie is cleared'),
  }),
  me: apiDoc({
    tag: 'auth',
    operationId: 'getCurrentUser',
    summary: 'The signed-in user and agency',
    response: json('The user and agency', sessionAnswer),
  }),
  changePassword: apiDoc({
    tag: 'auth',
    operationId: 'changePassword',
    summary: 'Change own password; other sessions end',
    body: changePasswordSchema,
    response: noContent('Changed'),
  }),
  listSessions: apiDoc({
    tag: 'auth',
    operationId: 'listSessions',
    summary: 'Own active sessions',
    response: json('The sessions in `data`, the current one marked'),
  }),
  endOtherSessions: apiDoc({
    tag: 'auth',
    operationId: 'endOtherSessions',
    summary: 'End all own sessions but the current one',
    response: noContent('Ended', { 'X-Sessions-Ended': 'How many sessions were ended' }),
  }),
  endSession: apiDoc({
    tag: 'auth',
    operationId: 'endSession',
    summary: 'End one own session',
    params: z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) }),
    response: noContent('Ended; ending the current one also clears the session cookie'),
  }),
};

/** Who is signing in, as the session records it: the client's address and browser. */
const clientOf = (c: Context<AppEnv>) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null });

export const authRoutes = new Hono<AppEnv>()
  .get('/setup', docs.setup, async (c) => {
    const setup = await needsSetup(c.var.deps.db);
    return c.json({ needs_setup: setup, demo: c.var.deps.demo ?? null });
  })
  .post('/sign-up', docs.signUp, async (c) => {
    const input = await readJson(c, signUpSchema);
    const { user, agency, session } = await signUp(c.var.deps.db, input, clientOf(c), c.var.deps.passwordCost);
    setSessionCookie(c, session.token, session.expiresAt);
    c.var.deps.logger.info({ agencyId: agency.id, userId: user.id }, 'agency created by first sign-up');
    return c.json({ user: publicUser(user, agency.settings), agency: toAgencyDto(agency) }, 201);
  })
  .post('/sign-in', docs.signIn, async (c) => {
    const input = await readJson(c, signInSchema);
    const result = await signIn(c.var.deps.db, input, clientOf(c), c.var.deps.passwordCost);
    setSessionCookie(c, result.session.token, result.session.expiresAt);
    if (result.mfaRequired) return c.json({ mfa_required: true as const });
    return c.json({ user: publicUser(result.user, result.agency.settings), agency: toAgencyDto(result.agency) });
  })
  .post('/sign-in/verify', docs.verifySignIn, async (c) => {
    const input = await readJson(c, secondFactorSchema);
    const token = getCookie(c, SESSION_COOKIE);
    if (!token) throw mfaExpired();
    const { user, agency, expiresAt } = await verifySignIn(c.var.deps.db, token, input, clientOf(c));
    setSessionCookie(c, token, expiresAt);
    return c.json({ user: publicUser(user, agency.settings), agency: toAgencyDto(agency) });
  })
  .post('/password/forgot', docs.forgotPassword, async (c) => {
    const input = await readJson(c, forgotPasswordSchema);
    await forgotPassword(c.var.deps.db, input, clientOf(c));
    return c.json({ message: FORGOT_PASSWORD_ANSWER }, 202);
  })
  .get('/password/reset/:token', docs.checkResetLink, async (c) => {
    await checkResetLink(c.var.deps.db, c.req.param('token'));
    return c.json({ valid: true as const });
  })
  .post('/password/reset', docs.resetPassword, async (c) => {
    const input = await readJson(c, resetPasswordSchema);
    await resetPassword(c.var.deps.db, input, c.var.deps.passwordCost);
    return c.body(null, 204);
  })
  .get('/totp', docs.totpStatus, async (c) => {
    const { userId } = c.var.session;
    const [row] = await c.var.db
      .select({ enabled_at: users.totp_enabled_at })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw unauthenticated();
    return c.json({
      enabled: row.enabled_at !== null,
      enabled_at: row.enabled_at === null ? null : new Date(row.enabled_at).toISOString(),
      recovery_codes_left: row.enabled_at === null ? 0 : await recoveryCodesLeft(c.var.db, userId),
    });
  })
  .post('/totp/setup', docs.totpSetup, async (c) => c.json(await startTotpSetup(c.var.db, c.var.session.userId)))
  .post('/totp/confirm', docs.totpConfirm, async (c) => {
    const input = await readJson(c, totpConfirmSchema);
    return c.json(await confirmTotp(c.var.db, c.var.session.userId, input));
  })
  .post('/totp/disable', docs.totpDisable, async (c) => {
    const input = await readJson(c, totpDisableSchema);
    await disableTotp(c.var.db, c.var.session.userId, input);
    return c.body(null, 204);
  })
  .post('/totp/recovery-codes', docs.totpRecoveryCodes, async (c) => {
    const input = await readJson(c, totpConfirmSchema);
    return c.json(await regenerateRecoveryCodes(c.var.db, c.var.session.userId, input));
  })
  .post('/sign-out', docs.signOut, async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await signOutToken(c.var.deps.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  })
  .get('/me', docs.me, async (c) => {
    const db = c.var.db;
    const [row] = await db
      .select({ user: users, agency: agencies })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agency_id))
      .where(eq(users.id, c.var.session.userId))
      .limit(1);
    if (!row) throw unauthenticated();
    return c.json({ user: publicUser(row.user, row.agency.settings), agency: toAgencyDto(row.agency) });
  })
  .put('/password', docs.changePassword, async (c) => {
    const input = await readJson(c, changePasswordSchema);
    await changePassword(c.var.db, c.var.session.userId, c.var.session.sessionId, input, c.var.deps.passwordCost);
    return c.body(null, 204);
  })
  .get('/sessions', docs.listSessions, async (c) => {
    const rows = await listUserSessions(c.var.db, c.var.session.userId);
    return c.json({ data: rows.map((r) => ({ ...r, current: r.id === c.var.session.sessionId })) });
  })
  .delete('/sessions', docs.endOtherSessions, async (c) => {
    const ended = await endOtherSessions(c.var.db, c.var.session.userId, c.var.session.sessionId);
    c.header('X-Sessions-Ended', String(ended));
    return c.body(null, 204);
  })
  .delete('/sessions/:id', docs.endSession, async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{64}$/.test(id) || !(await endUserSession(c.var.db, c.var.session.userId, id))) {
      throw sessionNotFound();
    }
    if (id === c.var.session.sessionId) deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

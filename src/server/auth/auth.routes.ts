import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { z } from 'zod';
import { changePasswordSchema, signInSchema, signUpSchema, userPublicSchema } from '../../domain/auth/auth.schema';
import { agencies, users } from '../db/schema';
import { unauthenticated } from '../http/errors';
import type { AppEnv } from '../http/context';
import { clientIp, setSessionCookie } from '../http/middleware';
import { readJson } from '../http/validate';
import { apiDoc, json, noContent } from '../http/openapi';
import { changePassword, needsSetup, publicUser, signIn, signUp } from './auth.service';
import { endOtherSessions, endUserSession, listUserSessions, SESSION_COOKIE, signOutToken } from './sessions';
import { toAgencyDto } from '../agency/agency.queries';
import { sessionNotFound } from './auth.errors';

const sessionAnswer = z.object({ user: userPublicSchema, agency: z.looseObject({}) });

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
    response: json('The user and agency; the session cookie is set', sessionAnswer),
    errors: [401, 429],
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
    const { user, agency, session } = await signIn(c.var.deps.db, input, clientOf(c), c.var.deps.passwordCost);
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: publicUser(user, agency.settings), agency: toAgencyDto(agency) });
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

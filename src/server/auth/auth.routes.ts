import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { changePasswordSchema, signInSchema, signUpSchema } from '../../domain/auth/auth.schema';
import { agencies, users } from '../db/schema';
import { AppError, MESSAGES } from '../http/errors';
import type { AppEnv } from '../http/context';
import { clientIp, setSessionCookie } from '../http/middleware';
import { readJson } from '../http/validate';
import { changePassword, needsSetup, publicUser, signIn, signUp } from './auth.service';
import { deleteSession, endOtherSessions, endUserSession, hashToken, listUserSessions, SESSION_COOKIE } from './sessions';
import { toAgencyDto } from '../agency/agency.queries';

export const authRoutes = new Hono<AppEnv>()
  .get('/setup', async (c) => {
    const setup = await needsSetup(c.var.deps.db);
    return c.json({ needs_setup: setup, demo: c.var.deps.demo ?? null });
  })
  .post('/sign-up', async (c) => {
    const input = await readJson(c, signUpSchema);
    const { user, agency, session } = await signUp(c.var.deps.db, input, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
    setSessionCookie(c, session.token, session.expiresAt);
    c.var.deps.logger.info({ agencyId: agency.id, userId: user.id }, 'agency created by first sign-up');
    return c.json({ user: publicUser(user), agency: toAgencyDto(agency) }, 201);
  })
  .post('/sign-in', async (c) => {
    const input = await readJson(c, signInSchema);
    const { user, agency, session } = await signIn(c.var.deps.db, input, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
    setSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: publicUser(user), agency: toAgencyDto(agency) });
  })
  .post('/sign-out', async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await deleteSession(c.var.deps.db, hashToken(token));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  })
  .get('/me', async (c) => {
    const db = c.var.db;
    const [row] = await db
      .select({ user: users, agency: agencies })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agency_id))
      .where(eq(users.id, c.var.session.userId))
      .limit(1);
    if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthorized, { status: 401 });
    return c.json({ user: publicUser(row.user), agency: toAgencyDto(row.agency) });
  })
  .put('/password', async (c) => {
    const input = await readJson(c, changePasswordSchema);
    await changePassword(c.var.db, c.var.session.userId, c.var.session.sessionId, input);
    return c.body(null, 204);
  })
  .get('/sessions', async (c) => {
    const rows = await listUserSessions(c.var.db, c.var.session.userId);
    return c.json({ data: rows.map((r) => ({ ...r, current: r.id === c.var.session.sessionId })) });
  })
  .delete('/sessions', async (c) => {
    const ended = await endOtherSessions(c.var.db, c.var.session.userId, c.var.session.sessionId);
    c.header('X-Sessions-Ended', String(ended));
    return c.body(null, 204);
  })
  .delete('/sessions/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{64}$/.test(id) || !(await endUserSession(c.var.db, c.var.session.userId, id))) {
      throw new AppError('SESSION_NOT_FOUND', 'Sessão não encontrada.', { status: 404 });
    }
    if (id === c.var.session.sessionId) deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

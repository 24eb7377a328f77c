import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isValidIsoDate, todayIso } from '../../domain/format';
import { MFA_SETUP_REQUIRED_MESSAGE } from '../../domain/auth/roles';
import { enterSession, SESSION_COOKIE } from '../auth/sessions';
import { UPLOAD_PATHS } from './body-limit';
import { AppError, MESSAGES, unauthenticated } from './errors';
import type { AppEnv } from './context';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin (OWASP CSRF cheat sheet: verifying
 * origin with standard headers), and carry JSON, which a cross-site form cannot send.
 */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  const own = new URL(c.req.url).origin;
  const allowed = new Set([own, ...(c.var.deps.allowedOrigins ?? [])]);
  if (origin && origin !== 'null' && !allowed.has(origin)) {
    throw new AppError('CROSS_ORIGIN', 'Requisição de outra origem recusada.', { status: 403 });
  }
  if (origin === 'null' || c.req.header('sec-fetch-site') === 'cross-site') {
    throw new AppError('CROSS_ORIGIN', 'Requisição de outra origem recusada.', { status: 403 });
  }
  // A cross-site form can only send form or text bodies; refusing them closes that door too. The
  // upload routes take multipart/form-data, held to the origin checks above (browsers send Origin
  // on every cross-origin POST).
  const contentType = c.req.header('content-type')?.toLowerCase();
  const upload = UPLOAD_PATHS.has(c.req.path) && contentType?.startsWith('multipart/form-data');
  if (contentType && !contentType.startsWith('application/json') && !upload) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie os dados em JSON (Content-Type: application/json).', {
      status: 415,
    });
  }
  return next();
};

/**
 * The client's address. Behind trusted reverse proxies (TRUST_PROXY = how many), the address the
 * nearest of them saw, read from the right of X-Forwarded-For: entries further left are whatever
 * the client sent and prove nothing. Without it every request of an office behind one proxy would
 * share the proxy's address, and its sign-in limit.
 */
export function clientIp(c: Context<AppEnv>): string {
  const hops = c.var.deps.trustProxy === true ? 1 : Number(c.var.deps.trustProxy ?? 0);
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const address = forwarded[Math.max(0, forwarded.length - hops)];
    if (address) return address.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The only /api/v1 routes reachable without a session: these paths, and those under PUBLIC_PREFIXES. */
export const PUBLIC_PATHS = new Set([
  '/api/v1/auth/setup',
  '/api/v1/auth/sign-in',
  '/api/v1/auth/sign-up',
  '/api/v1/auth/sign-out',
  '/api/v1/auth/sign-in/verify',
  '/api/v1/auth/password/forgot',
  '/api/v1/auth/password/reset',
]);

/** Public routes that carry a token in their path (an invitation's, a password reset's). */
export const PUBLIC_PREFIXES: readonly string[] = ['/api/v1/auth/invitations/', '/api/v1/auth/password/reset/'];

export const isPublicPath = (path: string) =>
  PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: c.var.deps.cookieSecure ?? false,
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

class RollbackSignal extends Error {}

/**
 * Every /api/v1 route but the public ones (isPublicPath) needs a live session; then the rest of the request runs in
 * one transaction as the tenant role with the session's agency (DESIGN.md §2), entered by the
 * statement that finds the session. Any error or 4xx/5xx answer rolls it back, so a refused
 * request writes nothing.
 */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isPublicPath(c.req.path)) return next();
  const token = getCookie(c, SESSION_COOKIE);
  let found = false;
  if (token) {
    try {
      await c.var.deps.db.transaction(async (tx) => {
        const session = await enterSession(tx, token, clientIp(c));
        if (!session) throw new RollbackSignal();
        found = true;
        c.set('session', session);
        c.set('db', tx);
        // The agency requires a second factor this user has not enrolled: only /auth (enrolment,
        // own account, sign-out) answers until they do.
        if (session.mfaSetupRequired && !c.req.path.startsWith('/api/v1/auth/')) {
          throw new AppError('MFA_SETUP_REQUIRED', MFA_SETUP_REQUIRED_MESSAGE, { status: 403 });
        }
        await next();
        if (c.error || c.res.status >= 400) throw new RollbackSignal();
      });
      // Only once the slid expiry is committed does the cookie carry it: a failed request leaves both as they were.
      const session = c.var.session;
      if (session.refreshed) setSessionCookie(c, token, session.expiresAt);
    } catch (err) {
      if (!(err instanceof RollbackSignal)) throw err;
    }
  }
  if (!found) {
    if (token) deleteCookie(c, SESSION_COOKIE, { path: '/' });
    throw unauthenticated();
  }
};

export const TEST_TODAY_HEADER = 'x-test-today';

/**
 * Sets c.var.today: the server's local calendar day, or, only when the app was built with
 * testClock (NODE_ENV=test), the day in the x-test-today header, so end-to-end tests can seed
 * lots that are already past their expiry through the API (docs/decisions/0005-test-clock.md).
 */
export const requestToday: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fixed = c.var.deps.testClock ? c.req.header(TEST_TODAY_HEADER) : undefined;
  if (fixed !== undefined && !isValidIsoDate(fixed)) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.validation, {
      fields: { [TEST_TODAY_HEADER]: 'Data inválida (use aaaa-mm-dd)' },
    });
  }
  c.set('today', fixed ?? todayIso());
  return next();
};

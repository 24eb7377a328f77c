import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import ipaddr from 'ipaddr.js';
import { AppError } from '../http/errors';
import type { AppDeps, AppEnv } from '../http/context';
import { readyDoc } from '../openapi';
import type { Metrics } from './metrics';
import { Readiness } from './readiness';

export const METRICS_MESSAGES = {
  unauthorized: 'Informe o token das métricas (Authorization: Bearer …).',
  forbidden: 'As métricas só podem ser lidas desta máquina; defina METRICS_TOKEN para lê-las de outra.',
} as const;

export type MetricsAccess = 'allowed' | 'unauthorized' | 'forbidden';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token (compared in
 * constant time: digests of equal length); without it, only a connection from this machine — the
 * socket's address, never X-Forwarded-For, which any client can write.
 */
export function metricsAccess(request: {
  token: string | undefined;
  authorization: string | undefined;
  remoteAddress: string | undefined;
}): MetricsAccess {
  if (request.token === undefined) return isLoopback(request.remoteAddress) ? 'allowed' : 'forbidden';
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '')?.[1];
  if (sent === undefined) return 'unauthorized';
  return timingSafeEqual(digest(sent), digest(request.token)) ? 'allowed' : 'unauthorized';
}

function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No socket (an app called in-process): not this machine's network either.
    return undefined;
  }
}

/**
 * GET /api/ready (readiness, beside /api/health's liveness) and GET /metrics (Prometheus). Both
 * public to the session middleware: /api/ready tells nothing but ready or not; /metrics answers
 * only to its token or to loopback.
 */
export function opsRoutes(deps: AppDeps, metrics: Metrics) {
  const readiness = new Readiness({ db: deps.db, ownerDb: deps.ownerDb, lifecycle: deps.lifecycle });
  return new Hono<AppEnv>()
    .get('/api/ready', ...readyDoc, async (c) => {
      const answer = await readiness.check();
      c.header('Cache-Control', 'no-store');
      return c.json(answer, answer.ok ? 200 : 503);
    })
    .get('/metrics', async (c) => {
      const access = metricsAccess({
        token: deps.metricsToken,
        authorization: c.req.header('authorization'),
        remoteAddress: remoteAddress(c),
      });
      if (access === 'unauthorized') {
        throw new AppError('UNAUTHENTICATED', METRICS_MESSAGES.unauthorized, {
          status: 401,
          headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
        });
      }
      if (access === 'forbidden') throw new AppError('FORBIDDEN', METRICS_MESSAGES.forbidden, { status: 403 });
      c.header('Cache-Control', 'no-store');
      return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType });
    });
}

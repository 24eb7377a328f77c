import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors';

/**
 * The process's own state, shared by the server and its routes: `stopping` turns true on SIGTERM
 * (/api/ready answers 503 from then on and new requests are turned away while those in flight finish).
 */
export class Lifecycle {
  stopping = false;
}

export const SHUTTING_DOWN_MESSAGE = 'O servidor está reiniciando. Tente novamente em instantes.';

/** Long enough for the load balancer to have moved this process out, or for it to be back up. */
const RETRY_AFTER_SECONDS = 2;

/** What a balancer or a scraper reads while the process drains; they change nothing. */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * While the process stops: a request that reaches the app after SIGTERM, on a keep-alive connection
 * opened before, is answered 503 before anything reads its body or opens a transaction, so it
 * changed nothing and may be retried elsewhere. A request in flight at SIGTERM finishes, and its
 * connection closes after its answer: Node's server.close() leaves keep-alive connections serving
 * further requests until their idle timeout.
 */
export function turnAwayWhileStopping(lifecycle: Lifecycle | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!lifecycle) return next();
    if (lifecycle.stopping && !PROBES.has(c.req.path)) {
      throw new AppError('SHUTTING_DOWN', SHUTTING_DOWN_MESSAGE, {
        status: 503,
        headers: { Connection: 'close', 'Retry-After': String(RETRY_AFTER_SECONDS) },
      });
    }
    await next();
    if (lifecycle.stopping) c.header('Connection', 'close');
  };
}

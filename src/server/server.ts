import path from 'node:path';
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createApp } from './app';
import { pruneAuth } from './auth/sessions';
import { PASSWORD_COST, TEST_PASSWORD_COST } from './auth/password';
import type { DbHandle } from './db/client';
import type { Env } from './env';
import type { AppDeps } from './http/context';

export interface StartOptions {
  env: Env;
  logger: Logger;
  /** Migrated database. */
  handle: DbHandle;
  demo?: AppDeps['demo'];
  /** Runs after the database is closed on shutdown (e.g. to remove a throwaway data directory). */
  afterClose?: () => Promise<void> | void;
}

/**
 * What the environment decides about the app; the test clock and the test servers' cheap password
 * hashing only ever under NODE_ENV=test.
 */
export function appOptionsFromEnv(
  env: Env,
): Pick<AppDeps, 'cookieSecure' | 'allowedOrigins' | 'testClock' | 'trustProxy' | 'passwordCost'> {
  const test = env.NODE_ENV === 'test';
  return {
    cookieSecure: env.COOKIE_SECURE,
    allowedOrigins: env.ALLOWED_ORIGINS,
    testClock: test,
    trustProxy: env.TRUST_PROXY,
    passwordCost: test ? TEST_PASSWORD_COST : PASSWORD_COST,
  };
}

/** Serves the API and the built web app until SIGINT/SIGTERM, then stops cleanly. */
export function startServer({ env, logger, handle, demo, afterClose }: StartOptions) {
  const webDir = path.resolve(env.WEB_DIR);
  if (!existsSync(path.join(webDir, 'index.html'))) {
    logger.warn({ webDir }, 'web app not built: only the API is served (run npm run build)');
  }
  const app = createApp({
    db: handle.db,
    logger,
    demo: demo ?? null,
    ...appOptionsFromEnv(env),
    webDir: existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
  });

  // PGlite runs no autovacuum: without this its planner never learns the tables' sizes and
  // index-only scans (the clients list's pages) lose the visibility map (decision 0004).
  const maintain = () => {
    if (handle.kind !== 'pglite') return Promise.resolve();
    return handle.db.execute(sql`VACUUM (ANALYZE)`).then(() => undefined);
  };
  const housekeeping = setInterval(
    () => {
      pruneAuth(handle.db)
        .then(maintain)
        .catch((err) => logger.warn({ err }, 'housekeeping failed'));
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();
  const firstMaintenance = setTimeout(
    () => void maintain().catch((err) => logger.warn({ err }, 'maintenance failed')),
    60 * 1000,
  );
  firstMaintenance.unref();

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(`Milheiro em http://localhost:${info.port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    clearTimeout(firstMaintenance);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const closeDatabase = async () => {
      try {
        await handle.close();
        logger.info('database closed');
        await afterClose?.();
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'error while closing the database');
        process.exit(1);
      }
    };
    server.close(() => void closeDatabase());
    // Idle keep-alive connections would hold close() open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  // Test servers stop by themselves when the process that started them is gone.
  const parentPid = Number(process.env.STOP_WITH_PID);
  if (parentPid > 0) {
    setInterval(() => {
      try {
        process.kill(parentPid, 0);
      } catch {
        shutdown('parent exited');
      }
    }, 2000).unref();
  }
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return { app, server, shutdown };
}

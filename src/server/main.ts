import path from 'node:path';
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { pruneExpiredSessions } from './auth/sessions';
import { pruneAttempts } from './auth/throttle';
import { createDb } from './db/client';
import { loadEnv } from './env';
import { createLogger } from './logger';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  const handle = env.DATABASE_URL
    ? await createDb({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE })
    : await createDb({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR) });
  await handle.migrate();
  logger.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? path.resolve(env.DATA_DIR) : undefined }, 'database ready');

  const webDir = path.resolve(env.WEB_DIR);
  if (!existsSync(path.join(webDir, 'index.html'))) {
    logger.warn({ webDir }, 'web app not built: only the API is served (run npm run build)');
  }
  const app = createApp({
    db: handle.db,
    logger,
    cookieSecure: env.COOKIE_SECURE,
    allowedOrigins: env.ALLOWED_ORIGINS,
    webDir: existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
  });

  const housekeeping = setInterval(() => {
    Promise.all([pruneExpiredSessions(handle.db), pruneAttempts(handle.db)]).catch((err) => logger.warn({ err }, 'housekeeping failed'));
  }, 60 * 60 * 1000);
  housekeeping.unref();

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(`Milheiro em http://localhost:${info.port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      try {
        await handle.close();
        logger.info('database closed');
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'error while closing the database');
        process.exit(1);
      }
    });
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
}

main().catch((err) => {
  console.error('Falha ao iniciar o Milheiro:', err);
  process.exit(1);
});

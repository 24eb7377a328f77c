import path from 'node:path';
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { createApp } from './app';
import { alertScanJob } from './alerts/alerts.jobs';
import { PASSWORD_COST, TEST_PASSWORD_COST } from './auth/password';
import type { DbHandle } from './db/client';
import { EMAIL_SEND_JOB, emailJobs } from './email/email.jobs';
import type { Env } from './env';
import type { AppDeps } from './http/context';
import { HOUSEKEEPING_JOB, housekeepingJob } from './jobs/housekeeping.jobs';
import { IMPORT_RUN_JOB, importRunJob } from './imports/imports.jobs';
import { EventHub } from './events/event-hub';
import { JobQueue } from './jobs/job-queue';
import { quoteExpiryJob } from './quotes/quotes.jobs';
import { WEBHOOK_DELIVERY_JOB, webhookDeliveryJob } from './webhooks/webhooks.jobs';

export interface StartOptions {
  env: Env;
  logger: Logger;
  /** Migrated database. */
  handle: DbHandle;
  /**
   * What the job worker runs on: the owner's connection when requests log in as the tenant role
   * only (MIGRATION_DATABASE_URL, decision 0012); the request's database otherwise. Closed on shutdown.
   */
  owner?: DbHandle;
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
export function startServer({ env, logger, handle, owner, demo, afterClose }: StartOptions) {
  const webDir = path.resolve(env.WEB_DIR);
  if (!existsSync(path.join(webDir, 'index.html'))) {
    logger.warn({ webDir }, 'web app not built: only the API is served (run npm run build)');
  }
  // Real-time (DESIGN §1): this process's LISTEN, read as each agency's tenant on the worker's connection.
  const worker = owner ?? handle;
  const eventHub = new EventHub({ listen: handle.listen, db: worker.db, logger });
  // Webhooks may reach loopback or private hosts only in tests (env WEBHOOK_ALLOW_HOSTS).
  const webhookAllowHosts = env.NODE_ENV === 'test' ? env.WEBHOOK_ALLOW_HOSTS : [];
  const app = createApp({
    db: handle.db,
    webhookAllowHosts,
    smtpConfigured: env.SMTP_URL !== undefined,
    eventHub,
    logger,
    demo: demo ?? null,
    ...appOptionsFromEnv(env),
    webDir: existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
  });

  // Background jobs (DESIGN §1): the alerts' scan and the housekeeping, on the database's calendar.
  const jobs = new JobQueue({
    connection: worker.jobConnection,
    db: worker.db,
    logger,
    definitions: [
      alertScanJob,
      quoteExpiryJob,
      housekeepingJob(handle.kind),
      ...emailJobs({
        smtpUrl: env.SMTP_URL,
        from: env.EMAIL_FROM,
        appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
      }),
      webhookDeliveryJob({
        allowHosts: webhookAllowHosts,
        requeue: (startAfter, singletonKey) => jobs.send(WEBHOOK_DELIVERY_JOB, {}, { startAfter, singletonKey }),
      }),
      importRunJob(),
    ],
  });
  const jobsStarted = jobs
    .start()
    // PGlite's planner learns the tables' sizes soon after start, not only at the hour.
    .then(() => jobs.send(HOUSEKEEPING_JOB, {}, { startAfter: 60, singletonKey: 'after-start' }))
    .catch((err) => logger.error({ err }, 'job queue did not start'));
  // A committed write left work in an outbox: its sender runs now rather than at its next minute.
  const OUTBOX_QUEUES: Record<string, string> = {
    webhooks: WEBHOOK_DELIVERY_JOB,
    email: EMAIL_SEND_JOB,
    imports: IMPORT_RUN_JOB,
  };
  // A burst of writes wakes each sender once a second at most (one run claims everything due),
  // plus once after the burst, so a write that came during the second is not left for the cron.
  const waking = new Map<string, boolean>();
  const wake = (queue: string) => {
    waking.set(queue, false);
    setTimeout(() => {
      const again = waking.get(queue);
      waking.delete(queue);
      if (again) wake(queue);
    }, 1000).unref();
    void jobsStarted
      .then(() => jobs.send(queue, {}))
      .catch((err) => logger.warn({ err, queue }, 'outbox sender not woken'));
  };
  eventHub.onOutbox((what) => {
    const queue = OUTBOX_QUEUES[what];
    if (!queue) return;
    if (waking.has(queue)) waking.set(queue, true);
    else wake(queue);
  });
  const hubStarted = eventHub.start().catch((err) => logger.error({ err }, 'real-time events did not start'));

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(`Milheiro em http://localhost:${info.port}`);
  });
  // An idle keep-alive connection outlives the clients' and load balancers' own idle limits (often
  // 60 s): a request sent just as the server dropped the connection would fail with ECONNRESET.
  const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const closeDatabase = async () => {
      try {
        await hubStopped;
        await jobsStarted;
        await jobs.stop(5_000).catch((err) => logger.warn({ err }, 'job queue did not stop cleanly'));
        await handle.close();
        if (owner) await owner.close();
        logger.info('database closed');
        await afterClose?.();
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'error while closing the database');
        process.exit(1);
      }
    };
    // Open event streams would hold close() open: they end first (their browsers reconnect elsewhere).
    const hubStopped = hubStarted
      .then(() => eventHub.stop())
      .catch((err) => logger.warn({ err }, 'real-time events did not stop cleanly'));
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

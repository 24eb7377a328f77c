import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import { createApp } from './app';
import { alertScanJob } from './alerts/alerts.jobs';
import { serveBackupControl, type ControlServer } from './backups/backup-control';
import { backupJob, EmbeddedBackups } from './backups/backups.service';
import { PASSWORD_COST, TEST_PASSWORD_COST } from './auth/password';
import type { DbHandle } from './db/client';
import { EMAIL_SEND_JOB, emailJobs } from './email/email.jobs';
import type { Env } from './env';
import type { AppDeps } from './http/context';
import { Lifecycle } from './http/lifecycle';
import { HOUSEKEEPING_JOB, housekeepingJob } from './jobs/housekeeping.jobs';
import { IMPORT_RUN_JOB, importRunJob } from './imports/imports.jobs';
import { EventHub } from './events/event-hub';
import { JobQueue } from './jobs/job-queue';
import { Metrics } from './ops/metrics';
import { quoteExpiryJob } from './quotes/quotes.jobs';
import { creditsDueJob } from './transfers/credits.jobs';
import { clubsMonthlyJob } from './clubs/clubs.jobs';
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
): Pick<AppDeps, 'cookieSecure' | 'allowedOrigins' | 'testClock' | 'trustProxy' | 'passwordCost' | 'metricsToken'> {
  const test = env.NODE_ENV === 'test';
  return {
    cookieSecure: env.COOKIE_SECURE,
    allowedOrigins: env.ALLOWED_ORIGINS,
    testClock: test,
    trustProxy: env.TRUST_PROXY,
    passwordCost: test ? TEST_PASSWORD_COST : PASSWORD_COST,
    metricsToken: env.METRICS_TOKEN,
  };
}

/** Of the shutdown's deadline, what pg-boss leaves for failing the jobs still running and for closing the database. */
const CLOSE_MARGIN_MS = 3_000;

/** Serves the API and the built web app until SIGINT/SIGTERM, then stops cleanly. */
export function startServer({ env, logger, handle, owner, demo, afterClose }: StartOptions) {
  const webDir = path.resolve(env.WEB_DIR);
  if (!existsSync(path.join(webDir, 'index.html'))) {
    logger.warn({ webDir }, 'web app not built: only the API is served (run npm run build)');
  }
  // Real-time (DESIGN §1): this process's LISTEN, read as each agency's tenant on the worker's connection.
  const worker = owner ?? handle;
  const eventHub = new EventHub({ listen: handle.listen, db: worker.db, logger });
  const lifecycle = new Lifecycle();
  // Webhooks may reach loopback or private hosts only in tests (env WEBHOOK_ALLOW_HOSTS).
  const webhookAllowHosts = env.NODE_ENV === 'test' ? env.WEBHOOK_ALLOW_HOSTS : [];
  // The embedded database's backups (issue #21): daily on the job queue, on demand through the
  // control socket (npm run backup), listed to the admin.
  const backups = handle.embedded
    ? new EmbeddedBackups({ source: handle.embedded, keep: env.BACKUP_KEEP, hour: env.BACKUP_HOUR, logger })
    : null;
  // GET /metrics (issue #21): the request pool, the streams, and the job queue once built.
  const metrics = new Metrics({ poolStats: handle.poolStats, eventHub });
  const app = createApp({
    backups,
    db: handle.db,
    ownerDb: owner?.db,
    metrics,
    webhookAllowHosts,
    smtpConfigured: env.SMTP_URL !== undefined,
    eventHub,
    lifecycle,
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
    onFailure: (queue) => metrics.jobFailed(queue),
    definitions: [
      alertScanJob,
      quoteExpiryJob,
      creditsDueJob,
      clubsMonthlyJob,
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
      ...(backups ? [backupJob(backups)] : []),
    ],
  });
  metrics.watchJobs(jobs);
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
    // Stopping, the queue takes no more: the outbox keeps the work for the next process's sender.
    if (lifecycle.stopping) return;
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
  const controlStarted: Promise<ControlServer | null> = handle.embedded
    ? serveBackupControl(handle.embedded.dataDir, () => backups!.backupNow()).catch((err) => {
        logger.warn({ err }, 'backup control socket not served (npm run backup will not reach this server)');
        return null;
      })
    : Promise.resolve(null);
  const hubStarted = eventHub.start().catch((err) => logger.error({ err }, 'real-time events did not start'));

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(`Milheiro em http://localhost:${info.port}`);
  });
  // An idle keep-alive connection outlives the clients' and load balancers' own idle limits (often
  // 60 s): a request sent just as the server dropped the connection would fail with ECONNRESET.
  const http = server as Server;
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;

  /**
   * SIGTERM drops nothing (issue #21): new connections are refused and requests arriving on open
   * ones answered 503 (turnAwayWhileStopping), while the requests in flight finish and their
   * connections close after their answers; the real-time streams end with a retry hint; running
   * jobs finish; then the database closes and the process exits 0. Past SHUTDOWN_TIMEOUT_SECONDS
   * the connections left are dropped (their transactions roll back) and the process exits 1.
   */
  const shutdown = (signal: string) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    const timeoutMs = env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
    logger.info({ signal, timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error(
        { timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS },
        'shutdown deadline reached: dropping the connections still open and exiting',
      );
      http.closeAllConnections();
      process.exit(1);
    }, timeoutMs);

    const drained = new Promise<void>((resolve) => http.close(() => resolve()));
    // close() closes the connections idle now; those busy become idle after their last answer (or
    // their stream's end) and are closed here, or they would hold close() open for keepAliveTimeout.
    const sweep = setInterval(() => http.closeIdleConnections(), 100);
    sweep.unref();
    // Open event streams would hold close() open: they end first (their browsers reconnect elsewhere).
    const hubStopped = hubStarted
      .then(() => eventHub.stop())
      .catch((err) => logger.warn({ err }, 'real-time events did not stop cleanly'));
    // pg-boss 12's graceful stop fetches nothing more and waits for the handlers running, up to the
    // timeout; then it fails the jobs still active ("pg-boss shut down while active"), which puts
    // each back in the queue in state `retry` (run again after its retryDelay, by this or another
    // process) while it has retries left, `failed` otherwise, and aborts their handlers' signal.
    // Should the process die before that (the deadline, SIGKILL), a job stays `active` until its
    // expireInSeconds, after which any process's supervisor fails it the same way: handlers are
    // idempotent (STYLE.md §12), so a job cut short runs again and loses nothing.
    const jobsStopped = jobsStarted
      .then(() => jobs.stop(Math.max(1_000, timeoutMs - CLOSE_MARGIN_MS)))
      .catch((err) => logger.warn({ err }, 'job queue did not stop cleanly'));
    // A backup being written finishes first (seconds), and `npm run backup` waiting for it gets its answer.
    const controlClosed = Promise.all([controlStarted, backups?.idle()])
      .then(([control]) => control?.close())
      .catch((err) => logger.warn({ err }, 'backup control socket did not close cleanly'));

    void (async () => {
      try {
        await Promise.all([drained, hubStopped, jobsStopped, controlClosed]);
        clearInterval(sweep);
        logger.info('requests and jobs finished');
        await handle.close();
        if (owner) await owner.close();
        logger.info('database closed');
        await afterClose?.();
        clearTimeout(deadline);
        process.exit(0);
      } catch (err) {
        logger.error({ err }, 'error while closing the database');
        process.exit(1);
      }
    })();
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
  return { app, server, shutdown, lifecycle };
}

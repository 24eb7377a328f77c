import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { withTenant } from '../db/tenant';
import type { JobDefinition, JobPayload } from '../jobs/job-queue';
import { queueDigestEmails } from './alert-emails';
import { DEFAULT_APP_URL, sendDueEmails } from './email.service';
import { smtpSender, SMTP_TIMEOUT_MS } from './smtp';

export const EMAIL_SEND_JOB = 'email.send';
export const EMAIL_DIGEST_JOB = 'email.digest';

export interface EmailJobOptions {
  /** SMTP_URL; unset, messages are rendered and kept in the outbox (held), readable by the admin. */
  smtpUrl?: string;
  /** EMAIL_FROM. */
  from: string;
  /** Where the app is served, for the links in the e-mails (http://localhost:3000 by default). */
  appUrl?: string;
  /** The SMTP connection, greeting and socket timeouts (tests shorten them). */
  timeoutMs?: number;
}

export interface EmailClockPayload extends JobPayload {
  /** The moment the job acts at (ISO 8601): the job's, so tests drive the clock (decision 0005). */
  now?: string;
}

export interface EmailDigestPayload extends EmailClockPayload {
  /** The start of the digest's window, instead of each user's previous digest. */
  since?: string;
}

/**
 * The sender: queued when a transaction leaves messages in the outbox (the `email` NOTIFY), and
 * every minute as a safety net — for retries coming due and for a NOTIFY no process heard. Several
 * processes may run it at once: each claims different rows (SKIP LOCKED).
 */
export function emailSendJob(options: EmailJobOptions): JobDefinition<EmailClockPayload> {
  const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  const send = options.smtpUrl ? smtpSender({ smtpUrl: options.smtpUrl, from: options.from, timeoutMs }) : undefined;
  const batchSize = 10;
  return {
    name: EMAIL_SEND_JOB,
    // Failures are the rows' (retried on their own schedule); the job fails only when the database does.
    queue: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 },
    cron: '* * * * *',
    async handle(data, { db, logger }) {
      const report = await sendDueEmails(db, {
        send,
        now: data.now,
        appUrl: options.appUrl ?? DEFAULT_APP_URL,
        batchSize,
        // A batch against a server that answers at each timeout's edge still ends inside its lease.
        leaseSeconds: Math.ceil((batchSize * 4 * timeoutMs) / 1000) + 60,
      });
      if (report.sent + report.held + report.failed + report.retried > 0) logger.info(report, 'e-mails sent');
    },
  };
}

/**
 * Every day at 08:00 (America/Sao_Paulo): each active agency's daily digests, one agency per
 * transaction as its tenant; idempotent per user and day, so a retry or a second run that day
 * queues nothing more. The digests go out through `email.send` (nudged by their NOTIFY).
 */
export const emailDigestJob: JobDefinition<EmailDigestPayload> = {
  name: EMAIL_DIGEST_JOB,
  queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 900 },
  cron: '0 8 * * *',
  async handle(data, { db, logger }) {
    const now = data.now ?? new Date().toISOString();
    const agencies = data.agency_id
      ? [data.agency_id]
      : rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM agencies WHERE is_active ORDER BY id`)).map(
          (a) => a.id,
        );
    for (const agencyId of agencies) {
      const queued = await withTenant(db, agencyId, (tx) =>
        queueDigestEmails(tx, { agencyId, now, since: data.since }),
      );
      if (queued > 0) logger.info({ agencyId, queued }, 'e-mail digests queued');
    }
  },
};

/** The e-mail jobs, for the job queue's definitions (server.ts). */
export const emailJobs = (options: EmailJobOptions) => [emailSendJob(options), emailDigestJob];

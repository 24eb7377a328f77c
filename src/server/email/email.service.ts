import type { EmailMessage, EmailOutboxList, EmailOutboxQuery } from '../../domain/email/email.schema';
import type { Db } from '../db/client';
import { emailNotFound } from './email.errors';
import {
  claimDueEmails,
  getOutboxRow,
  listOutboxRows,
  releaseEmails,
  saveRendered,
  settleEmail,
  type ClaimedEmail,
  type EmailOutcome,
  type OutboxRow,
} from './email.queries';
import { readStoredFile } from '../files/files.queries';
import { describeSmtpFailure, type OutgoingEmail, type SendMail } from './smtp';
import type { RenderedEmail } from './templates/render-email';

/** The waits after a failed attempt, in seconds — 1 min, 5 min, 30 min, 2 h, 6 h — then it fails for good. */
export const EMAIL_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21_600] as const;
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_SECONDS.length + 1;

export const DEFAULT_APP_URL = 'http://localhost:3000';

export interface SendDueOptions {
  /** How a message goes out; none (no SMTP_URL): each message is rendered and kept (held). */
  send?: SendMail;
  /** Links in the e-mails are the app's paths joined to this. */
  appUrl?: string;
  /** The job's clock (ISO 8601) when a test drives it; the database's otherwise. */
  now?: string;
  batchSize?: number;
  /** How long a claim holds its rows: longer than a batch can take against a slow server. */
  leaseSeconds?: number;
  /** A run stops claiming after this long and leaves the rest to the next one. */
  maxRunMs?: number;
}

export interface SendReport {
  sent: number;
  held: number;
  failed: number;
  retried: number;
}

const at = (base: number, seconds: number) => new Date(base + seconds * 1000).toISOString();

async function renderedOf(db: Db, row: ClaimedEmail, appUrl: string): Promise<RenderedEmail> {
  // A retry sends what the first attempt rendered: the same e-mail, whatever changed since.
  if (row.subject !== null && row.html !== null && row.text !== null) {
    return { subject: row.subject, html: row.html, text: row.text };
  }
  // The templates (React Email, ~0.4 s to import) load with the first e-mail, not with every process.
  const { renderEmail } = await import('./templates/render-email');
  const rendered = await renderEmail(row, { agencyName: row.trade_name, appUrl });
  await saveRendered(db, { agencyId: row.agency_id, id: row.id, rendered });
  return rendered;
}

/** The files a row names in data.attachments, read from stored_files (a missing one fails the attempt). */
async function attachmentsOf(db: Db, row: ClaimedEmail): Promise<OutgoingEmail['attachments']> {
  const named = (row.data as { attachments?: unknown }).attachments;
  if (!Array.isArray(named) || named.length === 0) return undefined;
  const files = [];
  for (const a of named as { file_id: string; file_name: string }[]) {
    const file = await readStoredFile(db, { agencyId: row.agency_id, id: a.file_id });
    if (!file) throw new Error(`Anexo não encontrado: ${a.file_name}`);
    files.push({ filename: a.file_name, content: file.content, contentType: file.content_type });
  }
  return files;
}

/** After a failed attempt: again later on the schedule, or failed when refused for good or out of attempts. */
function afterFailure(row: ClaimedEmail, err: unknown, base: number): { outcome: EmailOutcome; serverDown: boolean } {
  const failure = describeSmtpFailure(err);
  const delay = EMAIL_RETRY_DELAYS_SECONDS[row.attempts - 1];
  if (failure.permanent) return { outcome: { status: 'failed', error: failure.message }, serverDown: false };
  if (delay === undefined) {
    return {
      outcome: { status: 'failed', error: `${failure.message} (desistimos após ${row.attempts} tentativas)` },
      serverDown: failure.serverDown,
    };
  }
  return {
    outcome: { status: 'pending', error: failure.message, retryAt: at(base, delay) },
    serverDown: failure.serverDown,
  };
}

/**
 * The sender (job `email.send`): claims the due messages of every agency a batch at a time,
 * renders each (kept on the row), sends it — or, without SMTP, keeps it as held — and settles it.
 * Each row is settled in its own statement right after its attempt; a process killed in between
 * leaves the row claimed until its lease runs out, then it is tried again (at-least-once). When the
 * server itself fails (unreachable, silent, refusing the credentials) the rest of the batch is not
 * tried: it is handed back, due when the failed one is, and the run stops.
 */
export async function sendDueEmails(db: Db, options: SendDueOptions = {}): Promise<SendReport> {
  const { send, now, appUrl = DEFAULT_APP_URL, batchSize = 10, leaseSeconds = 300, maxRunMs = 120_000 } = options;
  const started = Date.now();
  const report: SendReport = { sent: 0, held: 0, failed: 0, retried: 0 };
  for (;;) {
    const claimed = await claimDueEmails(db, { now, limit: batchSize, leaseSeconds });
    let stop = false;
    for (const [index, row] of claimed.entries()) {
      const key = { agencyId: row.agency_id, id: row.id, lease: row.lease, now };
      const base = now ? Date.parse(now) : Date.now();
      let rendered: RenderedEmail;
      try {
        rendered = await renderedOf(db, row, appUrl);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await settleEmail(db, { ...key, outcome: { status: 'failed', error: `Falha ao montar o e-mail: ${message}` } });
        report.failed++;
        continue;
      }
      if (!send) {
        await settleEmail(db, { ...key, outcome: { status: 'held' } });
        report.held++;
        continue;
      }
      try {
        await send({ id: row.id, to: row.to_address, ...rendered, attachments: await attachmentsOf(db, row) });
      } catch (err) {
        const { outcome, serverDown } = afterFailure(row, err, base);
        await settleEmail(db, { ...key, outcome });
        if (outcome.status === 'failed') report.failed++;
        else report.retried++;
        if (serverDown) {
          const retryAt = outcome.status === 'pending' ? outcome.retryAt : at(base, EMAIL_RETRY_DELAYS_SECONDS[0]);
          const rest = claimed.slice(index + 1).map((r) => ({ agencyId: r.agency_id, id: r.id, lease: r.lease }));
          await releaseEmails(db, { claims: rest, retryAt });
          stop = true;
          break;
        }
        continue;
      }
      await settleEmail(db, { ...key, outcome: { status: 'sent' } });
      report.sent++;
    }
    if (stop || claimed.length < batchSize || Date.now() - started > maxRunMs) return report;
  }
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

function toItem(r: OutboxRow): EmailOutboxList['data'][number] {
  return {
    id: r.id,
    to_address: r.to_address,
    subject: r.subject,
    template: r.template,
    status: r.status,
    attempts: Number(r.attempts),
    last_error: r.last_error,
    created_at: iso(r.created_at),
    sent_at: r.sent_at === null ? null : iso(r.sent_at),
    next_attempt_at: iso(r.next_attempt_at),
  };
}

/** GET /email/outbox: one page of the agency's messages, newest first. */
export async function listOutbox(
  db: Db,
  { agencyId, smtpConfigured }: { agencyId: string; smtpConfigured: boolean },
  query: EmailOutboxQuery,
): Promise<EmailOutboxList> {
  const { rows, total } = await listOutboxRows(db, {
    agencyId,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map(toItem),
    total,
    page: query.page,
    limit: query.limit,
    total_pages: Math.max(1, Math.ceil(total / query.limit)),
    smtp_configured: smtpConfigured,
  };
}

/** A password reset link as the outbox shows it: its token hidden, so no admin can use another's link. */
const RESET_LINK = /\/redefinir-senha\/[A-Za-z0-9_-]+/g;
const redactResetLinks = (part: string | null) =>
  part === null ? null : part.replace(RESET_LINK, '/redefinir-senha/[link oculto]');

/** GET /email/outbox/{id}: one message with its parts. */
export async function getOutboxMessage(
  db: Db,
  { agencyId, id }: { agencyId: string; id: string },
): Promise<EmailMessage> {
  const row = await getOutboxRow(db, { agencyId, id });
  if (!row) throw emailNotFound();
  if (row.template === 'password_reset') {
    return { ...toItem(row), html: redactResetLinks(row.html), text: redactResetLinks(row.text) };
  }
  return { ...toItem(row), html: row.html, text: row.text };
}

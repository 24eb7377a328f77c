import type { Logger } from 'pino';
import { nextAttemptAt, parseRetryAfter, WEBHOOK_FAILING_DAYS_TO_DISABLE } from '../../domain/webhooks/webhook.rules';
import type { Database, Db } from '../db/client';
import { withTenant } from '../db/tenant';
import { notifyOutbox } from '../events/events.queries';
import type { JobDefinition, JobPayload } from '../jobs/job-queue';
import {
  claimDueDeliveries,
  clearEndpointFailing,
  disableEndpoint,
  markEndpointFailing,
  nextDueAt,
  queueEndpointDisabledEmails,
  recordAttempt,
  type ClaimedDelivery,
} from './deliveries.queries';
import { createWebhookAgent, sendWebhook, type SendResult } from './send-webhook';
import { signatureHeaders } from './signing';

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';

/** Standard Webhooks recommends 15 to 30 s ("Request timeouts"): the shortest, so a stuck receiver holds little. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Longer than a claimed batch can take (BATCH / CONCURRENCY rounds of the timeout), so a live process never loses its rows. */
const LEASE_MS = 5 * 60_000;
const BATCH = 32;
const CONCURRENCY = 8;
/** One run stops claiming after this and queues the next, so a backlog never holds a worker for long. */
const RUN_BUDGET_MS = 50_000;
/** A run that leaves a delivery due sooner than this queues itself for then; later ones wait for the minute's cron. */
const REQUEUE_WITHIN_MS = 60_000;

export const ENDPOINT_GONE_REASON = 'O endereço respondeu HTTP 410 (Gone): não quer mais receber eventos';
export const ENDPOINT_FAILING_REASON = `Todas as entregas falharam por ${WEBHOOK_FAILING_DAYS_TO_DISABLE} dias seguidos`;
const DISABLED_ERROR = 'Endpoint desativado';

export interface WebhookDeliveryPayload extends JobPayload {
  /** The run's clock (ISO): tests move time by it (decision 0005); absent, the real one. */
  now?: string;
}

export interface WebhookDeliveryOptions {
  /** Hosts reachable although private, and over http: tests only (env WEBHOOK_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  /** Queues the next run at `startAfter` under `key` (the server passes its JobQueue's send). */
  requeue?: (startAfter: Date, key: string) => Promise<unknown>;
  /** The jitter's dice; tests fix it. */
  random?: () => number;
}

export interface DeliveryRunResult {
  attempted: number;
  delivered: number;
  failed: number;
}

/**
 * Sends what is due: claims a batch (one short transaction, every agency), POSTs each signed body
 * outside any transaction, then records each attempt in its agency's tenant (another short
 * transaction), until nothing is due or the run's budget is spent.
 */
export async function deliverDueWebhooks(
  db: Database,
  logger: Logger,
  options: WebhookDeliveryOptions & { now?: string },
): Promise<DeliveryRunResult> {
  const allowHosts = options.allowHosts ?? [];
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const clock = () => (options.now ? new Date(options.now) : new Date());
  const result: DeliveryRunResult = { attempted: 0, delivered: 0, failed: 0 };
  const agent = createWebhookAgent(allowHosts, timeoutMs);
  const started = Date.now();
  try {
    for (;;) {
      const now = clock();
      const claimed = await claimDueDeliveries(db, { now, lease: new Date(now.getTime() + LEASE_MS), limit: BATCH });
      if (claimed.length === 0) break;
      await eachLimited(claimed, CONCURRENCY, async (delivery) => {
        const sent = delivery.enabled
          ? await sendWebhook({ ...signedRequest(delivery), agent, allowHosts, timeoutMs })
          : null;
        const outcome = await recordOutcome(db, delivery, sent, { at: clock(), random: options.random ?? Math.random });
        if (sent) result.attempted++;
        if (outcome === 'delivered') result.delivered++;
        if (outcome === 'failed') result.failed++;
        if (sent && !sent.ok) logger.info({ delivery: delivery.id, error: sent.error }, 'webhook attempt failed');
      });
      if (Date.now() - started > RUN_BUDGET_MS) break;
    }
  } finally {
    await agent.destroy();
  }
  return result;
}

/** The attempt's signed request: the stored payload is the body, byte for byte the same on every attempt. */
function signedRequest(delivery: ClaimedDelivery) {
  const body = JSON.stringify(delivery.payload);
  const headers = signatureHeaders({
    secret: delivery.secret,
    messageId: delivery.message_id,
    timestamp: new Date(),
    body,
  });
  return { url: delivery.url, body, headers };
}

/**
 * What one attempt leaves: delivered (2xx, the endpoint's failures forgotten), pending with the
 * next attempt on the schedule (or later, per Retry-After), failed after the last attempt, or
 * failed at once with the endpoint disabled (410). An endpoint failing without a success for
 * WEBHOOK_FAILING_DAYS_TO_DISABLE days is disabled and its users e-mailed.
 */
async function recordOutcome(
  db: Database,
  delivery: ClaimedDelivery,
  sent: SendResult | null,
  { at, random }: { at: Date; random: () => number },
): Promise<'delivered' | 'pending' | 'failed' | 'lost'> {
  const scope = { agencyId: delivery.agency_id, endpointId: delivery.endpoint_id };
  return withTenant(db, delivery.agency_id, async (tx) => {
    const base = { agencyId: delivery.agency_id, id: delivery.id, lease: delivery.lease, at };
    if (!sent) {
      const recorded = await recordAttempt(tx, {
        ...base,
        status: 'failed',
        attempted: false,
        nextAttemptAt: null,
        statusCode: null,
        error: DISABLED_ERROR,
        durationMs: null,
      });
      return recorded ? 'failed' : 'lost';
    }
    const attempt = {
      ...base,
      attempted: true,
      statusCode: sent.statusCode,
      error: sent.error,
      durationMs: sent.durationMs,
    };
    if (sent.ok) {
      if (!(await recordAttempt(tx, { ...attempt, status: 'delivered', nextAttemptAt: null }))) return 'lost';
      await clearEndpointFailing(tx, scope);
      return 'delivered';
    }
    const gone = sent.statusCode === 410;
    const next = gone
      ? null
      : nextAttemptAt({
          attempts: delivery.attempts + 1,
          now: at,
          random: random(),
          retryAfterMs: parseRetryAfter(sent.retryAfter, at),
        });
    const status = next ? 'pending' : 'failed';
    if (!(await recordAttempt(tx, { ...attempt, status, nextAttemptAt: next }))) return 'lost';
    if (gone) {
      await giveUp(tx, scope, ENDPOINT_GONE_REASON);
      return 'failed';
    }
    const failing = await markEndpointFailing(tx, { ...scope, at });
    const days = WEBHOOK_FAILING_DAYS_TO_DISABLE * 24 * 3600 * 1000;
    if (failing?.enabled && at.getTime() - new Date(failing.failing_since).getTime() >= days) {
      await giveUp(tx, scope, ENDPOINT_FAILING_REASON);
      return 'failed';
    }
    return status;
  });
}

/** Disables the endpoint (once) and queues the e-mail telling its agency why. */
async function giveUp(tx: Db, scope: { agencyId: string; endpointId: string }, reason: string) {
  const url = await disableEndpoint(tx, { ...scope, reason });
  if (url === null) return;
  if ((await queueEndpointDisabledEmails(tx, { ...scope, url, reason })) > 0) await notifyOutbox(tx, 'email');
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * `webhooks.deliver`: woken by the outbox's NOTIFY after a write records deliveries (server.ts),
 * every minute by cron as the safety net, and by itself when a retry falls due within the minute.
 * Several processes may run it at once: the claim's SKIP LOCKED and lease keep each delivery with
 * one of them. A run with nothing due costs one indexed statement, so extra runs are harmless.
 */
export function webhookDeliveryJob(options: WebhookDeliveryOptions = {}): JobDefinition<WebhookDeliveryPayload> {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
    cron: '* * * * *',
    async handle(data, { db, logger }) {
      const now = data.now;
      const ran = await deliverDueWebhooks(db, logger, { ...options, now });
      if (ran.attempted > 0) logger.debug({ ...ran }, 'webhooks delivered');
      if (!options.requeue) return;
      const due = await nextDueAt(db);
      const clock = now ? new Date(now) : new Date();
      if (due === null || due.getTime() - clock.getTime() > REQUEUE_WITHIN_MS) return;
      const at = new Date(Math.max(due.getTime(), clock.getTime() + 1000));
      // Keyed by its 5-second slot: on a queue whose policy deduplicates keys, one run per slot.
      await options.requeue(at, `due-${Math.ceil(at.getTime() / 5000)}`);
    },
  };
}

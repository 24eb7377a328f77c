import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SCHEDULE_SECONDS } from '../../../domain/webhooks/webhook.rules';
import { WEBHOOK_MESSAGES } from '../../../domain/webhooks/webhook.schema';
import type { DbHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users, webhook_endpoints } from '../../db/schema';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createTestDb } from '../../testing/test-db';
import { claimDueDeliveries, recordAttempt } from '../deliveries.queries';
import { newWebhookSecret } from '../signing';
import {
  deliverDueWebhooks,
  ENDPOINT_FAILING_REASON,
  ENDPOINT_GONE_REASON,
  webhookDeliveryJob,
  type WebhookDeliveryOptions,
} from '../webhooks.jobs';
import { insertDelivery } from '../webhooks.queries';
import { startReceiver, type Receiver } from './receiver';

/**
 * The delivery job (issue #16) against a real receiver on 127.0.0.1: signed per Standard Webhooks,
 * retried on the schedule with jitter and Retry-After, 410 and five days of failures disabling the
 * endpoint (and e-mailing the agency), 3xx not followed, slow and garbage answers recorded, the SSRF
 * guard at delivery, and each delivery sent by one run at a time. Time moves by making rows due
 * (next_attempt_at, failing_since) or by the run's clock, never by sleeping.
 */
let handle: DbHandle;
let receiver: Receiver;
let agencyId: string;
let userEmail: string;

const ALLOW = ['127.0.0.1'];
const logger = pino({ level: 'silent' });

const run = (options: WebhookDeliveryOptions & { now?: string } = {}) =>
  deliverDueWebhooks(handle.db, logger, { allowHosts: ALLOW, timeoutMs: 2000, ...options });

async function endpoint(url = receiver.url(), values: Partial<typeof webhook_endpoints.$inferInsert> = {}) {
  const secret = newWebhookSecret();
  const [row] = await handle.db
    .insert(webhook_endpoints)
    .values({ agency_id: agencyId, url, event_types: ['emission.created'], secret, ...values })
    .returning({ id: webhook_endpoints.id });
  return { id: row!.id, secret };
}

let seq = 0;
async function queue(endpointId: string) {
  const messageId = `msg_job${++seq}`;
  const id = await insertDelivery(handle.db, {
    agencyId,
    endpointId,
    eventType: 'emission.created',
    messageId,
    payload: { type: 'emission.created', timestamp: '2026-03-15T12:00:00.000Z', data: { id: seq, nome: 'Conceição' } },
  });
  return { id, messageId };
}

interface DeliveryState {
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  /** Seconds from the last attempt to the next one. */
  gap: number | null;
}

async function state(id: string): Promise<DeliveryState> {
  const res = await handle.db.execute(sql`
    SELECT status, attempts, last_status_code, last_error, last_duration_ms,
      extract(epoch FROM next_attempt_at - last_attempt_at)::float8 AS gap
    FROM webhook_deliveries WHERE id = ${id}`);
  return rowsOf<DeliveryState>(res)[0]!;
}

const makeDue = (id: string) =>
  handle.db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE id = ${id}`);

async function endpointState(id: string) {
  const res = await handle.db.execute(sql`
    SELECT enabled, disabled_reason, failing_since IS NOT NULL AS failing FROM webhook_endpoints WHERE id = ${id}`);
  return rowsOf<{ enabled: boolean; disabled_reason: string | null; failing: boolean }>(res)[0]!;
}

const disabledEmails = async (endpointId: string) =>
  rowsOf<{ to_address: string; user_id: string; data: Record<string, unknown> }>(
    await handle.db.execute(sql`
      SELECT to_address, user_id, data FROM email_outbox
      WHERE template = 'webhook.disabled' AND data->>'endpoint_id' = ${endpointId}`),
  );

beforeAll(async () => {
  handle = await createTestDb();
  const made = await createAgencyWithUser(handle.db);
  agencyId = made.agency.id;
  userEmail = made.user.email!;
  // A colleague reachable by phone only: no e-mail for them.
  await handle.db
    .insert(users)
    .values({ agency_id: agencyId, name: 'Sem Email', phone: '11987654321', password_hash: 'x' });
  receiver = await startReceiver();
});

afterEach(async () => {
  // Each test's leftovers stay out of the next test's runs.
  await handle.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'pending'`);
  receiver.answer((_req, res) => res.writeHead(204).end());
});

afterAll(async () => {
  await receiver?.close();
  await handle?.close();
});

describe('a delivery', () => {
  it('POSTs the stored payload, signed per Standard Webhooks at the attempt’s time, and records it delivered', async () => {
    const { id: endpointId, secret } = await endpoint();
    await handle.db.execute(sql`UPDATE webhook_endpoints SET failing_since = now() WHERE id = ${endpointId}`);
    const { id, messageId } = await queue(endpointId);
    const before = Math.floor(Date.now() / 1000);

    expect(await run()).toEqual({ attempted: 1, delivered: 1, failed: 0 });
    const [got] = receiver.of(messageId);
    expect(got!.path).toBe('/hook');
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Milheiro-Webhooks/1',
      'webhook-id': messageId,
    });
    expect(Number(got!.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toEqual({
      type: 'emission.created',
      timestamp: '2026-03-15T12:00:00.000Z',
      data: { id: seq, nome: 'Conceição' },
    });
    expect(await state(id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status_code: 204,
      last_error: null,
    });
    expect(await endpointState(endpointId)).toMatchObject({ enabled: true, failing: false });
    expect(await run()).toEqual({ attempted: 0, delivered: 0, failed: 0 });
  });

  it('takes any 2xx, whatever the body (garbage, NUL bytes, megabytes)', async () => {
    receiver.answer((_req, res) =>
      res.writeHead(202).end(Buffer.concat([Buffer.from([0, 255, 254, 0]), Buffer.alloc(1 << 20, 7)])),
    );
    const { id } = await queue((await endpoint()).id);
    await run();
    expect(await state(id)).toMatchObject({ status: 'delivered', last_status_code: 202 });
  });
});

describe('retries', () => {
  it('follows the schedule with ±20 % jitter, the same webhook-id every time, then fails after the last attempt', async () => {
    receiver.answer((_req, res) => res.writeHead(500).end('erro interno'));
    const { id: endpointId, secret } = await endpoint();
    const { id, messageId } = await queue(endpointId);
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await run();
      const s = await state(id);
      expect(s.attempts).toBe(attempt);
      expect(s.last_status_code).toBe(500);
      expect(s.last_error).toBe('O endereço respondeu HTTP 500: erro interno');
      if (attempt < WEBHOOK_MAX_ATTEMPTS) {
        const planned = WEBHOOK_RETRY_SCHEDULE_SECONDS[attempt - 1]!;
        expect(s.status).toBe('pending');
        expect(s.gap).toBeGreaterThanOrEqual(planned * 0.8 - 0.001);
        expect(s.gap).toBeLessThanOrEqual(planned * 1.2 + 0.001);
        expect(await run()).toMatchObject({ attempted: 0 }); // not due yet
        await makeDue(id);
      } else {
        expect(s.status).toBe('failed');
      }
    }
    const got = receiver.of(messageId);
    expect(got).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    for (const r of got)
      expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(await endpointState(endpointId)).toMatchObject({ enabled: true, failing: true });
  });

  it.each([
    ['delay-seconds', () => '120', 120],
    ['an HTTP date', () => new Date(Date.now() + 7200_000).toUTCString(), 7200],
  ])('honours a later Retry-After given as %s', async (_, retryAfter, seconds) => {
    receiver.answer((_req, res) => res.writeHead(503, { 'retry-after': retryAfter() }).end());
    const { id } = await queue((await endpoint()).id);
    await run();
    const s = await state(id);
    expect(s).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503 });
    expect(Math.abs(s.gap! - seconds)).toBeLessThan(2);
  });

  it('comes back by itself when a retry falls due within the minute, not otherwise', async () => {
    receiver.answer((_req, res) => res.writeHead(500).end());
    const requeue = vi.fn<(startAfter: Date, key: string) => Promise<null>>(async () => null);
    const job = webhookDeliveryJob({ allowHosts: ALLOW, timeoutMs: 2000, requeue });
    const context = { db: handle.db, logger, job: {} as never };
    const { id } = await queue((await endpoint()).id);
    const started = Date.now();
    await job.handle({}, context);
    expect(requeue).toHaveBeenCalledTimes(1);
    const [at] = requeue.mock.calls[0]!;
    expect(at.getTime() - started).toBeGreaterThanOrEqual(3000);
    expect(at.getTime() - started).toBeLessThanOrEqual(7000);

    await makeDue(id);
    requeue.mockClear();
    await job.handle({}, context); // second failure: next attempt in about 5 minutes
    expect(await state(id)).toMatchObject({ attempts: 2, status: 'pending' });
    expect(requeue).not.toHaveBeenCalled();
  });
});

describe('failures the receiver answers', () => {
  it('410 disables the endpoint at once, fails what was pending for it and e-mails every user with an address', async () => {
    receiver.answer((_req, res) => res.writeHead(410).end());
    const { id: endpointId } = await endpoint();
    const { id } = await queue(endpointId);
    const later = await queue(endpointId);
    await handle.db.execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 hour' WHERE id = ${later.id}`,
    );

    await run();
    expect(await state(id)).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 });
    expect(await state(later.id)).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: `Endpoint desativado: ${ENDPOINT_GONE_REASON}`,
    });
    expect(await endpointState(endpointId)).toMatchObject({ enabled: false, disabled_reason: ENDPOINT_GONE_REASON });
    const emails = await disabledEmails(endpointId);
    expect(emails).toEqual([
      expect.objectContaining({
        to_address: userEmail,
        data: { endpoint_id: endpointId, url: receiver.url(), reason: ENDPOINT_GONE_REASON },
      }),
    ]);
  });

  it('does not follow a redirect: 3xx is a failure to retry, the target never asked', async () => {
    receiver.answer((req, res) =>
      req.path === '/hook'
        ? res.writeHead(302, { location: receiver.url('/elsewhere') }).end()
        : res.writeHead(200).end(),
    );
    const { id, messageId } = await queue((await endpoint()).id);
    await run();
    expect(receiver.of(messageId).map((r) => r.path)).toEqual(['/hook']);
    expect(await state(id)).toMatchObject({
      status: 'pending',
      last_status_code: 302,
      last_error: 'Redirecionamento (HTTP 302) não é seguido: atualize a URL do endpoint',
    });
  });

  it('cuts a slow receiver at the timeout and records why', async () => {
    receiver.answer((_req, res) => {
      setTimeout(() => res.writeHead(200).end(), 3000).unref();
    });
    const { id } = await queue((await endpoint()).id);
    const started = Date.now();
    await run({ timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2500);
    const s = await state(id);
    expect(s).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: 'Tempo esgotado: sem resposta em 0,3 s',
    });
    expect(s.last_duration_ms).toBeGreaterThanOrEqual(250);
  });

  it('keeps a garbage error body as one short printable line', async () => {
    receiver.answer((_req, res) =>
      res.writeHead(500).end(Buffer.concat([Buffer.from('falhou\u0000\n\u0007'), Buffer.alloc(10_000, 'x')])),
    );
    const { id } = await queue((await endpoint()).id);
    await run();
    const { last_error } = await state(id);
    expect(last_error).toMatch(/^O endereço respondeu HTTP 500: falhou x+…$/);
    expect(last_error!.length).toBeLessThan(260);
  });

  it('records a refused connection', async () => {
    const closed = await startReceiver();
    const url = closed.url();
    await closed.close();
    const { id } = await queue((await endpoint(url)).id);
    await run();
    expect(await state(id)).toMatchObject({ status: 'pending', last_error: 'Conexão recusada pelo servidor' });
  });
});

describe('an endpoint failing for days', () => {
  it('is disabled after five days without a success, its users e-mailed once; four days is not enough', async () => {
    receiver.answer((_req, res) => res.writeHead(500).end());
    const four = await endpoint();
    const six = await endpoint();
    await handle.db.execute(
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = ${four.id}`,
    );
    await handle.db.execute(
      sql`UPDATE webhook_endpoints SET failing_since = now() - interval '6 days' WHERE id = ${six.id}`,
    );
    const a = await queue(four.id);
    const b = await queue(six.id);
    const c = await queue(six.id);
    await handle.db.execute(
      sql`UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 hour' WHERE id = ${c.id}`,
    );

    await run();
    expect(await endpointState(four.id)).toMatchObject({ enabled: true, failing: true });
    expect(await state(a.id)).toMatchObject({ status: 'pending' });
    expect(await endpointState(six.id)).toMatchObject({ enabled: false, disabled_reason: ENDPOINT_FAILING_REASON });
    expect(await state(b.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await state(c.id)).toMatchObject({ status: 'failed', attempts: 0 });
    expect((await disabledEmails(six.id)).map((e) => [e.to_address, e.data.reason])).toEqual([
      [userEmail, ENDPOINT_FAILING_REASON],
    ]);
    expect(await disabledEmails(four.id)).toEqual([]);

    await run();
    expect(await disabledEmails(six.id)).toHaveLength(1);
  });

  it('fails what is still queued for an endpoint already disabled, without sending it', async () => {
    const { id: endpointId } = await endpoint(receiver.url(), { enabled: false });
    const { id, messageId } = await queue(endpointId);
    expect(await run()).toMatchObject({ attempted: 0, failed: 1 });
    expect(await state(id)).toMatchObject({ status: 'failed', attempts: 0, last_error: 'Endpoint desativado' });
    expect(receiver.of(messageId)).toEqual([]);
  });
});

describe('SSRF at delivery', () => {
  it.each([
    [
      'the allow-listed receiver over http, by a job without the allow-list',
      () => receiver.url(),
      WEBHOOK_MESSAGES.urlHttps,
    ],
    ['an address inside the network', () => `https://127.0.0.1:${receiver.port}/hook`, WEBHOOK_MESSAGES.urlInternal],
    ['a name resolving to loopback', () => `https://localhost:${receiver.port}/hook`, WEBHOOK_MESSAGES.urlInternal],
  ])('refuses %s, recording why and sending nothing', async (_, url, message) => {
    const { id, messageId } = await queue((await endpoint(url())).id);
    const before = receiver.received.length;
    await run({ allowHosts: [] });
    expect(await state(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_error: message,
    });
    expect(receiver.of(messageId)).toEqual([]);
    expect(receiver.received.length).toBe(before);
  });
});

describe('several runs at once', () => {
  it('never send one delivery twice at the same time', async () => {
    receiver.answer((_req, res) => setTimeout(() => res.writeHead(200).end(), 20));
    const { id: endpointId } = await endpoint();
    const queued = [];
    for (let i = 0; i < 40; i++) queued.push(await queue(endpointId));
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(40);
    for (const { id, messageId } of queued) {
      expect(receiver.of(messageId)).toHaveLength(1);
      expect(await state(id)).toMatchObject({ status: 'delivered', attempts: 1 });
    }
  });

  it('a run that outlived its lease records nothing; its rows went to the next run after the lease (at-least-once)', async () => {
    const { id: endpointId } = await endpoint();
    const { id, messageId } = await queue(endpointId);
    const now = new Date();
    // A process claims the row and dies (or stalls) holding it.
    const [stale] = await claimDueDeliveries(handle.db, { now, lease: new Date(now.getTime() + 300_000), limit: 100 });
    expect(stale?.id).toBe(id);
    expect(await run()).toMatchObject({ attempted: 0 }); // held by the lease

    await run({ now: new Date(now.getTime() + 301_000).toISOString() });
    expect(receiver.of(messageId)).toHaveLength(1);
    expect(await state(id)).toMatchObject({ status: 'delivered' });
    const late = await recordAttempt(handle.db, {
      agencyId,
      id,
      lease: stale!.lease,
      at: new Date(),
      status: 'failed',
      attempted: true,
      nextAttemptAt: null,
      statusCode: 500,
      error: 'tarde demais',
      durationMs: 1,
    });
    expect(late).toBe(false);
    expect(await state(id)).toMatchObject({ status: 'delivered', last_error: null });
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app';
import { TEST_PASSWORD_COST } from '../../auth/password';
import type { DbHandle } from '../../db/client';
import { EventHub } from '../../events/event-hub';
import { JobQueue, type JobDefinition } from '../../jobs/job-queue';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { parseScrape, sampleValue, type Scrape } from '../../testing/prometheus';
import { call, signIn } from '../../testing/test-app';
import { createTestDb } from '../../testing/test-db';
import { Metrics, OTHER_ROUTE } from '../metrics';
import { isLoopback, METRICS_MESSAGES, metricsAccess } from '../ops.routes';

/**
 * GET /metrics (issue #21): Prometheus text from prom-client, read back with a text-format parser,
 * from a real server on the engine under test with its real-time hub and a job queue.
 */
const logger = pino({ level: 'silent' });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const FAILING_QUEUE = 'test.metrics-fails';
const WAITING_QUEUE = 'test.metrics-waits';
const TOKEN = 'token-das-metricas-0123456789';

/** This machine's address on a network (not loopback), to reach the server as another machine would. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

let handle: DbHandle;
let hub: EventHub;
let jobs: JobQueue;
let app: App;
let server: ServerType;
let port: number;

const failing: JobDefinition = {
  name: FAILING_QUEUE,
  queue: { retryLimit: 0 },
  async handle() {
    throw new Error('falha planejada');
  },
};
const waiting: JobDefinition = { name: WAITING_QUEUE, queue: { retryLimit: 0 }, async handle() {} };

beforeAll(async () => {
  handle = await createTestDb();
  hub = new EventHub({ listen: handle.listen, db: handle.db, logger });
  await hub.start();
  const metrics = new Metrics({ poolStats: handle.poolStats, eventHub: hub });
  jobs = new JobQueue({
    connection: handle.jobConnection,
    db: handle.db,
    logger,
    definitions: [failing, waiting],
    pollingIntervalSeconds: 0.5,
    onFailure: (queue) => metrics.jobFailed(queue),
  });
  metrics.watchJobs(jobs);
  await jobs.start();
  app = createApp({
    db: handle.db,
    logger,
    eventHub: hub,
    metrics,
    trustProxy: true,
    passwordCost: TEST_PASSWORD_COST,
  });
  // Every interface: reached through loopback and through this machine's network address.
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '0.0.0.0' }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await jobs?.stop(2_000);
  await hub?.stop();
  await handle?.close();
});

const local = (p: string) => `http://127.0.0.1:${port}${p}`;

async function scrape(): Promise<{ scrape: Scrape; text: string }> {
  const res = await fetch(local('/metrics'));
  expect(res.status).toBe(200);
  const text = await res.text();
  return { scrape: parseScrape(text), text };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const requests = (s: Scrape, method: string, route: string, status: string) =>
  sampleValue(s, 'milheiro_http_requests_total', { method, route, status }) ?? 0;

describe('GET /metrics', () => {
  it('serves the Prometheus text format to this machine without a session, with the process figures', async () => {
    const res = await fetch(local('/metrics'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const s = parseScrape(await res.text());
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'milheiro_http_requests_total',
      'milheiro_http_request_duration_seconds',
      'milheiro_realtime_streams_open',
      'milheiro_db_pool_max_connections',
      'milheiro_db_pool_open_connections',
      'milheiro_job_failures_total',
      'milheiro_job_queue_depth',
      'milheiro_job_queue_active',
      'milheiro_job_queue_failed',
    ]) {
      expect(s.has(name), name).toBe(true);
    }
    expect(s.get('milheiro_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(sampleValue(s, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  });

  it('counts and times requests by method, route pattern and status, keeping unknown paths to one label', async () => {
    const before = (await scrape()).scrape;
    const id = randomUUID();
    for (let i = 0; i < 3; i++) expect((await fetch(local('/api/health'))).status).toBe(200);
    expect((await fetch(local(`/api/v1/clients/${id}`))).status).toBe(401);
    expect((await fetch(local(`/api/no-such-route/${id}`))).status).toBe(404);
    expect((await fetch(local(`/nada/${id}.png`))).status).toBe(404);

    const { scrape: after, text } = await scrape();
    expect(requests(after, 'GET', '/api/health', '200')).toBe(requests(before, 'GET', '/api/health', '200') + 3);
    expect(requests(after, 'GET', '/api/v1/clients/:id', '401')).toBe(
      requests(before, 'GET', '/api/v1/clients/:id', '401') + 1,
    );
    expect(requests(after, 'GET', OTHER_ROUTE, '404')).toBe(requests(before, 'GET', OTHER_ROUTE, '404') + 2);
    // The previous scrape, counted once it was answered.
    expect(requests(after, 'GET', '/metrics', '200')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    // The parser folds a labelled histogram's series together, so its count is read from the text.
    const count = text.match(
      /^milheiro_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} (\d+)$/m,
    );
    expect(Number(count?.[1])).toBe(requests(after, 'GET', '/api/health', '200'));
  });

  it('reports the real-time streams open', async () => {
    const made = await createAgencyWithUser(handle.db);
    const cookie = await signIn(app, made);
    const streams = async () => sampleValue((await scrape()).scrape, 'milheiro_realtime_streams_open');
    expect(await streams()).toBe(0);
    const aborts = [new AbortController(), new AbortController()];
    for (const abort of aborts) {
      const res = await fetch(local('/api/v1/events'), { headers: { cookie }, signal: abort.signal });
      expect(res.status).toBe(200);
    }
    await until(streams, (n) => n === 2);
    aborts[0]!.abort();
    await until(streams, (n) => n === 1);
    aborts[1]!.abort();
    await until(streams, (n) => n === 0);
  });

  it("reports the job queue: failures of this process's handlers, and each queue's depth", async () => {
    const failures = async () =>
      sampleValue((await scrape()).scrape, 'milheiro_job_failures_total', { queue: FAILING_QUEUE });
    expect(await failures()).toBeUndefined();
    await jobs.send(FAILING_QUEUE, {});
    await until(failures, (n) => n === 1);
    await jobs.send(FAILING_QUEUE, {});
    await until(failures, (n) => n === 2);

    // Two jobs due in an hour wait in their queue; the depth is pg-boss's count as of its last monitoring pass.
    await jobs.send(WAITING_QUEUE, {}, { startAfter: 3600 });
    await jobs.send(WAITING_QUEUE, {}, { startAfter: 3600 });
    await jobs.boss.supervise(WAITING_QUEUE);
    await jobs.boss.supervise(FAILING_QUEUE);
    const s = (await scrape()).scrape;
    expect(sampleValue(s, 'milheiro_job_queue_depth', { queue: WAITING_QUEUE })).toBe(2);
    expect(sampleValue(s, 'milheiro_job_queue_active', { queue: WAITING_QUEUE })).toBe(0);
    expect(sampleValue(s, 'milheiro_job_queue_failed', { queue: FAILING_QUEUE })).toBe(2);
  });

  it(`reports the database pool${onPostgres ? '' : ' (the embedded database: one connection)'}`, async () => {
    const s = (await scrape()).scrape;
    if (onPostgres) {
      expect(sampleValue(s, 'milheiro_db_pool_max_connections')).toBe(20);
      const open = sampleValue(s, 'milheiro_db_pool_open_connections')!;
      expect(open).toBeGreaterThanOrEqual(1);
      expect(sampleValue(s, 'milheiro_db_pool_idle_connections')).toBeLessThanOrEqual(open);
      expect(sampleValue(s, 'milheiro_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(sampleValue(s, 'milheiro_db_pool_max_connections')).toBe(1);
      expect(sampleValue(s, 'milheiro_db_pool_open_connections')).toBe(1);
      expect(s.has('milheiro_db_pool_idle_connections')).toBe(false);
    }
  });

  it.skipIf(!networkAddress)(
    'without METRICS_TOKEN, refuses a connection from another address with 403, whatever X-Forwarded-For says',
    async () => {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
        const res = await fetch(`http://${networkAddress}:${port}/metrics`, { headers });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: { code: 'FORBIDDEN', message: METRICS_MESSAGES.forbidden } });
      }
      expect((await fetch(`http://${networkAddress}:${port}/api/health`)).status).toBe(200);
    },
  );

  it('with METRICS_TOKEN, answers 401 without the token or with another, and the text with it, from anywhere', async () => {
    const withToken = createApp({ db: handle.db, logger, metricsToken: TOKEN });
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer outro-token-0123456789' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of wrong) {
      const res = await call(withToken, 'GET', '/metrics', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHENTICATED', message: METRICS_MESSAGES.unauthorized } });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    // app.request has no socket: not this machine, so only the token lets it in.
    const res = await call(withToken, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(parseScrape(res.body as string).has('milheiro_http_requests_total')).toBe(true);
    expect(
      sampleValue(parseScrape(res.body as string), 'milheiro_http_requests_total', {
        method: 'GET',
        route: '/metrics',
        status: '401',
      }),
    ).toBe(3);
  });

  it('is neither the web app nor behind the session: without a socket and a token it is 403, not the app shell', async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'milheiro-metrics-web-'));
    try {
      writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Milheiro</title>');
      const withWeb = createApp({ db: handle.db, logger, webDir });
      const res = await call(withWeb, 'GET', '/metrics');
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await call(withWeb, 'GET', '/clientes')).headers.get('content-type')).toContain('text/html');
      expect((await call(withWeb, 'GET', '/api/ready')).status).toBe(200);
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('who may read /metrics', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.2', false],
    ['::ffff:10.0.0.1', false],
    ['fd00::2', false],
    ['localhost', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });

  it.each([
    [undefined, undefined, '127.0.0.1', 'allowed'],
    [undefined, `Bearer ${TOKEN}`, '10.1.2.3', 'forbidden'],
    [undefined, undefined, undefined, 'forbidden'],
    [TOKEN, `Bearer ${TOKEN}`, '10.1.2.3', 'allowed'],
    [TOKEN, `bearer ${TOKEN}`, undefined, 'allowed'],
    [TOKEN, undefined, '127.0.0.1', 'unauthorized'],
    [TOKEN, `Bearer ${TOKEN}x`, '127.0.0.1', 'unauthorized'],
    [TOKEN, `Bearer ${TOKEN.slice(0, -1)}`, '127.0.0.1', 'unauthorized'],
    [TOKEN, `Basic ${TOKEN}`, '127.0.0.1', 'unauthorized'],
  ] as const)('token %s, Authorization %s, from %s: %s', (token, authorization, remoteAddress, access) => {
    expect(metricsAccess({ token, authorization, remoteAddress })).toBe(access);
  });
});

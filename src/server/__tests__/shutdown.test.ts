import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SHUTTING_DOWN_MESSAGE } from '../http/lifecycle';
import { validCpf } from '../testing/factories/client.factory';
import { createDatabase, dropDatabase, urlOfDatabase } from '../testing/db-template';
import { spawnServer, waitUntilUp } from '../testing/server-process';

/**
 * Shutdown that drops nothing (issue #21), on the real process and PostgreSQL: SIGTERM in the middle
 * of a steady load of emission creations. Every answer is checked against the database afterwards.
 *
 * To make "requests in flight at SIGTERM finish" deterministic, the test holds a lock on the lot
 * just before the signal: every loop's request is then waiting inside its transaction, and is
 * released only after the server has begun stopping.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const LOOPS = 8;
const SHUTDOWN_TIMEOUT_SECONDS = 15;
const LOT_MILES = 10_000_000;
const MILES_PER_EMISSION = 1000;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Attempt {
  pnr: string;
  sentAt: number;
  answeredAt?: number;
  status?: number;
  /** No answer: the connection was refused, reset or closed before one came. */
  error?: string;
}

/** A request whose headers are only partly sent: its connection is busy, not idle, when SIGTERM comes. */
function halfSentRequest(port: number, head: string, rest: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(head);
  return {
    async finish() {
      socket.write(rest);
      await closed;
      const [headers = '', body = ''] = received.split('\r\n\r\n');
      const lines = headers.split('\r\n');
      const header = (name: string) =>
        lines
          .find((l) => l.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      return { status: Number(lines[0]?.split(' ')[1]), header, body };
    },
  };
}

/** The real entry point on a scratch database copied from the run's migrated template. */
async function startServer(env: Record<string, string> = {}) {
  const dbName = `milheiro_shutdown_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl!, dbName, inject('dbTemplate'));
  cleanups.push(() => dropDatabase(serverUrl!, dbName));
  const dbUrl = urlOfDatabase(serverUrl!, dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'milheiro-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const server = await spawnServer({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    MIGRATION_DATABASE_URL: '',
    ...env,
  });
  cleanups.push(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await waitUntilUp(server, 30_000);

  // The test reads and locks as the owner.
  const owner = new Client({ connectionString: dbUrl });
  await owner.connect();
  cleanups.push(() => owner.end());
  return { ...server, dbName, owner };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** A user, a client with its account, and a lot with plenty of miles, all through the API. */
async function seed({ url }: Server) {
  const signUp = await fetch(`${url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      agency: { legal_name: 'Agência Estável Ltda', trade_name: 'Estável', cnpj: '11222333000181' },
      user: { name: 'Bia Torres', email: 'bia@estavel.com', password: 'Segura123' },
    }),
  });
  expect(signUp.status).toBe(201);
  const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { 'content-type': 'application/json', cookie, origin: url };
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${url}/api/v1${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const client = await post('/clients', {
    name: 'Cliente Constante',
    document: validCpf(424_242),
    loyalty_accounts: [{ program: 'LATAM', account_number: 'STOP-1' }],
  });
  expect(client.status).toBe(201);
  const accounts = await (await fetch(`${url}/api/v1/accounts?client_id=${client.body.id}`, { headers })).json();
  const accountId: string = accounts.data[0].id;
  const lot = await post('/lots', {
    program: 'LATAM',
    account_id: accountId,
    original_quantity: String(LOT_MILES),
    cost_per_mile: '0,02',
    purchase_date: '2025-01-02',
    expiry_date: '2099-01-01',
  });
  expect(lot.status).toBe(201);
  const emission = (pnr: string) => ({
    client_id: client.body.id,
    account_id: accountId,
    route: 'NAT-GRU',
    miles_used: String(MILES_PER_EMISSION),
    revenue_cents: 100_000,
    pnr,
    passengers: [{ name: 'Cliente Constante', cpf: validCpf(424_242) }],
  });
  return { cookie, headers, lotId: lot.body.id as string, emission };
}

/**
 * The steady load: LOOPS keep-alive loops creating emissions, each with its own PNR, until the
 * server refuses connections.
 */
function load({ url }: Server, { headers, emission }: Awaited<ReturnType<typeof seed>>) {
  const attempts: Attempt[] = [];
  let pnrs = 0;
  const state = { stopping: false };
  const loop = async () => {
    while (!state.stopping) {
      const attempt: Attempt = { pnr: `P${String(++pnrs).padStart(6, '0')}`, sentAt: performance.now() };
      attempts.push(attempt);
      try {
        const res = await fetch(`${url}/api/v1/emissions`, {
          method: 'POST',
          headers,
          body: JSON.stringify(emission(attempt.pnr)),
        });
        await res.arrayBuffer();
        attempt.status = res.status;
        attempt.answeredAt = performance.now();
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        attempt.error = cause?.code ?? cause?.message ?? String(err);
        if (attempt.error === 'ECONNREFUSED') return;
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, loop);
  const stop = async () => {
    state.stopping = true;
    await Promise.all(loops);
  };
  cleanups.push(stop);
  return { attempts, stop, inFlight: () => attempts.filter((a) => a.status === undefined && a.error === undefined) };
}

/** Locks the lot as the owner and waits until every loop's request waits on it, inside its transaction. */
async function holdTheLot({ owner, dbName }: Server, lotId: string) {
  await owner.query('BEGIN');
  await owner.query('SELECT id FROM mile_lots WHERE id = $1 FOR UPDATE', [lotId]);
  await until(async () => {
    const { rows } = await owner.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
      [dbName],
    );
    return rows[0]!.n >= LOOPS;
  }, 'every loop to wait on the lot');
  return () => owner.query('COMMIT');
}

/** The emissions in the database by PNR, with their allocated miles, and the lot's kept and recounted figures. */
async function readBack({ owner }: Server, lotId: string) {
  const { rows: created } = await owner.query<{ pnr: string; miles_used: number; allocated: number }>(
    `SELECT e.pnr, e.miles_used,
            coalesce(sum(a.miles) FILTER (WHERE a.released_at IS NULL), 0)::int AS allocated
     FROM emissions e LEFT JOIN emission_allocations a ON a.emission_id = e.id
     WHERE e.deleted_at IS NULL GROUP BY e.agency_id, e.id, e.pnr, e.miles_used`,
  );
  const { rows: lots } = await owner.query<{ original: number; remaining: number; allocated: number }>(
    `SELECT l.original_quantity AS original, l.remaining_quantity AS remaining,
            (SELECT coalesce(sum(miles), 0)::int FROM emission_allocations
             WHERE lot_id = l.id AND released_at IS NULL) AS allocated
     FROM mile_lots l WHERE l.id = $1`,
    [lotId],
  );
  return { emissions: new Map(created.map((r) => [r.pnr, r])), lot: lots[0]! };
}

/**
 * What every test asserts at the end: each 201 has its emission with its allocation, each other
 * status has none, an unanswered request left nothing half-written, nothing unknown was written,
 * and the lot's remaining miles agree with a recount.
 */
function expectConsistent(attempts: readonly Attempt[], db: Awaited<ReturnType<typeof readBack>>) {
  const accepted = attempts.filter((a) => a.status === 201);
  const refused = attempts.filter((a) => a.status !== undefined && a.status !== 201);
  const unanswered = attempts.filter((a) => a.status === undefined);
  for (const a of accepted) {
    expect(db.emissions.get(a.pnr), `accepted ${a.pnr} lost`).toMatchObject({
      miles_used: MILES_PER_EMISSION,
      allocated: MILES_PER_EMISSION,
    });
  }
  for (const a of refused) expect(db.emissions.has(a.pnr), `refused ${a.pnr} written`).toBe(false);
  for (const a of unanswered) {
    if (db.emissions.has(a.pnr)) expect(db.emissions.get(a.pnr)!.allocated).toBe(MILES_PER_EMISSION);
  }
  const sent = new Set(attempts.map((a) => a.pnr));
  expect([...db.emissions.keys()].filter((pnr) => !sent.has(pnr))).toEqual([]);
  expect(db.lot.remaining).toBe(db.lot.original - db.lot.allocated);
  expect(db.lot.allocated).toBe(db.emissions.size * MILES_PER_EMISSION);
  return { accepted, refused, unanswered };
}

function report(what: string, attempts: readonly Attempt[], sigtermAt: number, stoppedInMs: number) {
  const accepted = attempts.filter((a) => a.status === 201);
  const refused = attempts.filter((a) => a.status !== undefined && a.status !== 201);
  const unanswered = attempts.filter((a) => a.status === undefined);
  const after = accepted.filter((a) => a.answeredAt! > sigtermAt).length;
  const list = (values: unknown[]) => [...new Set(values)].join(', ') || 'none';
  console.info(
    `${what}: ${attempts.length} requests, ${accepted.length} created (${after} answered after SIGTERM), ` +
      `${refused.length} refused (${list(refused.map((a) => a.status))}), ` +
      `${unanswered.length} unanswered (${list(unanswered.map((a) => a.error))}); exited ${Math.round(stoppedInMs)} ms after SIGTERM`,
  );
}

describe.skipIf(!serverUrl)('shutdown under load (PostgreSQL)', () => {
  it('answers or refuses every request, finishes those in flight, ends the streams with a retry hint, and exits 0', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS) });
    const { child, url, port } = server;
    const seeded = await seed(server);

    // An open real-time stream.
    const events = await fetch(`${url}/api/v1/events`, { headers: { cookie: seeded.cookie } });
    expect(events.status).toBe(200);
    let streamText = '';
    const streamEnded = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of events.body!) streamText += decoder.decode(chunk, { stream: true });
    })();

    const traffic = load(server, seeded);
    await sleep(1000);
    expect(traffic.attempts.filter((a) => a.status === 201).length).toBeGreaterThan(0);

    // Requests that reach the app only after SIGTERM, on connections already open: a write, a probe.
    const lateBody = JSON.stringify(seeded.emission('LATE503'));
    const halfPost = halfSentRequest(
      port,
      `POST /api/v1/emissions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`,
      `Content-Type: application/json\r\nCookie: ${seeded.cookie}\r\nOrigin: ${url}\r\n` +
        `Content-Length: ${Buffer.byteLength(lateBody)}\r\n\r\n${lateBody}`,
    );
    const halfReady = halfSentRequest(port, `GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`, '\r\n');

    const release = await holdTheLot(server, seeded.lotId);
    const inFlightAtSigterm = traffic.inFlight();
    expect(inFlightAtSigterm).toHaveLength(LOOPS);
    const sigtermAt = performance.now();
    child.kill('SIGTERM');
    await until(() => server.output().includes('shutting down'), 'the server to begin stopping');

    // The stream ends with a retry hint while the requests are still in flight.
    await streamEnded;
    expect(streamText.trimEnd()).toMatch(/\n\nretry: \d+$/);
    expect(server.output()).not.toContain('database closed');

    // Arriving now: turned away with 503, Connection: close and Retry-After, having changed nothing.
    const late = await halfPost.finish();
    expect(late.status).toBe(503);
    expect(late.header('connection')).toBe('close');
    expect(Number(late.header('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(late.body)).toEqual({ error: { code: 'SHUTTING_DOWN', message: SHUTTING_DOWN_MESSAGE } });
    const ready = await halfReady.finish();
    // /api/ready may not exist yet (404): then only the flag is there, not its probe.
    if (ready.status !== 404) expect(ready.status).toBe(503);

    await sleep(300);
    await release();
    const code = await server.exited;
    const stoppedInMs = performance.now() - sigtermAt;
    await traffic.stop();

    expect(code, server.output()).toBe(0);
    expect(stoppedInMs).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS * 1000);
    expect(server.output()).toContain('database closed');
    expect(server.output()).not.toContain('shutdown deadline reached');

    // Every request in flight at SIGTERM was answered, after it, with its emission created.
    for (const a of inFlightAtSigterm) {
      expect(a.status, a.pnr).toBe(201);
      expect(a.answeredAt!).toBeGreaterThan(sigtermAt);
    }
    const db = await readBack(server, seeded.lotId);
    expectConsistent([...traffic.attempts, { pnr: 'LATE503', sentAt: 0, status: late.status }], db);
    report('shutdown under load', traffic.attempts, sigtermAt, stoppedInMs);
  }, 45_000);

  it('past SHUTDOWN_TIMEOUT_SECONDS drops the requests still running, exits 1 and loses no accepted write', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const seeded = await seed(server);
    const traffic = load(server, seeded);
    await sleep(500);

    // Held past the deadline: the requests in flight cannot finish.
    const release = await holdTheLot(server, seeded.lotId);
    const inFlightAtSigterm = traffic.inFlight();
    const sigtermAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const stoppedInMs = performance.now() - sigtermAt;
    await release();
    await traffic.stop();

    expect(code).toBe(1);
    expect(stoppedInMs).toBeGreaterThanOrEqual(1900);
    expect(stoppedInMs).toBeLessThan(6000);
    expect(server.output()).toContain('shutdown deadline reached');
    // Their connections dropped: no answer, and their transactions rolled back with the process.
    const db = await readBack(server, seeded.lotId);
    for (const a of inFlightAtSigterm) {
      expect(a.status, a.pnr).toBeUndefined();
      expect(db.emissions.has(a.pnr), a.pnr).toBe(false);
    }
    expectConsistent(traffic.attempts, db);
    report('shutdown past its deadline', traffic.attempts, sigtermAt, stoppedInMs);
  }, 45_000);
});

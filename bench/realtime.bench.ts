/**
 * Real-time updates (issue #16): "an emission created through process A reaches a browser
 * connected to process B in ≤ 1 s p95; 200 open SSE streams cost the server ≤ 50 MB".
 *
 * - On PostgreSQL, two app "processes" in this one: each its own pool, LISTEN connection and
 *   EventHub. A stream is open on B; emissions are created through A's POST /api/v1/emissions;
 *   the figure is from sending the request to the event arriving on B's stream. Yardstick in the
 *   same run: a bare pg_notify on one connection reaching a LISTEN on another. On PGlite (one
 *   process by design) the same through one app.
 * - 200 streams opened against a real HTTP server on 127.0.0.1: the process's memory before and
 *   after (client and server share the process, so this is an upper bound of the server's cost).
 *
 *   npm run bench realtime
 *   BENCH_ENGINE=PostgreSQL BENCH_REALTIME_EMISSIONS=100 npm run bench realtime
 */
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp, type App } from '../src/server/app';
import { createDb, type DbHandle } from '../src/server/db/client';
import { EventHub } from '../src/server/events/event-hub';
import { createLoyaltyAccountRow } from '../src/server/testing/factories/account.factory';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { createClientRow, validCpf } from '../src/server/testing/factories/client.factory';
import { createLotRow } from '../src/server/testing/factories/lot.factory';
import { readServerSentEvents } from '../src/server/testing/sse';
import { fmt, forEachEngine, signedInGet, stats } from './lib';

const STREAMS = 200;
const logger = pino({ level: 'silent' });

async function secondProcess(
  handle: DbHandle,
): Promise<{ app: App; hub: EventHub; listen: DbHandle['listen']; close(): Promise<void>; label: string }> {
  const conn = handle.jobConnection;
  if (conn.kind === 'postgres') {
    const other = await createDb({ kind: 'postgres', url: conn.url, poolSize: 4 });
    const hub = new EventHub({ listen: other.listen, db: other.db, logger });
    await hub.start();
    return {
      app: createApp({ db: other.db, logger, eventHub: hub }),
      hub,
      listen: other.listen,
      label: 'A → B (two pools, two LISTEN connections)',
      close: async () => {
        await hub.stop();
        await other.close();
      },
    };
  }
  const hub = new EventHub({ listen: handle.listen, db: handle.db, logger });
  await hub.start();
  return {
    app: createApp({ db: handle.db, logger, eventHub: hub }),
    hub,
    listen: handle.listen,
    label: 'one process',
    close: () => hub.stop(),
  };
}

export async function runRealtimeBench() {
  const count = Number(process.env.BENCH_REALTIME_EMISSIONS ?? 50);
  console.log(`\n# Real-time: ${count} emissions created on A, seen on a stream of B; ${STREAMS} open streams`);
  await forEachEngine(async (engine, handle, appA) => {
    const mine = await createAgencyWithUser(handle.db);
    const agencyId = mine.agency.id;
    const client = await createClientRow(handle.db, agencyId, { name: 'Cliente Tempo Real', document: validCpf(4242) });
    const account = await createLoyaltyAccountRow(handle.db, agencyId, {
      client_id: client.id,
      program: 'LATAM',
      account_number: 'LA-RT',
    });
    await createLotRow(handle.db, agencyId, account.id, {
      original_quantity: 10_000_000,
      remaining_quantity: 10_000_000,
      cost_per_thousand: '20.0000',
      total_cost_cents: 20_000_000,
      expiry_date: '2030-12-31',
    });
    const { cookie } = await signedInGet(appA, mine);
    const b = await secondProcess(handle);
    try {
      // Latency: request sent on A → event on B's stream.
      const res = await b.app.request('http://localhost/api/v1/events', { headers: { cookie } });
      const waiting = new Map<string, (at: number) => void>();
      const { cancel: stop } = readServerSentEvents(res.body!, (data) => {
        const event = JSON.parse(data) as { type: string; data: { pnr?: string } };
        if (event.type === 'emission.created' && event.data.pnr) waiting.get(event.data.pnr)?.(performance.now());
      });
      const samples: number[] = [];
      const requestMs: number[] = [];
      for (let i = 0; i < count + 5; i++) {
        const pnr = `RT${String(i).padStart(4, '0')}`;
        const arrived = new Promise<number>((resolve) => waiting.set(pnr, resolve));
        const t = performance.now();
        const created = await appA.request('http://localhost/api/v1/emissions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            client_id: client.id,
            account_id: account.id,
            route: 'GRU-LIS',
            miles_used: 1000,
            fees_cents: 8_000,
            revenue_cents: 150_000,
            rav_cents: 0,
            pnr,
            departure_date: '2030-06-01',
            passengers: [{ name: 'Passageiro Benchmark', cpf: validCpf(777) }],
          }),
        });
        if (created.status !== 201) throw new Error(`POST /emissions → ${created.status}: ${await created.text()}`);
        const answered = performance.now();
        const at = await arrived;
        if (i >= 5) {
          samples.push(at - t);
          requestMs.push(answered - t);
        }
      }
      await stop();

      // Yardstick: a bare NOTIFY from A's pool to a LISTEN on B's side.
      const bare: number[] = [];
      let resolveBare: (() => void) | null = null;
      const unlisten = await b.listen('milheiro_bench', () => resolveBare?.());
      for (let i = 0; i < count + 5; i++) {
        const got = new Promise<void>((resolve) => (resolveBare = resolve));
        const t = performance.now();
        await handle.db.execute(sql`SELECT pg_notify('milheiro_bench', 'x')`);
        await got;
        if (i >= 5) bare.push(performance.now() - t);
      }
      await unlisten();

      console.log(`${engine.padEnd(10)} ${b.label}: emission created → event on the stream: ${fmt(stats(samples))}`);
      console.log(`${''.padEnd(10)} of which the POST itself answered in: ${fmt(stats(requestMs))}`);
      console.log(`${''.padEnd(10)} yardstick, bare pg_notify → LISTEN: ${fmt(stats(bare))}`);

      // Memory of open streams, through a real HTTP server.
      const server = serve({ fetch: b.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const { port } = server.address() as { port: number };
      global.gc?.();
      const before = process.memoryUsage();
      const stops: (() => Promise<unknown>)[] = [];
      for (let i = 0; i < STREAMS; i++) {
        const r = await fetch(`http://127.0.0.1:${port}/api/v1/events`, { headers: { cookie } });
        stops.push(readServerSentEvents(r.body!, () => undefined).cancel);
      }
      await new Promise((r) => setTimeout(r, 500));
      global.gc?.();
      const after = process.memoryUsage();
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      console.log(
        `${''.padEnd(10)} ${b.hub.openStreams} open streams: rss +${mb(after.rss - before.rss)} MB, heap +${mb(after.heapUsed - before.heapUsed)} MB (client and server together; target ≤ 50 MB)`,
      );
      await Promise.all(stops.map((s) => s()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    } finally {
      await b.close();
    }
  });
}

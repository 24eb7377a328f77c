import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createApp, type App } from '../src/server/app';
import { createDb, type DbHandle } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { generateAgencyData, vacuumAnalyze } from '../src/server/demo/generate';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

export const fmt = (s: Stats) =>
  `n=${s.n}  p50=${s.p50.toFixed(2)} ms  p95=${s.p95.toFixed(2)} ms  mean=${s.mean.toFixed(2)} ms`;

export async function time(fn: () => Promise<unknown>, n: number, warmup = 20): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

/**
 * The engines to measure: PGlite always; PostgreSQL when BENCH_DATABASE_URL (or the local server)
 * answers. BENCH_ENGINE (PGlite or PostgreSQL) keeps only that one.
 */
export async function engines(): Promise<{ name: string; open(): Promise<DbHandle> }[]> {
  const only = process.env.BENCH_ENGINE?.toLowerCase();
  return (await reachableEngines()).filter((engine) => !only || engine.name.toLowerCase() === only);
}

async function reachableEngines(): Promise<{ name: string; open(): Promise<DbHandle> }[]> {
  const list: { name: string; open(): Promise<DbHandle> }[] = [
    {
      name: 'PGlite',
      open: async () => {
        const h = await createDb({ kind: 'pglite' });
        await h.migrate();
        return h;
      },
    },
  ];
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { default: pg } = await import('pg');
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    console.log(`(PostgreSQL at ${url} not reachable: skipped)`);
    return list;
  }
  list.push({
    name: 'PostgreSQL',
    open: async () => {
      const name = `milheiro_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(url);
      u.pathname = `/${name}`;
      const h = await createDb({ kind: 'postgres', url: u.toString(), poolSize: Number(process.env.BENCH_POOL ?? 20) });
      await h.migrate();
      return {
        ...h,
        close: async () => {
          await h.close();
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  });
  return list;
}

/**
 * Runs `bench` on each engine (engines()) with a fresh database and the app over it (logs off),
 * and closes the database after it, also when it throws.
 */
export async function forEachEngine(bench: (engine: string, handle: DbHandle, app: App) => Promise<void>) {
  for (const engine of await engines()) {
    const handle = await engine.open();
    try {
      await bench(engine.name, handle, createApp({ db: handle.db, logger: pino({ level: 'silent' }) }));
    } finally {
      await handle.close();
    }
  }
}

/** What the list endpoints answer, loosely: enough for a benchmark to find pages and ids. */
export type BenchList = { total: number; total_pages: number; data: any[] } & Record<string, any>;

/**
 * Signs the user of `made` (createAgencyWithUser's answer) in through the app: its session cookie, and a GET that sends it and answers the
 * JSON of a 200 (anything else throws, with the path and the answer).
 */
export async function signedInGet(
  app: { request: (url: string, init?: RequestInit) => Response | Promise<Response> },
  made: { user: { email: string | null }; password: string },
): Promise<{ cookie: string; getJson: <T = BenchList>(path: string) => Promise<T> }> {
  const res = await app.request('http://localhost/api/v1/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: made.user.email, password: made.password }),
  });
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const getJson = async <T = BenchList>(path: string): Promise<T> => {
    const r = await app.request(`http://localhost${path}`, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`${path} → ${r.status}: ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  return { cookie, getJson };
}

/**
 * A new agency with `clients` generated clients (their accounts, lots and emissions: the demo
 * generator), the tables analysed, and its user signed in through `app` (signedInGet).
 */
export async function generatedAgency(handle: DbHandle, app: App, clients: number) {
  const mine = await createAgencyWithUser(handle.db);
  const gen = await generateAgencyData(handle.db, { agencyId: mine.agency.id, clients, userId: mine.user.id });
  await vacuumAnalyze(handle.db);
  return { mine, gen, ...(await signedInGet(app, mine)) };
}

/** The first, a middle and the last page of a list of `pages` pages, each with its name. */
export const firstMiddleLast = (pages: number) =>
  [
    ['first', 1],
    ['middle', Math.ceil(pages / 2)],
    ['last', pages],
  ] as const;

/**
 * Times GET requests of one engine by label (`only`: just the labels holding it), prints a line
 * each, and keeps them: `worst()` names the slowest list requests, by p50 and by p95.
 */
export function listTimer(
  engine: string,
  getJson: (path: string) => Promise<unknown>,
  options: { n: number; warmup: number; width: number; only?: string },
) {
  const results: { label: string; stats: Stats; list: boolean }[] = [];
  /** `list`: whether it counts for `worst()` (a list or a search, not an aggregate). */
  const measure = async (label: string, path: string, list = true) => {
    if (options.only && !label.includes(options.only)) return;
    const timed = await time(() => getJson(path), options.n, options.warmup);
    results.push({ label, stats: timed, list });
    console.log(`${engine.padEnd(10)} ${label.padEnd(options.width)} ${fmt(timed)}`);
  };
  /** Every sort of `sorts` both ways on the first, a middle and the last of `pages` pages of `path`. */
  const measureSorts = async (path: string, sorts: string[], pages: number) => {
    for (const sort of sorts) {
      for (const order of ['asc', 'desc']) {
        for (const [where, page] of firstMiddleLast(pages)) {
          await measure(
            `sort=${sort} ${order}, ${where} page (${page})`,
            `${path}?sort=${sort}&order=${order}&page=${page}`,
          );
        }
      }
    }
  };
  const worst = () => {
    const list = results.filter((r) => r.list);
    return {
      p50: list.reduce((a, b) => (b.stats.p50 > a.stats.p50 ? b : a)),
      p95: list.reduce((a, b) => (b.stats.p95 > a.stats.p95 ? b : a)),
    };
  };
  return { measure, measureSorts, worst };
}

/** Three downloads of a CSV export (after one warm-up), read to the end. */
export const timeExport = (app: App, cookie: string, path: string) =>
  time(
    async () => {
      const r = await app.request(`http://localhost${path}`, { headers: { cookie } });
      await r.arrayBuffer();
    },
    3,
    1,
  );

/**
 * The issues' large agency (#15, #18): the demo generator's agency of `clients` clients (their
 * accounts, lots and a year of emissions), its emissions copied until there are `emissions` (each
 * copy a few minutes earlier than its original, so a year still), and postings for most of them —
 * most complete, some partly posted, some posted twice, some not at all — written a month of
 * emissions per statement, through the triggers that keep the figures (migration 0024); analysed.
 */
export async function largeAgency(
  engine: string,
  handle: DbHandle,
  app: App,
  { clients, emissions }: { clients: number; emissions: number },
) {
  const made = await generatedAgency(handle, app, clients);
  const { mine, gen } = made;
  const agencyId = mine.agency.id;
  const started = performance.now();
  // Doubled (a copy of every emission so far, a few minutes earlier) until there are `emissions`.
  let count = gen.emissions;
  let copies = 0;
  while (count < emissions && count > 0) {
    copies++;
    const shift = sql`${copies * 7} * interval '1 minute'`;
    await handle.db.execute(sql`
      INSERT INTO emissions (agency_id, client_id, account_id, pnr, route, departure_date, miles_used, fees_cents,
        revenue_cents, rav_cents, miles_cost_cents, margin_cents, status, created_by, created_at, submitted_at, issued_at,
        failed_at, cancelled_at, updated_at)
      SELECT agency_id, client_id, account_id, pnr, route, departure_date, miles_used, fees_cents, revenue_cents, rav_cents,
        miles_cost_cents, margin_cents, status, created_by, created_at - ${shift}, submitted_at - ${shift},
        issued_at - ${shift}, failed_at, cancelled_at, updated_at
      FROM emissions WHERE agency_id = ${agencyId}
      LIMIT ${emissions - count}`);
    count += Math.min(count, emissions - count);
  }
  const copied = performance.now();
  // Postings as an agency keeps them: 70 % of the active emissions fully posted, 15 % revenue
  // only half received, 5 % with the fees posted twice, 10 % nothing. A month per statement.
  const months = rowsOf<{ month: string }>(
    await handle.db.execute(sql`
      SELECT DISTINCT to_char(date_trunc('month', created_at AT TIME ZONE 'America/Sao_Paulo'), 'YYYY-MM-DD') AS month
      FROM emissions WHERE agency_id = ${agencyId} ORDER BY 1`),
  ).map((r) => r.month);
  for (const month of months) {
    await handle.db.execute(sql`
      INSERT INTO financial_entries (agency_id, ref_type, emission_id, kind, category, amount_cents, payment_method, entry_date)
      SELECT e.agency_id, 'emission', e.id, x.kind, x.category, x.amount, x.method, (e.created_at AT TIME ZONE 'America/Sao_Paulo')::date
      FROM (SELECT e.*, abs(hashtext(e.id::text)) % 100 AS bucket FROM emissions e
            WHERE e.agency_id = ${agencyId} AND e.status IN ('pending', 'processing', 'issued')
              AND e.created_at >= (${month}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')
              AND e.created_at < ((${month}::date + interval '1 month')::timestamp AT TIME ZONE 'America/Sao_Paulo')) e
      CROSS JOIN LATERAL (VALUES
        ('revenue', 'revenue', CASE WHEN e.bucket < 70 OR e.bucket >= 85 THEN e.revenue_cents ELSE e.revenue_cents / 2 END, 'pix'),
        ('expense', 'fees', -e.fees_cents, 'card'),
        ('expense', 'fees', CASE WHEN e.bucket BETWEEN 85 AND 89 THEN -e.fees_cents END, 'card'),
        ('expense', 'miles_cost', -e.miles_cost_cents, NULL),
        ('expense', 'rav', -e.rav_cents, 'transfer')
      ) AS x(kind, category, amount, method)
      WHERE e.bucket < 90 AND x.amount IS NOT NULL AND x.amount <> 0`);
  }
  await vacuumAnalyze(handle.db);
  const [{ emissions: n_emissions, postings } = { emissions: 0, postings: 0 }] = rowsOf<{
    emissions: number;
    postings: number;
  }>(
    await handle.db.execute(sql`
      SELECT (SELECT count(*)::int FROM emissions WHERE agency_id = ${agencyId}) AS emissions,
        (SELECT count(*)::int FROM financial_entries WHERE agency_id = ${agencyId}) AS postings`),
  );
  const secs = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `${engine.padEnd(10)} ${n_emissions.toLocaleString('en')} emissions (${copies} doublings: ${secs(started, copied)} s), ` +
      `${postings.toLocaleString('en')} postings (${months.length} statements: ${secs(copied, performance.now())} s)`,
  );
  return { ...made, agencyId };
}

import { createDb, type DbHandle } from '../src/server/db/client';
import { randomBytes } from 'node:crypto';

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

/** The engines to measure: PGlite always; PostgreSQL when BENCH_DATABASE_URL (or the local server) answers. */
export async function engines(): Promise<{ name: string; open(): Promise<DbHandle> }[]> {
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

/** What the list endpoints answer, loosely: enough for a benchmark to find pages and ids. */
export type BenchList = { total: number; total_pages: number; data: any[] } & Record<string, any>;

/**
 * Signs `user` in through the app: its session cookie, and a GET that sends it and answers the
 * JSON of a 200 (anything else throws, with the path and the answer).
 */
export async function signedInGet(
  app: { request: (url: string, init?: RequestInit) => Response | Promise<Response> },
  user: { email: string | null; password: string },
): Promise<{ cookie: string; getJson: <T = BenchList>(path: string) => Promise<T> }> {
  const res = await app.request('http://localhost/api/v1/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: user.email, password: user.password }),
  });
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const getJson = async <T = BenchList>(path: string): Promise<T> => {
    const r = await app.request(`http://localhost${path}`, { headers: { cookie } });
    if (r.status !== 200) throw new Error(`${path} → ${r.status}: ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  return { cookie, getJson };
}

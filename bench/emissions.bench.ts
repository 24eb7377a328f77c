/**
 * Emission creation throughput, in-process through the real app: POST /api/v1/emissions with a
 * session cookie (session lookup, RLS transaction, client and account checks, the emission row,
 * allocateMiles over the account's lots, money, passengers, activity, the detail as JSON), by 16
 * concurrent callers over a few accounts shared by the callers, so they contend for the same lots.
 * Afterwards every lot of the agency is checked against DESIGN.md §2's invariant (original =
 * remaining + miles allocated to non-cancelled emissions); a broken lot exits non-zero.
 *
 * PostgreSQL only: PGlite has one connection, so its transactions queue and concurrency means
 * nothing there.
 *
 * Target: at least 200 creations per second on PostgreSQL, no shortage, no broken lot.
 *
 *   npm run bench emissions
 *   BENCH_EMISSIONS=5000 BENCH_EMISSION_ACCOUNTS=4 npm run bench emissions
 */
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { milesCostCents } from '../src/domain/lots/lot.rules';
import { createApp } from '../src/server/app';
import { emissions, mile_lots } from '../src/server/db/schema';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { createClientRow, createLotRow, createLoyaltyAccountRow, validCpf } from '../src/server/testing/factories/client.factory';
import { brokenLots } from '../src/server/testing/invariants';
import { createRng, generateAgencyData, vacuumAnalyze } from './generate';
import { engines, fmt, signedInGet, stats, time } from './lib';

const TARGET_CREATIONS_PER_S = 200;
const CALLERS = Number(process.env.BENCH_CALLERS ?? 16);
const LOTS_PER_ACCOUNT = 5;
const LOT_MILES = 1_000_000;

export async function runEmissionsBench() {
  const count = Number(process.env.BENCH_EMISSIONS ?? 2000);
  const accounts = Number(process.env.BENCH_EMISSION_ACCOUNTS ?? 8);
  console.log(
    `\n# Emissions: ${count.toLocaleString('en')} creations through POST /api/v1/emissions, ${CALLERS} concurrent callers, ` +
      `${accounts} LATAM accounts × ${LOTS_PER_ACCOUNT} lots (in-process through the app)`,
  );
  let failedInvariant = false;
  for (const engine of await engines()) {
    if (engine.name !== 'PostgreSQL') {
      console.log(`${engine.name.padEnd(10)} skipped: one connection, its transactions queue (no concurrency to measure)`);
      continue;
    }
    const handle = await engine.open();
    try {
      const db = handle.db;
      const app = createApp({ db, logger: pino({ level: 'silent' }) });
      const rng = createRng(42);
      const mine = await createAgencyWithUser(db);
      const agencyId = mine.agency.id;

      // N clients, each with one LATAM account holding several lots at different CPMs.
      const targets: { clientId: string; accountId: string }[] = [];
      for (let a = 0; a < accounts; a++) {
        const client = await createClientRow(db, agencyId, { name: `Cliente Benchmark ${a}`, document: validCpf(700_000 + a), email: `bench${a}@ex.com` });
        const account = await createLoyaltyAccountRow(db, agencyId, { client_id: client.id, program: 'LATAM', account_number: `BENCH-${a}` });
        for (let l = 0; l < LOTS_PER_ACCOUNT; l++) {
          const cost_per_thousand = (rng.int(1500, 3500) / 100).toFixed(4);
          await createLotRow(db, agencyId, account.id, {
            original_quantity: LOT_MILES,
            remaining_quantity: LOT_MILES,
            cost_per_thousand,
            total_cost_cents: milesCostCents(LOT_MILES, cost_per_thousand),
            purchase_date: '2026-01-02',
            expiry_date: l % 3 === 0 ? null : `2028-${String(rng.int(1, 12)).padStart(2, '0')}-15`,
            supplier: `Fornecedor ${l}`,
          });
        }
        targets.push({ clientId: client.id, accountId: account.id });
      }
      // Round-robin over the accounts: 16 callers over 8 accounts → about 2 callers per account at any time.
      const jobs = Array.from({ length: count }, (_, i) => ({ ...targets[i % accounts]!, miles: rng.int(1, 10) * 1000 }));
      const asked = jobs.reduce((s, j) => s + j.miles, 0);
      const capacity = accounts * LOTS_PER_ACCOUNT * LOT_MILES;
      if (asked > capacity) throw new Error(`lots too small: ${asked} miles asked, ${capacity} available`);

      const signIn = await app.request('http://localhost/api/v1/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: mine.user.email, password: mine.password }),
      });
      if (signIn.status !== 200) throw new Error(`sign-in → ${signIn.status}: ${await signIn.text()}`);
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;

      const create = (job: (typeof jobs)[number], i: number) =>
        app.request('http://localhost/api/v1/emissions', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            client_id: job.clientId,
            account_id: job.accountId,
            route: 'GRU-LIS',
            miles_used: job.miles,
            fees_cents: 8_000,
            revenue_cents: 150_000,
            rav_cents: 5_000,
            pnr: `B${String(i).padStart(5, '0')}`,
            departure_date: '2027-06-01',
            passengers: [{ name: 'Passageiro Benchmark', cpf: validCpf(12345 + (i % 1000)) }],
          }),
        });

      let next = 0;
      let created = 0;
      let shortages = 0;
      let failed = 0;
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CALLERS }, async () => {
          while (next < jobs.length) {
            const i = next++;
            const t = performance.now();
            const res = await create(jobs[i]!, i);
            const text = await res.text();
            latencies.push(performance.now() - t);
            if (res.status === 201) created++;
            else if (res.status === 409 && text.includes('INSUFFICIENT_MILES')) shortages++;
            else {
              failed++;
              if (failed <= 3) console.error(`POST /api/v1/emissions → ${res.status}: ${text.slice(0, 300)}`);
            }
          }
        }),
      );
      const ms = performance.now() - started;
      const perSecond = created / (ms / 1000);
      const latency = stats(latencies);

      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, miles: sql<number>`coalesce(sum(${emissions.miles_used}), 0)::int` })
        .from(emissions)
        .where(eq(emissions.agency_id, agencyId));
      const lots = await db.select().from(mile_lots).where(eq(mile_lots.agency_id, agencyId));
      const taken = lots.reduce((s, l) => s + l.original_quantity - l.remaining_quantity, 0);
      const broken = await brokenLots(db, agencyId);

      console.log(
        `${engine.name.padEnd(10)} ${created} created in ${(ms / 1000).toFixed(2)} s → ${perSecond.toFixed(0)} creations/s; latency ${fmt(latency)}`,
      );
      console.log(`${engine.name.padEnd(10)} shortages ${shortages}, other failures ${failed}; emissions in the database ${row!.n}, miles ${row!.miles}, taken from lots ${taken}`);
      if (broken.length === 0 && taken === row!.miles) {
        console.log(`${engine.name.padEnd(10)} invariant (original = remaining + allocated to non-cancelled emissions) on all ${lots.length} lots: OK`);
      } else {
        failedInvariant = true;
        console.log(`${engine.name.padEnd(10)} invariant BROKEN on ${broken.length} of ${lots.length} lots (miles taken ${taken}, miles of emissions ${row!.miles}):`);
        for (const b of broken) console.log(`  ${JSON.stringify(b)}`);
      }
      const met = perSecond >= TARGET_CREATIONS_PER_S && shortages === 0 && failed === 0 && broken.length === 0;
      console.log(`${engine.name.padEnd(10)} target ≥ ${TARGET_CREATIONS_PER_S} creations/s, no shortage, no failure: ${met ? 'met' : 'MISSED'}`);
    } finally {
      await handle.close();
    }
  }
  if (failedInvariant) process.exit(1);
}

/**
 * The emissions list and an emission's page at scale: GET /api/v1/emissions (session, RLS
 * transaction, kept cards and counts, page ids from the list index, rows with client and account,
 * JSON) on the first, a middle and the last page, by status, by program, searched; and
 * GET /api/v1/emissions/:id (passengers, allocations, the kept SLA statistic), over the emissions the
 * generator makes for BENCH_LIST_CLIENTS clients (default 20,000: about 25,000 emissions).
 */
export async function runEmissionListBench() {
  const scale = Number(process.env.BENCH_LIST_CLIENTS ?? 20_000);
  console.log(`\n# Emissions list and detail at the emissions of ${scale.toLocaleString('en')} clients (in-process through the app)`);
  for (const engine of await engines()) {
    if (process.env.BENCH_ENGINE && process.env.BENCH_ENGINE.toLowerCase() !== engine.name.toLowerCase()) continue;
    const handle = await engine.open();
    try {
      const app = createApp({ db: handle.db, logger: pino({ level: 'silent' }) });
      const mine = await createAgencyWithUser(handle.db);
      const gen = await generateAgencyData(handle.db, { agencyId: mine.agency.id, clients: scale, userId: mine.user.id });
      await vacuumAnalyze(handle.db);
      console.log(`${engine.name.padEnd(10)} generated ${gen.emissions} emissions in ${(gen.ms / 1000).toFixed(1)} s`);
      const { getJson } = await signedInGet(app, { email: mine.user.email, password: mine.password });
      const n = engine.name === 'PGlite' ? 30 : 60;
      const measure = async (label: string, path: string) =>
        console.log(`${engine.name.padEnd(10)} ${label.padEnd(50)} ${fmt(await time(() => getJson(path), n, 5))}`);
      const first = await getJson('/api/v1/emissions');
      const issued = await getJson('/api/v1/emissions?status=issued');
      await measure('list, first page', '/api/v1/emissions');
      await measure(`list, middle page (${Math.ceil(first.total_pages / 2)})`, `/api/v1/emissions?page=${Math.ceil(first.total_pages / 2)}`);
      await measure(`list, last page (${first.total_pages})`, `/api/v1/emissions?page=${first.total_pages}`);
      await measure(`status=issued, middle page (${Math.ceil(issued.total_pages / 2)})`, `/api/v1/emissions?status=issued&page=${Math.ceil(issued.total_pages / 2)}`);
      await measure('program=LATAM, first page', '/api/v1/emissions?program=LATAM');
      await measure('search "nat", first page', '/api/v1/emissions?search=nat');
      await measure('detail of an issued emission', `/api/v1/emissions/${issued.data[0]!.id}`);
    } finally {
      await handle.close();
    }
  }
}

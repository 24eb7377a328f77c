/**
 * Emission creation throughput, in-process through the real app: POST /api/v1/emissions with a
 * session cookie (session lookup, RLS transaction, client and account checks with the account's
 * lots locked, the allocation engine's plan, one statement writing the emission, the miles taken,
 * its allocations, passengers and activity, the detail as JSON), by 16 concurrent callers over a
 * few accounts shared by the callers, so they contend for the same lots. Afterwards every lot of
 * the agency is checked against DESIGN.md §2's invariant (original = remaining + miles allocated
 * to non-cancelled emissions) and lot_totals against a recount; a broken lot exits non-zero.
 * The lots benchmark's allocation throughput runs the same code (emissionCreationThroughput).
 *
 * PostgreSQL only: PGlite has one connection, so its transactions queue and concurrency means
 * nothing there.
 *
 * Target: at least 200 creations per second on PostgreSQL, no shortage, no broken lot.
 *
 *   npm run bench emissions
 *   BENCH_EMISSIONS=5000 BENCH_EMISSION_ACCOUNTS=4 npm run bench emissions
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { milesCostCents } from '../src/domain/lots/lot.rules';
import { createApp, type App } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { emissions, mile_lots } from '../src/server/db/schema';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { createLoyaltyAccountRow } from '../src/server/testing/factories/account.factory';
import { createClientRow, validCpf } from '../src/server/testing/factories/client.factory';
import { createLotRow } from '../src/server/testing/factories/lot.factory';
import { brokenLots, lotTotalsMismatches, type BrokenLot } from '../src/server/testing/invariants';
import { createRng, insertEmissionsBulk } from '../src/server/demo/generate';
import { engines, fmt, forEachEngine, generatedAgency, signedInGet, stats, time } from './lib';

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
      console.log(
        `${engine.name.padEnd(10)} skipped: one connection, its transactions queue (no concurrency to measure)`,
      );
      continue;
    }
    const handle = await engine.open();
    try {
      const app = createApp({ db: handle.db, logger: pino({ level: 'silent' }) });
      const run = await emissionCreationThroughput(handle.db, app, {
        callers: CALLERS,
        count,
        accounts,
        lotsPerAccount: LOTS_PER_ACCOUNT,
        lotMiles: LOT_MILES,
        seed: 42,
      });
      console.log(
        `${engine.name.padEnd(10)} ${run.created} created in ${(run.ms / 1000).toFixed(2)} s → ${run.perSecond.toFixed(0)} creations/s; latency ${fmt(run.latency)}`,
      );
      console.log(
        `${engine.name.padEnd(10)} shortages ${run.shortages}, other failures ${run.failed}; emissions in the database ${run.emissions}, miles ${run.emittedMiles}, taken from lots ${run.taken}`,
      );
      if (run.invariantHeld) {
        console.log(
          `${engine.name.padEnd(10)} invariant (original = remaining + allocated to non-cancelled emissions) and lot_totals on all ${run.lots} lots: OK`,
        );
      } else {
        failedInvariant = true;
        console.log(
          `${engine.name.padEnd(10)} invariant BROKEN on ${run.broken.length} of ${run.lots} lots, ${run.totalsMismatches} lot_totals rows off (miles taken ${run.taken}, miles of emissions ${run.emittedMiles}):`,
        );
        for (const b of run.broken) console.log(`  ${JSON.stringify(b)}`);
      }
      const met =
        run.perSecond >= TARGET_CREATIONS_PER_S && run.shortages === 0 && run.failed === 0 && run.invariantHeld;
      console.log(
        `${engine.name.padEnd(10)} target ≥ ${TARGET_CREATIONS_PER_S} creations/s, no shortage, no failure: ${met ? 'met' : 'MISSED'}`,
      );
    } finally {
      await handle.close();
    }
  }
  if (failedInvariant) process.exit(1);
}

export interface CreationThroughputOptions {
  callers: number;
  /** Creations (or, for the yardstick, allocations) in all. */
  count: number;
  accounts: number;
  lotsPerAccount: number;
  /** Each lot's miles: enough that no creation runs short. */
  lotMiles: number;
  seed: number;
}

/**
 * A fresh agency and its signed-in user, with `accounts` clients each holding one LATAM account of
 * `lotsPerAccount` lots at different CPMs, and the jobs: round-robin over the accounts (16 callers
 * over 8 accounts → about 2 callers per account at any time), 1,000–10,000 miles each. The same
 * options and seed give the same lots and jobs.
 */
async function seedCreationAgency(db: Database, options: CreationThroughputOptions) {
  const { accounts, lotsPerAccount, lotMiles, count, seed } = options;
  const rng = createRng(seed);
  const mine = await createAgencyWithUser(db);
  const agencyId = mine.agency.id;
  const targets: { clientId: string; accountId: string; lots: { id: string; cost_per_thousand: string }[] }[] = [];
  for (let a = 0; a < accounts; a++) {
    const client = await createClientRow(db, agencyId, {
      name: `Cliente Benchmark ${a}`,
      document: validCpf(700_000 + a),
      email: `bench${a}@ex.com`,
    });
    const account = await createLoyaltyAccountRow(db, agencyId, {
      client_id: client.id,
      program: 'LATAM',
      account_number: `BENCH-${a}`,
    });
    const lots: { id: string; cost_per_thousand: string }[] = [];
    for (let l = 0; l < lotsPerAccount; l++) {
      const cost_per_thousand = (rng.int(1500, 3500) / 100).toFixed(4);
      const lot = await createLotRow(db, agencyId, account.id, {
        original_quantity: lotMiles,
        remaining_quantity: lotMiles,
        cost_per_thousand,
        total_cost_cents: milesCostCents(lotMiles, cost_per_thousand),
        purchase_date: '2026-01-02',
        expiry_date: l % 3 === 0 ? null : `2028-${String(rng.int(1, 12)).padStart(2, '0')}-15`,
        supplier: `Fornecedor ${l}`,
      });
      lots.push({ id: lot.id, cost_per_thousand });
    }
    targets.push({ clientId: client.id, accountId: account.id, lots });
  }
  const jobs = Array.from({ length: count }, (_, i) => ({
    target: targets[i % accounts]!,
    miles: rng.int(1, 10) * 1000,
  }));
  const asked = jobs.reduce((s, j) => s + j.miles, 0);
  const capacity = accounts * lotsPerAccount * lotMiles;
  if (asked > capacity) throw new Error(`lots too small: ${asked} miles asked, ${capacity} available`);
  return { mine, agencyId, targets, jobs };
}

/** `callers` workers taking jobs from one queue until it is empty; each job's latency in ms. */
async function runCallers<J>(callers: number, jobs: readonly J[], run: (job: J, i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < jobs.length) {
        const i = next++;
        const t = performance.now();
        await run(jobs[i]!, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { ms: performance.now() - started, latency: stats(latencies) };
}

/** The lots of the agency against the invariant and lot_totals, and the miles they gave. */
async function checkLots(db: Database, agencyId: string) {
  const lots = await db.select().from(mile_lots).where(eq(mile_lots.agency_id, agencyId));
  const broken: BrokenLot[] = await brokenLots(db, agencyId);
  const totalsMismatches = (await lotTotalsMismatches(db, agencyId)).length;
  return {
    lots: lots.length,
    taken: lots.reduce((s, l) => s + l.original_quantity - l.remaining_quantity, 0),
    broken,
    totalsMismatches,
  };
}

/**
 * `count` POST /api/v1/emissions by `callers` concurrent callers through `app`, over a fresh
 * agency's accounts (seedCreationAgency); then the lot invariant, lot_totals, and the miles taken
 * against the miles of the emissions written.
 */
export async function emissionCreationThroughput(db: Database, app: App, options: CreationThroughputOptions) {
  const { mine, agencyId, jobs } = await seedCreationAgency(db, options);
  const { cookie } = await signedInGet(app, mine);
  let created = 0;
  let shortages = 0;
  let failed = 0;
  const { ms, latency } = await runCallers(options.callers, jobs, async (job, i) => {
    const res = await app.request('http://localhost/api/v1/emissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        client_id: job.target.clientId,
        account_id: job.target.accountId,
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
    const text = await res.text();
    if (res.status === 201) created++;
    else if (res.status === 409 && text.includes('INSUFFICIENT_MILES')) shortages++;
    else {
      failed++;
      if (failed <= 3) console.error(`POST /api/v1/emissions → ${res.status}: ${text.slice(0, 300)}`);
    }
  });
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, miles: sql<number>`coalesce(sum(${emissions.miles_used}), 0)::int` })
    .from(emissions)
    .where(eq(emissions.agency_id, agencyId));
  const lots = await checkLots(db, agencyId);
  return {
    created,
    shortages,
    failed,
    ms,
    perSecond: created / (ms / 1000),
    latency,
    emissions: row!.n,
    emittedMiles: row!.miles,
    ...lots,
    invariantHeld: lots.broken.length === 0 && lots.totalsMismatches === 0 && lots.taken === row!.miles,
  };
}

/**
 * The yardstick for emissionCreationThroughput: the bare writes an allocation needs — UPDATE of a
 * lot's remaining_quantity and INSERT of its emission_allocations row, in a transaction of their
 * own on the pool's login (no session, no RLS, no planning, the emissions written beforehand) —
 * for the same jobs over the same lots, by as many callers. Each job takes from the cheapest of its
 * account's lots with the miles left, as the cheapest policy does, so callers on one account queue
 * on the same row as the creations do on the account's lots. The lots' own triggers (lot_totals,
 * lot_search_entries) run as for any write.
 */
export async function bareAllocationThroughput(db: Database, options: CreationThroughputOptions) {
  const { agencyId, jobs } = await seedCreationAgency(db, options);
  const work = jobs.map((job) => ({ ...job, emissionId: randomUUID() }));
  await insertEmissionsBulk(
    db,
    agencyId,
    work.map((j) => ({
      id: j.emissionId,
      agency_id: agencyId,
      client_id: j.target.clientId,
      account_id: j.target.accountId,
      route: 'GRU-LIS',
      miles_used: j.miles,
      revenue_cents: 150_000,
      status: 'processing',
    })),
  );
  const left = new Map(work.flatMap((j) => j.target.lots.map((l) => [l.id, options.lotMiles] as const)));
  const byCost = new Map(
    jobs.map(
      (j) =>
        [
          j.target.accountId,
          [...j.target.lots].sort((a, b) => Number(a.cost_per_thousand) - Number(b.cost_per_thousand)),
        ] as const,
    ),
  );
  let failed = 0;
  const { ms, latency } = await runCallers(options.callers, work, async (job) => {
    const lot = byCost.get(job.target.accountId)!.find((l) => left.get(l.id)! >= job.miles)!;
    left.set(lot.id, left.get(lot.id)! - job.miles);
    try {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE mile_lots SET remaining_quantity = remaining_quantity - ${job.miles}, updated_at = now() WHERE id = ${lot.id}`,
        );
        await tx.execute(sql`INSERT INTO emission_allocations (agency_id, emission_id, lot_id, miles, cost_per_thousand, cost_cents)
          VALUES (${agencyId}, ${job.emissionId}, ${lot.id}, ${job.miles}, ${lot.cost_per_thousand}, ${milesCostCents(job.miles, lot.cost_per_thousand)})`);
      });
    } catch (err) {
      failed++;
      if (failed === 1) console.error(err);
    }
  });
  const lots = await checkLots(db, agencyId);
  const asked = jobs.reduce((s, j) => s + j.miles, 0);
  return {
    count: work.length,
    failed,
    ms,
    perSecond: (work.length - failed) / (ms / 1000),
    latency,
    ...lots,
    invariantHeld: failed === 0 && lots.broken.length === 0 && lots.totalsMismatches === 0 && lots.taken === asked,
  };
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
  console.log(
    `\n# Emissions list and detail at the emissions of ${scale.toLocaleString('en')} clients (in-process through the app)`,
  );
  await forEachEngine(async (engine, handle, app) => {
    const { mine, gen, getJson } = await generatedAgency(handle, app, scale);
    console.log(`${engine.padEnd(10)} generated ${gen.emissions} emissions in ${(gen.ms / 1000).toFixed(1)} s`);
    const n = engine === 'PGlite' ? 30 : 60;
    const measure = async (label: string, path: string) =>
      console.log(`${engine.padEnd(10)} ${label.padEnd(50)} ${fmt(await time(() => getJson(path), n, 5))}`);
    // Yardstick: the bare SQL page, as the superuser, without session, RLS or JSON.
    console.log(
      `${engine.padEnd(10)} ${'yardstick: bare SQL first page'.padEnd(50)} ${fmt(
        await time(
          () =>
            handle.db.execute(
              sql`SELECT id FROM emissions WHERE agency_id = ${mine.agency.id} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 20`,
            ),
          n,
          5,
        ),
      )}`,
    );
    const first = await getJson('/api/v1/emissions');
    const issued = await getJson('/api/v1/emissions?status=issued');
    await measure('list, first page', '/api/v1/emissions');
    await measure(
      `list, middle page (${Math.ceil(first.total_pages / 2)})`,
      `/api/v1/emissions?page=${Math.ceil(first.total_pages / 2)}`,
    );
    await measure(`list, last page (${first.total_pages})`, `/api/v1/emissions?page=${first.total_pages}`);
    await measure(
      `status=issued, middle page (${Math.ceil(issued.total_pages / 2)})`,
      `/api/v1/emissions?status=issued&page=${Math.ceil(issued.total_pages / 2)}`,
    );
    await measure('program=LATAM, first page', '/api/v1/emissions?program=LATAM');
    await measure('search "nat", first page', '/api/v1/emissions?search=nat');
    await measure('search "nat", page 40', '/api/v1/emissions?search=nat&page=40');
    await measure(
      'search a name, "conceição", first page',
      `/api/v1/emissions?search=${encodeURIComponent('conceição')}`,
    );
    await measure('search found nowhere, "zqxw" (every emission read)', '/api/v1/emissions?search=zqxw');
    await measure('detail of an issued emission', `/api/v1/emissions/${issued.data[0]!.id}`);
  });
}

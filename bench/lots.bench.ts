/**
 * Miles lots at scale, in-process through the real app (session, RLS transaction, totals over the
 * filtered set, page ids from the order's index, rows with accounts and clients, JSON):
 *
 * - GET /api/v1/lots for every sort in both directions on the first, a middle and the last page,
 *   filters (program, status, both) and searches (supplier, accented notes word, account number),
 *   with a neighbour agency's lots in the same tables;
 * - the per-program aggregates (/lots/summary, /stats, /average-cost, /available, /expiring) and
 *   the CSV export;
 * - allocation throughput: 16 concurrent callers creating emissions through POST /api/v1/emissions
 *   (the only path that allocates miles: session, RLS transaction, the account's lots locked, the
 *   plan, one write statement), over a shared pool of lots (8 accounts × 10 lots, then 1 account ×
 *   10 lots, all callers fighting for the same locks), with the emissions benchmark's code
 *   (emissionCreationThroughput), counting creations per second and checking the lot invariant and
 *   lot_totals afterwards; beside it, measured in the same run, the yardstick: the bare UPDATE of a
 *   lot plus INSERT of an allocation row for the same jobs at the same concurrency.
 *
 * Targets: list p50 ≤ 50 ms on PostgreSQL and ≤ 150 ms on PGlite (issue #12); at least 300 allocations per second on PostgreSQL
 * with no invariant broken (decision 0006).
 *
 *   npm run bench lots                      # 20,000 lots
 *   BENCH_LOTS=5000 npm run bench lots
 *   BENCH_ENGINE=PostgreSQL npm run bench lots
 *   BENCH_ALLOCATIONS=3000 npm run bench lots
 */
import { eq } from 'drizzle-orm';
import { clients } from '../src/server/db/schema';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { brokenLots } from '../src/server/testing/invariants';
import { bareAllocationThroughput, emissionCreationThroughput } from './emissions.bench';
import { generateAgencyData, generateLots, vacuumAnalyze } from '../src/server/demo/generate';
import { fmt, forEachEngine, listTimer, signedInGet, timeExport } from './lib';

const TARGET_LIST_P50_MS: Record<string, number> = { PostgreSQL: 50, PGlite: 150 };
const TARGET_ALLOCATIONS_PER_S: Record<string, number> = { PostgreSQL: 300 };

export async function runLotsBench() {
  const scale = Number(process.env.BENCH_LOTS ?? 20_000);
  console.log(
    `\n# Lots: list, totals, aggregates at ${scale.toLocaleString('en')} lots; allocation throughput (in-process through the app)`,
  );
  await forEachEngine(async (engine, handle, app) => {
    const neighbour = await createAgencyWithUser(handle.db);
    await generateAgencyData(handle.db, { agencyId: neighbour.agency.id, clients: 300, emissionShare: 0, seed: 7 });
    const neighbourClients = await handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.agency_id, neighbour.agency.id));
    await generateLots(handle.db, {
      agencyId: neighbour.agency.id,
      lots: Math.round(scale / 10),
      clientIds: neighbourClients.map((c) => c.id),
      seed: 8,
    });
    const mine = await createAgencyWithUser(handle.db);
    await generateAgencyData(handle.db, { agencyId: mine.agency.id, clients: 2000, emissionShare: 0 });
    const mineClients = await handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.agency_id, mine.agency.id));
    const gen = await generateLots(handle.db, {
      agencyId: mine.agency.id,
      lots: scale,
      clientIds: mineClients.map((c) => c.id),
    });
    await vacuumAnalyze(handle.db);
    console.log(
      `${engine.padEnd(10)} generated ${gen.lots} lots in ${gen.accounts} accounts, ${gen.emissions} emissions drawing from them, in ${(gen.ms / 1000).toFixed(1)} s`,
    );
    const broken = await brokenLots(handle.db, mine.agency.id);
    if (broken.length > 0) throw new Error(`generated data breaks the lot invariant: ${broken.length} lots`);

    const { cookie, getJson } = await signedInGet(app, mine);
    const n = engine === 'PGlite' ? 30 : 60;
    const { measure, measureSorts, worst } = listTimer(engine, getJson, { n, warmup: 5, width: 60 });

    const lastPage = (await getJson('/api/v1/lots')).total_pages;
    const sorts = ['expiry_date', 'program', 'remaining_quantity', 'cost_per_mile', 'status'];
    await measureSorts('/api/v1/lots', sorts, lastPage);
    const latamPages = (await getJson('/api/v1/lots?program=LATAM')).total_pages;
    await measure('program=LATAM, first page', '/api/v1/lots?program=LATAM');
    await measure(
      `program=LATAM, middle page (${Math.ceil(latamPages / 2)}) by cost desc`,
      `/api/v1/lots?program=LATAM&sort=cost_per_mile&order=desc&page=${Math.ceil(latamPages / 2)}`,
    );
    await measure(
      'status=available, by remaining desc',
      '/api/v1/lots?status=available&sort=remaining_quantity&order=desc',
    );
    const expiredPages = (await getJson('/api/v1/lots?status=expired')).total_pages;
    await measure(`status=expired, last page (${expiredPages})`, `/api/v1/lots?status=expired&page=${expiredPages}`);
    await measure('program=SMILES&status=available, by expiry', '/api/v1/lots?program=SMILES&status=available');
    const someone = (await getJson('/api/v1/lots?page=3')).data[0]!.account_number;
    const searches: [string, string][] = [
      ['supplier "hotmilhas" (~1/8 of lots)', 'hotmilhas'],
      ['accented notes word "promoção"', 'promoção'],
      ['notes word "conceicao"', 'conceicao'],
      [`account number "${someone}"`, someone],
      [`account number fragment "${someone.slice(0, 5)}"`, someone.slice(0, 5)],
    ];
    for (const [label, q] of searches) {
      const base = `/api/v1/lots?search=${encodeURIComponent(q)}`;
      const pages = (await getJson(base)).total_pages;
      await measure(`search ${label}, first page`, base);
      if (pages > 2)
        await measure(`search ${label}, last page (${pages})`, `${base}&page=${pages}&sort=cost_per_mile&order=desc`);
    }
    await measure('summary by program (/lots/summary)', '/api/v1/lots/summary', false);
    await measure('utilisation stats (/lots/stats)', '/api/v1/lots/stats', false);
    await measure('average cost per program (/lots/average-cost)', '/api/v1/lots/average-cost', false);
    await measure(
      'available miles of LATAM (/lots/available?program=LATAM)',
      '/api/v1/lots/available?program=LATAM',
      false,
    );
    await measure('expiring within the alert window (/lots/expiring)', '/api/v1/lots/expiring', false);
    const export_ = await timeExport(app, cookie, '/api/v1/lots/export');
    console.log(
      `${engine.padEnd(10)} ${`export CSV of all ${scale.toLocaleString('en')} lots`.padEnd(60)} ${fmt(export_)}`,
    );

    const { p50: worstP50, p95: worstP95 } = worst();
    const target = TARGET_LIST_P50_MS[engine];
    console.log(
      `${engine.padEnd(10)} worst list p50 ${worstP50.stats.p50.toFixed(2)} ms (${worstP50.label}), worst p95 ${worstP95.stats.p95.toFixed(2)} ms (${worstP95.label})` +
        (target ? `; target p50 < ${target} ms: ${worstP50.stats.p50 < target ? 'met' : 'MISSED'}` : ''),
    );

    const allocations = Number(process.env.BENCH_ALLOCATIONS ?? (engine === 'PGlite' ? 1000 : 3000));
    for (const accounts of [8, 1]) {
      // Lots big enough that no creation runs short, even with every caller on one account.
      const options = {
        callers: 16,
        count: allocations,
        accounts,
        lotsPerAccount: 10,
        lotMiles: 5_000_000,
        seed: 99 + accounts,
      };
      const label = (what: string) =>
        `${engine.padEnd(10)} ${`${what}, 16 callers, ${accounts} account(s) × 10 lots`.padEnd(72)} `;
      const bare = await bareAllocationThroughput(handle.db, options);
      console.log(
        label('bare UPDATE lot + INSERT allocation') +
          `${bare.perSecond.toFixed(0)}/s (${bare.count} in ${(bare.ms / 1000).toFixed(2)} s), latency ${fmt(bare.latency)}; ` +
          `invariant ${bare.invariantHeld ? 'held' : `BROKEN (${bare.failed} failed, ${bare.broken.length} lots, ${bare.totalsMismatches} lot_totals rows)`}   (yardstick)`,
      );
      const run = await emissionCreationThroughput(handle.db, app, options);
      const goal = TARGET_ALLOCATIONS_PER_S[engine];
      const clean = run.invariantHeld && run.shortages === 0 && run.failed === 0;
      console.log(
        label('POST /api/v1/emissions') +
          `${run.perSecond.toFixed(0)}/s (${run.created} in ${(run.ms / 1000).toFixed(2)} s), latency ${fmt(run.latency)}; ` +
          `${(bare.perSecond / run.perSecond).toFixed(1)}× the yardstick's time per allocation; ` +
          `invariant ${run.invariantHeld ? 'held' : `BROKEN on ${run.broken.length} lots, ${run.totalsMismatches} lot_totals rows`}` +
          (run.shortages + run.failed > 0 ? `; ${run.shortages} shortages, ${run.failed} other failures` : '') +
          (goal ? `; target ≥ ${goal}/s: ${run.perSecond >= goal && clean ? 'met' : 'MISSED'}` : ''),
      );
      if (!clean || !bare.invariantHeld)
        throw new Error('allocation bench: a creation failed or the lots are broken (see above)');
    }
  });
}

/**
 * The clients list at scale: GET /api/v1/clients through the real app (session, RLS transaction,
 * count, summary, page, loyalty accounts, JSON), for every sort in both directions on the first,
 * a middle and the last page; for searches (accented name fragment, e-mail fragment, formatted
 * CPF); and for broad searches — e-mail domains ("hotmail.com", "gmail"), a common first name
 * ("maria"), a three-letter start ("mar"), a two-letter ("si") and a one-letter ("a") term, and
 * several broad words ("da silva", and words too short for any trigram: "ma si", "e o") — on
 * every sort, first, middle and last page, each answer checked against a plain recount and the
 * page a plain ORDER BY gives (the total exact up to 1,000 matches, "more than 1,000" beyond). Budget
 * (issue #12): p50 ≤ 50 ms on PostgreSQL and ≤ 150 ms on PGlite. Yardstick, printed first: the
 * bare SQL page of the unsearched list, as the superuser, without session, RLS or JSON.
 *
 *   npm run bench clients                 # 50,000 clients
 *   BENCH_CLIENTS=5000 npm run bench clients
 *   BENCH_ENGINE=PostgreSQL npm run bench clients   # one engine only (PGlite or PostgreSQL)
 *   BENCH_CASES=search npm run bench clients        # only the cases whose label holds this
 */
import { sql } from 'drizzle-orm';
import { formatCpf } from '../src/domain/documents';
import type { ClientSort, SortOrder } from '../src/domain/clients/client.schema';
import { referenceClientsPage } from '../src/server/testing/client-search-reference';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { generateAgencyData } from '../src/server/demo/generate';
import { firstMiddleLast, fmt, forEachEngine, generatedAgency, listTimer, time, timeExport } from './lib';

const TARGET_P50_MS: Record<string, number> = { PostgreSQL: 50, PGlite: 150 };
/** The count cap of a search (SEARCH_COUNT_CAP). */
const CAP = 1000;

export async function runClientsBench() {
  const scale = Number(process.env.BENCH_CLIENTS ?? 50_000);
  console.log(
    `\n# Clients: list, search and sort at ${scale.toLocaleString('en')} clients (GET /api/v1/clients, in-process through the app)`,
  );
  await forEachEngine(async (engine, handle, app) => {
    // A neighbour agency, so every query has to pick its agency's rows out of a shared table.
    const neighbour = await createAgencyWithUser(handle.db);
    await generateAgencyData(handle.db, { agencyId: neighbour.agency.id, clients: Math.round(scale / 10), seed: 7 });
    const { mine, gen, cookie, getJson } = await generatedAgency(handle, app, scale);
    console.log(
      `${engine.padEnd(10)} generated ${gen.clients} clients, ${gen.loyaltyAccounts} loyalty accounts, ${gen.lots} lots, ` +
        `${gen.emissions} emissions in ${(gen.ms / 1000).toFixed(1)} s`,
    );

    const n = engine === 'PGlite' ? 30 : 60;
    const warmup = 5;
    const { measure, measureSorts, worst } = listTimer(engine, getJson, {
      n,
      warmup,
      width: 58,
      only: process.env.BENCH_CASES,
    });

    const yardstick = await time(
      () =>
        handle.db.execute(
          sql`SELECT id, name FROM clients WHERE agency_id = ${mine.agency.id} AND deleted_at IS NULL ORDER BY sort_name, id LIMIT 20`,
        ),
      n,
      warmup,
    );
    console.log(
      `${engine.padEnd(10)} ${'yardstick: bare SQL first page (no session, RLS, JSON)'.padEnd(58)} ${fmt(yardstick)}`,
    );

    const lastPage = (await getJson('/api/v1/clients')).total_pages;
    await measureSorts('/api/v1/clients', ['name', 'status', 'emissions', 'total_spent'], lastPage);
    // What a search must answer, recounted and re-sorted with nothing but LIKE over clients and
    // their figures (as the superuser, no view): the API's total and page must be exactly these.
    const reference = (search: string, sort: ClientSort, order: SortOrder, page: number) =>
      referenceClientsPage(handle.db, {
        agencyId: mine.agency.id,
        search,
        sort,
        order,
        offset: (page - 1) * 20,
        limit: 20,
      });
    const checked = async (q: string, sort: ClientSort, order: SortOrder, page: number) => {
      const path = `/api/v1/clients?search=${encodeURIComponent(q)}&sort=${sort}&order=${order}&page=${page}`;
      const got = (await getJson(path)) as unknown as {
        total: number;
        total_capped?: boolean;
        data: { id: string }[];
      };
      const want = await reference(q, sort, order, page);
      const total = Math.min(want.total, CAP);
      if (
        got.total !== total ||
        Boolean(got.total_capped) !== want.total > CAP ||
        got.data.map((c) => c.id).join() !== want.ids.join()
      ) {
        throw new Error(
          `${path}: total ${got.total} (want ${total}), page ${got.data.length} rows differ from a plain ORDER BY`,
        );
      }
      return path;
    };

    const someone = (await getJson('/api/v1/clients?page=7')).data.find((c) => c.document?.length === 11)!;
    const searches: [string, string][] = [
      ['name fragment with accents "joão"', 'joão'],
      ['name fragment with accents "Conceição"', 'Conceição'],
      ['two words "maria silva"', 'maria silva'],
      ['e-mail fragment "silva@gmail"', 'silva@gmail'],
      [`formatted CPF "${formatCpf(someone.document)}"`, formatCpf(someone.document)],
    ];
    for (const [label, q] of searches) {
      const base = `/api/v1/clients?search=${encodeURIComponent(q)}`;
      const pages = (await getJson(base)).total_pages;
      await measure(`search ${label}, first page`, await checked(q, 'name', 'asc', 1));
      if (pages > 2) {
        const middle = Math.ceil(pages / 2);
        await measure(`search ${label}, middle page (${middle})`, await checked(q, 'name', 'asc', middle));
        await measure(`search ${label}, last page (${pages})`, await checked(q, 'name', 'asc', pages));
        await measure(`search ${label}, by total spent desc`, await checked(q, 'total_spent', 'desc', 1));
      }
    }
    // Broad searches, each on every sort, first, middle and last page.
    const broad = ['hotmail.com', 'gmail', 'maria', 'mar', 'si', 'a', 'da silva', 'ma si', 'e o'];
    const everyone = (await getJson('/api/v1/clients')).total;
    for (const q of broad) {
      const { total_pages: pages } = await getJson(`/api/v1/clients?search=${encodeURIComponent(q)}`);
      const total = (await reference(q, 'name', 'asc', 1)).total;
      const share = `${((100 * total) / everyone).toFixed(total * 10 < everyone ? 1 : 0)}% of clients`;
      for (const [sort, order] of [
        ['name', 'asc'],
        ['status', 'desc'],
        ['emissions', 'asc'],
        ['total_spent', 'desc'],
      ] as const) {
        for (const [where, page] of firstMiddleLast(pages)) {
          await measure(
            `broad search "${q}" (${share}), ${sort} ${order}, ${where} page (${page})`,
            await checked(q, sort, order, page),
          );
        }
      }
    }
    await measure('status=inactive, middle page', `/api/v1/clients?status=inactive&page=${Math.ceil(lastPage / 20)}`);
    await measure('status=blocked, sort=emissions desc', '/api/v1/clients?status=blocked&sort=emissions&order=desc');
    await measure('quick search "mar"', '/api/v1/clients/quick-search?q=mar', false);
    await measure('top clients', '/api/v1/clients/top', false);

    const export_ = await timeExport(app, cookie, '/api/v1/clients/export');
    console.log(`${engine.padEnd(10)} ${'export CSV of all clients'.padEnd(58)} ${fmt(export_)}`);

    const { p50: worstP50, p95: worstP95 } = worst();
    const target = TARGET_P50_MS[engine] ?? Infinity;
    console.log(
      `${engine.padEnd(10)} worst list/search p50 ${worstP50.stats.p50.toFixed(2)} ms (${worstP50.label}), ` +
        `worst p95 ${worstP95.stats.p95.toFixed(2)} ms (${worstP95.label}); target p50 < ${target} ms: ` +
        (worstP50.stats.p50 < target ? 'met' : 'MISSED'),
    );
  });
}

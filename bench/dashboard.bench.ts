import { sql } from 'drizzle-orm';
import { addMonthsIso } from '../src/domain/format';
import { fmt, forEachEngine, largeAgency, time } from './lib';

/**
 * Issue #18: the whole dashboard in one request (GET /api/v1/dashboard) on the large agency —
 * BENCH_DASHBOARD_CLIENTS clients (default 50,000: the demo generator's agency with its accounts,
 * ~37,000 lots and a year of emissions), its emissions copied until there are
 * BENCH_DASHBOARD_EMISSIONS (default 500,000) with their postings (bench/lib.ts largeAgency) — for
 * the current month and for a whole year, each beside the yardstick: the plain SQL aggregates over
 * the tables themselves answering the same questions (as the superuser: no session, RLS or JSON),
 * in the same run. Targets: p50 ≤ 50 ms on PostgreSQL, ≤ 200 ms on PGlite.
 *
 *   npm run bench dashboard
 *   BENCH_ENGINE=PostgreSQL npm run bench dashboard
 *   BENCH_DASHBOARD_CLIENTS=5000 BENCH_DASHBOARD_EMISSIONS=50000 npm run bench dashboard   # a quick run
 */
const TARGET_MS = { PostgreSQL: 50, PGlite: 200 } as const;

export async function runDashboardBench() {
  const clients = Number(process.env.BENCH_DASHBOARD_CLIENTS ?? 50_000);
  const emissions = Number(process.env.BENCH_DASHBOARD_EMISSIONS ?? 500_000);
  console.log(
    `\n# Dashboard: the whole page in one request at ${emissions.toLocaleString('en')} emissions (agency of ${clients.toLocaleString('en')} clients)`,
  );
  let missed = false;
  await forEachEngine(async (engine, handle, app) => {
    const { agencyId, getJson } = await largeAgency(engine, handle, app, { clients, emissions });
    const db = handle.db;
    const runs = engine === 'PGlite' ? 20 : 40;
    const target = TARGET_MS[engine as keyof typeof TARGET_MS] ?? 50;
    const line = (label: string, st: Parameters<typeof fmt>[0], check = false) => {
      const verdict = check ? (st.p50 <= target ? `target ≤ ${target} ms: met` : `target ≤ ${target} ms: MISSED`) : '';
      if (check && st.p50 > target) missed = true;
      console.log(`${engine.padEnd(10)} ${label.padEnd(64)} ${fmt(st)}  ${verdict}`);
    };

    const month = (await getJson<{ period: { from: string; to: string } }>('/api/v1/dashboard')).period;
    const yearFrom = addMonthsIso(month.from, -11)!;
    /**
     * The dashboard's questions over the rows: the period's and the previous period's active
     * emissions summed, 6 months by month, stock and average cost, active counts, new clients,
     * expiring lots, top clients by revenue, newest activity.
     */
    const plain = (from: string, to: string, previousFrom: string) => sql`
      SELECT
        (SELECT count(*) || ' ' || sum(margin_cents) FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL
           AND status IN ('pending', 'processing', 'issued') AND created_at >= ${from}::date AND created_at < ${to}::date + 1) AS period,
        (SELECT count(*) || ' ' || sum(margin_cents) FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL
           AND status IN ('pending', 'processing', 'issued') AND created_at >= ${previousFrom}::date AND created_at < ${from}::date) AS previous,
        (SELECT string_agg(m, ',') FROM (SELECT to_char(created_at, 'YYYY-MM') || sum(revenue_cents) AS m FROM emissions
           WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND status IN ('pending', 'processing', 'issued')
             AND created_at >= ${addMonthsIso(`${to.slice(0, 7)}-01`, -5)}::date GROUP BY to_char(created_at, 'YYYY-MM')) x) AS months,
        (SELECT count(*) FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL
           AND status IN ('pending', 'processing', 'issued')) AS active,
        (SELECT sum(remaining_quantity) || ' ' || sum(remaining_quantity * cost_per_thousand) FROM mile_lots
           WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND status = 'available') AS stock,
        (SELECT count(*) FILTER (WHERE status = 'active') || ' ' || count(*) FILTER (WHERE created_at >= ${from}::date)
           FROM clients WHERE agency_id = ${agencyId} AND deleted_at IS NULL) AS clients,
        (SELECT count(*) FROM mile_lots WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND status = 'available'
           AND expiry_date BETWEEN current_date AND current_date + 30) AS expiring,
        (SELECT string_agg(client_id::text, ',') FROM (SELECT client_id FROM emissions WHERE agency_id = ${agencyId}
           AND deleted_at IS NULL AND status IN ('pending', 'processing', 'issued')
           GROUP BY client_id ORDER BY sum(revenue_cents) DESC LIMIT 5) t) AS top,
        (SELECT string_agg(description, ',') FROM (SELECT description FROM activity WHERE agency_id = ${agencyId}
           ORDER BY created_at DESC LIMIT 10) a) AS recent`;

    const plainRuns = engine === 'PGlite' ? 3 : 5;
    line(
      'yardstick: plain SQL over the tables, the current month',
      await time(() => db.execute(plain(month.from, month.to, addMonthsIso(month.from, -1)!)), plainRuns, 1),
    );
    line('dashboard, the current month', await time(() => getJson('/api/v1/dashboard'), runs, 3), true);
    line(
      `yardstick: plain SQL over the tables, 12 months (${yearFrom} – ${month.to})`,
      await time(() => db.execute(plain(yearFrom, month.to, addMonthsIso(yearFrom, -12)!)), plainRuns, 1),
    );
    line(
      `dashboard, 12 months (${yearFrom} – ${month.to})`,
      await time(() => getJson(`/api/v1/dashboard?from=${yearFrom}&to=${month.to}`), runs, 3),
      true,
    );
  });
  if (missed) process.exitCode = 1;
}

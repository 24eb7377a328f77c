import { sql } from 'drizzle-orm';
import { addMonthsIso } from '../src/domain/format';
import { rowsOf } from '../src/server/db/rows';
import { vacuumAnalyze } from '../src/server/demo/generate';
import { fmt, forEachEngine, generatedAgency, time } from './lib';

/**
 * Issue #15's reads: the reconciliation page ("only discrepancies") and the finance summary (a
 * month, twelve months) on a generated agency whose emissions mostly have their postings — most
 * complete, some partly posted, some posted twice, some not at all. Each beside the plain SQL
 * that answers the same question as the superuser (no session, RLS or JSON), in the same run.
 * BENCH_FINANCE_CLIENTS sets the scale (default 20,000 clients: ~24,000 emissions).
 */
export async function runFinanceBench() {
  const scale = Number(process.env.BENCH_FINANCE_CLIENTS ?? 20_000);
  console.log(`\n# Finance: reconciliation and summary at the emissions of ${scale.toLocaleString('en')} clients`);
  await forEachEngine(async (engine, handle, app) => {
    const { mine, gen, getJson } = await generatedAgency(handle, app, scale);
    const agencyId = mine.agency.id;
    // Postings as an agency keeps them: 70 % of the emissions fully posted, 15 % revenue only
    // half received, 5 % with the fees posted twice, 10 % nothing.
    const started = performance.now();
    await handle.db.execute(sql`
      INSERT INTO financial_entries (agency_id, ref_type, emission_id, kind, category, amount_cents, payment_method, entry_date)
      SELECT e.agency_id, 'emission', e.id, x.kind, x.category, x.amount, x.method, (e.created_at AT TIME ZONE 'America/Sao_Paulo')::date
      FROM (SELECT e.*, abs(hashtext(e.id::text)) % 100 AS bucket FROM emissions e
            WHERE e.agency_id = ${agencyId} AND e.status IN ('pending', 'processing', 'issued')) e
      CROSS JOIN LATERAL (VALUES
        ('revenue', 'revenue', CASE WHEN e.bucket < 70 OR e.bucket >= 85 THEN e.revenue_cents ELSE e.revenue_cents / 2 END, 'pix'),
        ('expense', 'fees', -e.fees_cents, 'card'),
        ('expense', 'fees', CASE WHEN e.bucket BETWEEN 85 AND 89 THEN -e.fees_cents END, 'card'),
        ('expense', 'miles_cost', -e.miles_cost_cents, NULL),
        ('expense', 'rav', -e.rav_cents, 'transfer')
      ) AS x(kind, category, amount, method)
      WHERE e.bucket < 90 AND x.amount IS NOT NULL AND x.amount <> 0`);
    await vacuumAnalyze(handle.db);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await handle.db.execute(sql`SELECT count(*)::int AS n FROM financial_entries WHERE agency_id = ${agencyId}`),
    );
    console.log(
      `${engine.padEnd(10)} ${gen.emissions} emissions, ${n} postings (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (process.env.BENCH_EXPLAIN) {
      const { getReconciliationCounts } = await import('../src/server/finance/reconciliation.queries');
      const explain = async (q: unknown) => {
        const t = performance.now();
        await getReconciliationCounts(handle.db, { agencyId });
        console.log('counts', (performance.now() - t).toFixed(1), 'ms', q);
      };
      await explain('first');
      await explain('second');
    }
    const runs = engine === 'PGlite' ? 20 : 40;
    const line = (label: string, s: Parameters<typeof fmt>[0]) =>
      console.log(`${engine.padEnd(10)} ${label.padEnd(58)} ${fmt(s)}`);

    line(
      'yardstick: bare SQL, discrepant emissions counted',
      await time(
        () =>
          handle.db.execute(sql`
            SELECT count(*) FROM emissions e
            LEFT JOIN (SELECT emission_id, sum(amount_cents) FILTER (WHERE category = 'revenue') AS rev,
                              -sum(amount_cents) FILTER (WHERE category = 'fees') AS fees
                       FROM financial_entries WHERE agency_id = ${agencyId} GROUP BY emission_id) p ON p.emission_id = e.id
            WHERE e.agency_id = ${agencyId} AND (coalesce(p.rev, 0) < e.revenue_cents OR coalesce(p.fees, 0) < e.fees_cents)`),
        runs,
        3,
      ),
    );
    line(
      'reconciliation, only discrepancies, first page',
      await time(() => getJson('/api/v1/reconciliation?only_discrepancies=true'), runs, 3),
    );
    line('reconciliation, every emission, first page', await time(() => getJson('/api/v1/reconciliation'), runs, 3));

    const month = (await getJson<{ period: { from: string; to: string } }>('/api/v1/finance/summary')).period;
    line(
      'yardstick: bare SQL, a month of emissions summed',
      await time(
        () =>
          handle.db.execute(sql`
            SELECT count(*), sum(revenue_cents), sum(margin_cents) FROM emissions
            WHERE agency_id = ${agencyId} AND created_at >= ${month.from}::date AND created_at < ${month.to}::date + 1`),
        runs,
        3,
      ),
    );
    line('finance summary, the current month', await time(() => getJson('/api/v1/finance/summary'), runs, 3));
    const yearFrom = addMonthsIso(month.from, -11)!;
    const yearTo = month.to;
    line(
      `finance summary, 12 months (${yearFrom} – ${yearTo})`,
      await time(() => getJson(`/api/v1/finance/summary?from=${yearFrom}&to=${yearTo}`), runs, 3),
    );
  });
}

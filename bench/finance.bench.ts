import { sql } from 'drizzle-orm';
import { addMonthsIso } from '../src/domain/format';
import { rowsOf } from '../src/server/db/rows';
import { fmt, forEachEngine, largeAgency, time } from './lib';

/**
 * Issue #15's reads: the reconciliation page ("only discrepancies"), the finance summary (a
 * month, twelve months) and the lots' performance on the large agency: the demo generator's agency of
 * BENCH_FINANCE_CLIENTS clients (default 20,000: ~24,000 emissions over a year, their lots and
 * accounts), its emissions copied until there are BENCH_FINANCE_EMISSIONS (default 500,000; each
 * copy a few minutes earlier than its original, so a year still), and postings for most of them
 * — most complete, some partly posted, some posted twice, some not at all — written a month of
 * emissions per statement, through the triggers that keep the figures (migration 0024). Each read
 * beside the plain SQL that answers the same question from the emissions and postings themselves,
 * as the superuser (no session, RLS or JSON), in the same run.
 */
export async function runFinanceBench() {
  const scale = Number(process.env.BENCH_FINANCE_CLIENTS ?? 20_000);
  const target = Number(process.env.BENCH_FINANCE_EMISSIONS ?? 500_000);
  console.log(
    `\n# Finance: reconciliation and summary at ${target.toLocaleString('en')} emissions (generated agency of ${scale.toLocaleString('en')} clients)`,
  );
  await forEachEngine(async (engine, handle, app) => {
    const { agencyId, getJson } = await largeAgency(engine, handle, app, { clients: scale, emissions: target });
    const runs = engine === 'PGlite' ? 20 : 40;
    const line = (label: string, st: Parameters<typeof fmt>[0]) =>
      console.log(`${engine.padEnd(10)} ${label.padEnd(66)} ${fmt(st)}`);
    /** The plain SQL over the rows themselves: slow at this size, so fewer runs. */
    const plain = (label: string, query: ReturnType<typeof sql>) =>
      time(() => handle.db.execute(query), 5, 1).then((st) => line(`yardstick: ${label}`, st));

    await plain(
      'plain SQL, emissions and discrepant ones recounted from postings',
      sql`
        WITH p AS (
          SELECT emission_id, sum(amount_cents) FILTER (WHERE category = 'revenue') AS revenue,
            -sum(amount_cents) FILTER (WHERE category = 'fees') AS fees, -sum(amount_cents) FILTER (WHERE category = 'miles_cost') AS miles,
            -sum(amount_cents) FILTER (WHERE category = 'rav') AS rav, count(*) - count(DISTINCT (category, amount_cents)) AS repeated
          FROM financial_entries WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND emission_id IS NOT NULL GROUP BY 1)
        SELECT count(*), count(*) FILTER (WHERE coalesce(p.revenue, 0) < e.revenue_cents OR coalesce(p.fees, 0) < e.fees_cents
          OR coalesce(p.miles, 0) < e.miles_cost_cents OR coalesce(p.rav, 0) < e.rav_cents OR coalesce(p.repeated, 0) > 0)
        FROM emissions e LEFT JOIN p ON p.emission_id = e.id WHERE e.agency_id = ${agencyId} AND e.deleted_at IS NULL`,
    );
    line(
      'yardstick: bare SQL, the kept days summed (the counts alone)',
      await time(
        () =>
          handle.db.execute(
            sql`SELECT sum(emissions), sum(discrepancies) FROM emission_days WHERE agency_id = ${agencyId}`,
          ),
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
    const yearFrom = addMonthsIso(month.from, -11)!;
    const summed = (from: string, to: string) => sql`
      SELECT count(*), sum(revenue_cents), sum(margin_cents) FROM emissions
      WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND status IN ('pending', 'processing', 'issued')
        AND created_at >= ${from}::date AND created_at < ${to}::date + 1`;
    await plain('plain SQL, a month of emissions summed (accrual alone)', summed(month.from, month.to));
    line('finance summary, the current month', await time(() => getJson('/api/v1/finance/summary'), runs, 3));
    await plain('plain SQL, 12 months of emissions summed (accrual alone)', summed(yearFrom, month.to));
    line(
      `finance summary, 12 months (${yearFrom} – ${month.to})`,
      await time(() => getJson(`/api/v1/finance/summary?from=${yearFrom}&to=${month.to}`), runs, 3),
    );

    const [{ lots } = { lots: 0 }] = rowsOf<{ lots: number }>(
      await handle.db.execute(sql`SELECT count(*)::int AS lots FROM mile_lots WHERE agency_id = ${agencyId}`),
    );
    line(
      `yardstick: bare SQL, the newest 10 of ${lots.toLocaleString('en')} lots`,
      await time(
        () =>
          handle.db.execute(sql`
            SELECT id FROM mile_lots WHERE agency_id = ${agencyId} AND deleted_at IS NULL
            ORDER BY purchase_date DESC, id DESC LIMIT 10`),
        runs,
        3,
      ),
    );
    line('lot performance, first page', await time(() => getJson('/api/v1/finance/lots'), runs, 3));
    line(
      'lot performance, last page',
      await time(() => getJson(`/api/v1/finance/lots?page=${Math.ceil(lots / 10)}`), runs, 3),
    );
  });
}

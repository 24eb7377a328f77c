import { sql } from 'drizzle-orm';
import { addMonthsIso } from '../src/domain/format';
import { rowsOf } from '../src/server/db/rows';
import { vacuumAnalyze } from '../src/server/demo/generate';
import { fmt, forEachEngine, generatedAgency, time } from './lib';

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
    const { mine, gen, getJson } = await generatedAgency(handle, app, scale);
    const agencyId = mine.agency.id;
    const started = performance.now();
    // Doubled (a copy of every emission so far, a few minutes earlier) until there are `target`.
    let count = gen.emissions;
    let copies = 0;
    while (count < target && count > 0) {
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
        LIMIT ${target - count}`);
      count += Math.min(count, target - count);
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

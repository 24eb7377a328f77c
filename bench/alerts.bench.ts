/**
 * The alerts' scan (issue #16: "the daily expiry scan over 20,000 lots ≤ 1 s, writing only what
 * changed"), in-process on each engine, as the job runs it (one agency, as its tenant):
 *
 * - the first scan of an agency with 20,000 lots (and the emissions drawing from them), which opens
 *   every alert its data calls for;
 * - the same scan again and again with nothing changed (it must open and resolve nothing);
 * - the next day's scan (a day's lots enter the window, none leave);
 * - beside them, measured in the same run, the yardstick: the plain SQL that only counts what the
 *   scan looks for (lots inside the window with miles left, emissions past their SLA or below 10 %).
 *
 *   npm run bench alerts
 *   BENCH_LOTS=5000 BENCH_ENGINE=PostgreSQL npm run bench alerts
 */
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIso } from '../src/domain/format';
import { scanAlerts } from '../src/server/alerts/alerts.service';
import { withTenant } from '../src/server/db/tenant';
import { clients } from '../src/server/db/schema';
import { generateAgencyData, generateLots, vacuumAnalyze } from '../src/server/demo/generate';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { fmt, forEachEngine, time } from './lib';

const TARGET_SCAN_MS = 1000;

export async function runAlertsBench() {
  const scale = Number(process.env.BENCH_LOTS ?? 20_000);
  console.log(`\n# Alerts: the scan over ${scale.toLocaleString('en')} lots, as the job runs it`);
  await forEachEngine(async (engine, handle) => {
    const mine = await createAgencyWithUser(handle.db);
    const agencyId = mine.agency.id;
    await generateAgencyData(handle.db, { agencyId, clients: 2000, emissionShare: 0 });
    const clientIds = (
      await handle.db.select({ id: clients.id }).from(clients).where(eq(clients.agency_id, agencyId))
    ).map((c) => c.id);
    const gen = await generateLots(handle.db, { agencyId, lots: scale, clientIds });
    await vacuumAnalyze(handle.db);
    const today = todayIso();
    const now = new Date().toISOString();
    const scan = (day: string) =>
      withTenant(handle.db, agencyId, (tx) => scanAlerts(tx, { agencyId, today: day, now }));

    const first = performance.now();
    const opened = await scan(today);
    const firstMs = performance.now() - first;
    let writes = 0;
    const again = await time(
      async () => {
        const r = await scan(today);
        writes += r.opened.length + r.resolved;
      },
      engine === 'PGlite' ? 10 : 20,
      2,
    );
    const nextDayStart = performance.now();
    const nextDay = await scan(addDaysIso(today, 1) ?? today);
    const nextDayMs = performance.now() - nextDayStart;
    const yardstick = await time(
      () =>
        withTenant(handle.db, agencyId, (tx) =>
          tx.execute(sql`
            SELECT
              (SELECT count(*) FROM mile_lots WHERE agency_id = ${agencyId} AND deleted_at IS NULL
                AND remaining_quantity > 0 AND expiry_date <= ${today}::date + 30),
              (SELECT count(*) FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL
                AND status IN ('pending', 'processing') AND submitted_at < ${now}::timestamptz - interval '24 hours'),
              (SELECT count(*) FROM emissions WHERE agency_id = ${agencyId} AND deleted_at IS NULL
                AND status IN ('pending', 'processing', 'issued') AND margin_cents * 10 < revenue_cents)`),
        ),
      engine === 'PGlite' ? 10 : 20,
      2,
    );
    console.log(
      `${engine.padEnd(10)} ${gen.lots} lots, ${gen.emissions} emissions; first scan ${firstMs.toFixed(0)} ms (opened ${opened.opened.length})`,
    );
    console.log(`${''.padEnd(10)} scan again, nothing changed: ${fmt(again)}  (rows written: ${writes})`);
    console.log(
      `${''.padEnd(10)} next day's scan: ${nextDayMs.toFixed(0)} ms (opened ${nextDay.opened.length}, resolved ${nextDay.resolved})`,
    );
    console.log(`${''.padEnd(10)} yardstick, the plain counts of what it looks for: ${fmt(yardstick)}`);
    const verdict = again.p50 <= TARGET_SCAN_MS && nextDayMs <= TARGET_SCAN_MS && writes === 0 ? 'ok' : 'OVER';
    console.log(`${''.padEnd(10)} target: scan ≤ ${TARGET_SCAN_MS} ms writing only what changed — ${verdict}`);
  });
}

import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows';
import { vacuumAnalyze } from '../src/server/demo/generate';
import { fmt, forEachEngine, largeAgency, time, timeExport } from './lib';

/**
 * Issue #20: the audit log (GET /api/v1/audit, admins) on the large agency (bench/lib.ts
 * largeAgency: BENCH_AUDIT_CLIENTS clients, BENCH_AUDIT_EMISSIONS emissions) with a year of audit
 * lines seeded (BENCH_AUDIT_LINES, default 200,000: what a busy agency writes in a year, a tenth of
 * them with before/after and most with an address) — the first page, a deep page, each filter, and
 * a month's CSV, beside the yardstick: the same page read by plain SQL along
 * activity_agency_created_idx (as the superuser: no session, RLS or JSON), in the same run. On
 * PostgreSQL the list's plan is printed and must walk that index. Targets: p50 ≤ 30 ms on
 * PostgreSQL, ≤ 100 ms on PGlite, for every list request.
 *
 *   npm run bench audit
 *   BENCH_ENGINE=PostgreSQL npm run bench audit
 *   BENCH_AUDIT_CLIENTS=5000 BENCH_AUDIT_EMISSIONS=50000 npm run bench audit   # a quick run
 */
const TARGET_MS = { PostgreSQL: 30, PGlite: 100 } as const;

const KINDS = [
  ['client_updated', 'client', 'Cliente Fulano atualizado'],
  ['lot_created', 'lot', 'Lote LATAM Pass de 100.000 milhas cadastrado'],
  ['emission_issue', 'emission', 'Emissão GRU-LIS emitida'],
  ['entry_created', 'entry', 'Lançamento Taxas de R$ 120,00 criado'],
  ['emission_created', 'emission', 'Emissão GRU-MIA criada para Fulano'],
  ['quote_sent', 'quote', 'Cotação GRU-SCL marcada como enviada'],
  ['rule_updated', 'rule', 'Regra Smiles atualizada'],
  ['import_completed', 'import', 'Importação de clientes concluída'],
] as const;

export async function runAuditBench() {
  const clients = Number(process.env.BENCH_AUDIT_CLIENTS ?? 50_000);
  const emissions = Number(process.env.BENCH_AUDIT_EMISSIONS ?? 500_000);
  const lines = Number(process.env.BENCH_AUDIT_LINES ?? 200_000);
  console.log(
    `\n# Audit log: ${lines.toLocaleString('en')} lines over a year (agency of ${clients.toLocaleString('en')} clients, ${emissions.toLocaleString('en')} emissions)`,
  );
  let missed = false;
  await forEachEngine(async (engine, handle, app) => {
    const { agencyId, getJson, cookie, mine } = await largeAgency(engine, handle, app, { clients, emissions });
    const db = handle.db;
    const kinds = `{${KINDS.map(([k]) => k).join(',')}}`;
    const refTypes = `{${KINDS.map(([, r]) => r).join(',')}}`;
    const texts = `{${KINDS.map(([, , d]) => `"${d}"`).join(',')}}`;
    const started = performance.now();
    // A year of lines, newest now; one statement. Every twelfth line is the system's (a job).
    await db.execute(sql`
      INSERT INTO activity (agency_id, user_id, kind, description, ref_type, ref_id, changes, ip, created_at)
      SELECT ${agencyId}::uuid, CASE WHEN g % 12 = 0 THEN NULL ELSE ${mine.user.id}::uuid END,
        (${kinds}::text[])[1 + g % 8], (${texts}::text[])[1 + g % 8], (${refTypes}::text[])[1 + g % 8],
        gen_random_uuid(),
        CASE WHEN g % 10 = 0 THEN jsonb_build_object('status', jsonb_build_array('active', 'blocked')) END,
        CASE WHEN g % 12 = 0 THEN NULL ELSE '200.155.92.' || (g % 250) END,
        now() - make_interval(secs => g * (365.0 * 86400 / ${lines}))
      FROM generate_series(1, ${lines}) g`);
    await vacuumAnalyze(db);
    await db.execute(sql`VACUUM ANALYZE activity`);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM activity WHERE agency_id = ${agencyId}`),
    );
    console.log(
      `${engine.padEnd(10)} ${n.toLocaleString('en')} audit lines (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );

    const runs = engine === 'PGlite' ? 20 : 40;
    const target = TARGET_MS[engine as keyof typeof TARGET_MS] ?? 30;
    const line = (label: string, st: Parameters<typeof fmt>[0], check = false) => {
      const verdict = check ? (st.p50 <= target ? `target ≤ ${target} ms: met` : `target ≤ ${target} ms: MISSED`) : '';
      if (check && st.p50 > target) missed = true;
      console.log(`${engine.padEnd(10)} ${label.padEnd(58)} ${fmt(st)}  ${verdict}`);
    };

    const plain = sql`
      SELECT a.id, a.created_at, a.kind, coalesce(u.name, 'Sistema') AS user_name, a.description, a.changes, a.ip,
        (SELECT count(*) FROM (SELECT 1 FROM activity WHERE agency_id = ${agencyId} LIMIT 10001) t) AS total
      FROM activity a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.agency_id = ${agencyId}
      ORDER BY a.created_at DESC NULLS LAST, a.id DESC LIMIT 25`;
    line('yardstick: plain SQL, newest 25 and the capped count', await time(() => db.execute(plain), runs, 3));

    const month = new Date(Date.now() - 90 * 86400_000).toISOString().slice(0, 7);
    const cases: [string, string][] = [
      ['first page', '/api/v1/audit'],
      ['page 200 (lines 4,976–5,000)', '/api/v1/audit?page=200'],
      ['area Financeiro', '/api/v1/audit?area=finance'],
      ['user Sistema', '/api/v1/audit?user_id=system'],
      [`one month (${month})`, `/api/v1/audit?from=${month}-01&to=${month}-28`],
      ['area Regras in one month', `/api/v1/audit?area=rules&from=${month}-01&to=${month}-28`],
    ];
    for (const [label, path] of cases) line(label, await time(() => getJson(path), runs, 3), true);
    line(
      `CSV of one month (${month})`,
      await timeExport(app, cookie, `/api/v1/audit/export?from=${month}-01&to=${month}-28`),
    );

    if (engine === 'PostgreSQL') {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await db.execute(sql`EXPLAIN
          SELECT a.id FROM activity a WHERE a.agency_id = ${agencyId}::uuid AND split_part(a.kind, '_', 1) = ANY('{entry,entries}'::text[])
          ORDER BY a.created_at DESC NULLS LAST, a.id DESC LIMIT 25 OFFSET 25`),
      ).map((r) => r['QUERY PLAN']);
      console.log(plan.map((l) => `${engine.padEnd(10)}   ${l}`).join('\n'));
      if (!plan.some((l) => l.includes('activity_agency_created_idx'))) {
        console.log(`${engine.padEnd(10)} the list does not walk activity_agency_created_idx: MISSED`);
        missed = true;
      }
    }
  });
  if (missed) process.exitCode = 1;
}

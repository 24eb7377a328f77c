import { fmt, forEachEngine, generatedAgency, time } from './lib';

/**
 * Issue #19's reports: an emission's PDF and a lot's through POST /api/v1/reports (the record's
 * data read, the PDF laid out in the PDF thread, kept in stored_files and its history), on the
 * demo generator's agency (BENCH_CLIENTS, default 5,000), beside the yardstick of the same run:
 * the record's own page (GET /emissions/:id, GET /lots/:id, GET /finance/summary). Targets: an
 * emission's PDF ≤ 300 ms p50, a month's finance report with its twelve months charted ≤ 1.5 s.
 *
 *   npm run bench reports
 *   BENCH_ENGINE=PostgreSQL npm run bench reports
 */
const TARGET_MS = 300;
const FINANCE_TARGET_MS = 1500;

export async function runReportsBench() {
  const clients = Number(process.env.BENCH_CLIENTS ?? 5000);
  console.log(`\n# Reports: PDFs through the API (agency of ${clients.toLocaleString('en')} clients)`);
  let missed = false;
  await forEachEngine(async (engine, handle, app) => {
    const { cookie, getJson } = await generatedAgency(handle, app, clients);
    const emissions = await getJson('/api/v1/emissions?status=issued&limit=20');
    const lots = await getJson('/api/v1/lots?limit=20');
    const post = async (body: object) => {
      const res = await app.request('http://localhost/api/v1/reports', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`POST /reports → ${res.status}: ${await res.text()}`);
      return res.json();
    };
    let i = 0;
    const emissionId = () => emissions.data[i++ % emissions.data.length].id as string;
    const lotId = () => lots.data[i++ % lots.data.length].id as string;
    const runs = engine === 'PGlite' ? 20 : 40;
    const line = (label: string, st: Parameters<typeof fmt>[0], check = false) => {
      const verdict = check
        ? st.p50 <= TARGET_MS
          ? `target ≤ ${TARGET_MS} ms: met`
          : `target ≤ ${TARGET_MS} ms: MISSED`
        : '';
      if (check && st.p50 > TARGET_MS) missed = true;
      console.log(`${engine.padEnd(10)} ${label.padEnd(56)} ${fmt(st)}  ${verdict}`);
    };
    line(
      'yardstick: the emission page (GET /emissions/:id)',
      await time(() => getJson(`/api/v1/emissions/${emissionId()}`), runs, 3),
    );
    line(
      "an emission's PDF (POST /reports)",
      await time(() => post({ ref_type: 'emission', ref_id: emissionId() }), runs, 3),
      true,
    );
    line('yardstick: the lot page (GET /lots/:id)', await time(() => getJson(`/api/v1/lots/${lotId()}`), runs, 3));
    line("a lot's PDF (POST /reports)", await time(() => post({ ref_type: 'lot', ref_id: lotId() }), runs, 3));
    const month = new Date().toISOString().slice(0, 7);
    line(
      'yardstick: the finance summary (GET /finance/summary)',
      await time(() => getJson('/api/v1/finance/summary'), runs, 3),
    );
    const finance = await time(() => post({ ref_type: 'finance_month', month }), engine === 'PGlite' ? 10 : 20, 2);
    console.log(
      `${engine.padEnd(10)} ${"a month's finance report, 12 months charted (POST /reports)".padEnd(56)} ${fmt(finance)}  ${
        finance.p50 <= FINANCE_TARGET_MS
          ? `target ≤ ${FINANCE_TARGET_MS} ms: met`
          : `target ≤ ${FINANCE_TARGET_MS} ms: MISSED`
      }`,
    );
    if (finance.p50 > FINANCE_TARGET_MS) missed = true;
  });
  if (missed) process.exitCode = 1;
}

/**
 * "Salvar Cotação" (issue #19: "saving a quote ≤ 30 ms p50"), in-process through the real app on
 * each engine: POST /api/v1/quotes with a session cookie (session lookup, RLS transaction, one
 * statement reading the client, account, lot, rule, settings and the programme's and account's
 * stock, the domain's simulate(), one statement writing the quote with its activity line and
 * event), on a generated agency of BENCH_QUOTE_CLIENTS clients (default 2,000) with their
 * accounts, lots and a year of emissions. Three kinds of save: from a lot, from the programme's
 * stock with an account, from the stock alone.
 *
 * Yardsticks printed beside them, measured in the same run: GET /api/v1/auth/me (what any
 * signed-in request costs: the session, the tenant's transaction, a small answer), and the bare
 * INSERT of the same quote row through the database, without HTTP or reads.
 *
 *   npm run bench quotes
 *   BENCH_QUOTE_CLIENTS=500 BENCH_ENGINE=PostgreSQL npm run bench quotes
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { todayIso } from '../src/domain/format';
import { rowsOf } from '../src/server/db/rows';
import { fmt, forEachEngine, generatedAgency, time } from './lib';

const TARGET_P50_MS = 30;
const WIDTH = 51;

export async function runQuotesBench() {
  const clients = Number(process.env.BENCH_QUOTE_CLIENTS ?? 2000);
  const n = Number(process.env.BENCH_QUOTES ?? 200);
  console.log(
    `\n# Quotes: POST /api/v1/quotes ("Salvar Cotação"), ${n} saves of each kind, one caller, on an agency of ${clients.toLocaleString('en')} clients (in-process through the app)`,
  );
  await forEachEngine(async (engine, handle, app) => {
    const { mine, cookie } = await generatedAgency(handle, app, clients);
    const agencyId = mine.agency.id;
    const [pick] = rowsOf<{ client_id: string; account_id: string; lot_id: string; program: string }>(
      await handle.db.execute(sql`
        SELECT a.client_id, a.id AS account_id, l.id AS lot_id, a.program
        FROM mile_lots l JOIN loyalty_accounts a ON a.agency_id = l.agency_id AND a.id = l.account_id
        WHERE l.agency_id = ${agencyId} AND l.status = 'available' AND l.remaining_quantity > 0
          AND (l.expiry_date IS NULL OR l.expiry_date >= ${todayIso()}::date) AND a.client_id IS NOT NULL
        ORDER BY l.remaining_quantity DESC, l.id LIMIT 1`),
    );
    if (!pick) throw new Error('no available lot in the generated agency');
    const base = {
      program: pick.program,
      miles: '30000',
      fees_cents: '245,90',
      rav_cents: '50,00',
      rav_mode: 'revenue',
      markup_percent: '15',
      route: 'NAT-GRU-NAT',
      passengers: ['Maria das Dores'],
    };
    const post = async (body: unknown) => {
      const res = await app.request('http://localhost/api/v1/quotes', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`POST /quotes → ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    const kinds = [
      ['from a lot', { ...base, client_id: pick.client_id, account_id: pick.account_id, lot_id: pick.lot_id }],
      [
        "from the programme's stock, with an account",
        { ...base, client_id: pick.client_id, account_id: pick.account_id },
      ],
      ["from the programme's stock alone", base],
    ] as const;
    const results = [];
    for (const [label, body] of kinds) {
      const timed = await time(() => post(body), n, 20);
      results.push(timed);
      console.log(`${engine.padEnd(10)} ${`save ${label}`.padEnd(WIDTH)} ${fmt(timed)}`);
    }
    const me = await time(async () => {
      const res = await app.request('http://localhost/api/v1/auth/me', { headers: { cookie } });
      await res.arrayBuffer();
    }, n);
    console.log(`${engine.padEnd(10)} ${'yardstick: GET /api/v1/auth/me'.padEnd(WIDTH)} ${fmt(me)}`);
    const insert = await time(
      () =>
        handle.db.execute(sql`
          INSERT INTO quotes (id, agency_id, program, route, miles, fees_cents, rav_cents, rav_mode, markup_percent,
            cost_per_thousand, cost_source, miles_cost_cents, markup_cents, price_cents, total_cost_cents, margin_cents,
            margin_percent, card_interest_percent, validity_hours, valid_until)
          VALUES (${randomUUID()}, ${agencyId}, ${pick.program}, 'NAT-GRU-NAT', 30000, 24590, 5000, 'revenue', 15,
            '15.0000', 'fallback', 45000, 10439, 85029, 69590, 15439, 18.16, '[0,0,0,5.02,6.05,7.08,8.12,9.16,10.21,11.27,12.33,13.4]'::jsonb,
            48, now() + interval '48 hours')`),
      n,
    );
    console.log(`${engine.padEnd(10)} ${'yardstick: the bare INSERT of a quote row'.padEnd(WIDTH)} ${fmt(insert)}`);
    const worst = Math.max(...results.map((r) => r.p50));
    console.log(
      `${engine.padEnd(10)} target ≤ ${TARGET_P50_MS} ms p50 for every kind of save: ${worst <= TARGET_P50_MS ? 'met' : 'MISSED'} (worst p50 ${worst.toFixed(2)} ms)`,
    );
  });
}

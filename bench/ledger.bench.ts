/**
 * Issue #23 (first part: transfers and credits "a creditar"), in-process through the real app on
 * each engine, on a generated agency of BENCH_LEDGER_CLIENTS clients (default 2,000) with its
 * accounts, lots and a year of emissions, plus BENCH_LEDGER_CREDITS credits due today (default
 * 10,000) spread over its airline accounts:
 *
 * - GET /api/v1/credits?status=pending (the "Milhas a creditar" section of /lotes): p50, beside the
 *   plain SQL answering the same page;
 * - the credits.due job crediting them all (each becomes a lot; target ≤ 1 s for 10,000), beside the
 *   bare INSERT of as many lot rows and UPDATE of as many credit rows into plain tables of the same
 *   columns; then the job again with nothing due (writes nothing).
 *
 *   npm run bench ledger
 *   BENCH_LEDGER_CLIENTS=500 BENCH_ENGINE=PostgreSQL npm run bench ledger
 */
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { todayIso } from '../src/domain/format';
import { rowsOf } from '../src/server/db/rows';
import { seedDemoSuppliers } from '../src/server/demo/suppliers';
import { creditsDueJob } from '../src/server/transfers/credits.jobs';
import { fmt, forEachEngine, generatedAgency, time } from './lib';

const WIDTH = 58;
const JOB_TARGET_MS = 1000;
const JOB_ROUNDS = 3;
const PAGE_TARGET = { PGlite: 150, PostgreSQL: 50 } as Record<string, number>;

export async function runLedgerBench() {
  const clients = Number(process.env.BENCH_LEDGER_CLIENTS ?? 2000);
  const credits = Number(process.env.BENCH_LEDGER_CREDITS ?? 10_000);
  console.log(
    `\n# Ledger (issue #23): ${credits.toLocaleString('en')} credits due today on an agency of ${clients.toLocaleString('en')} clients (in-process through the app)`,
  );
  await forEachEngine(async (engine, handle, app) => {
    const { mine, cookie } = await generatedAgency(handle, app, clients);
    const agencyId = mine.agency.id;
    const today = todayIso();
    await addDueCredits(handle, agencyId, credits, today);

    const page = await time(async () => {
      const res = await app.request('http://localhost/api/v1/credits?status=pending&page=1&limit=20', {
        headers: { cookie },
      });
      if (res.status !== 200) throw new Error(`GET /credits → ${res.status}`);
      await res.arrayBuffer();
    }, 50);
    console.log(`${engine.padEnd(10)} ${'GET /api/v1/credits?status=pending (first page)'.padEnd(WIDTH)} ${fmt(page)}`);
    const plain = await time(
      () =>
        handle.db.execute(sql`SELECT c.*, a.program, a.account_number FROM mile_credits c
          JOIN loyalty_accounts a ON a.agency_id = c.agency_id AND a.id = c.account_id
          WHERE c.agency_id = ${agencyId} AND c.status = 'pending' ORDER BY c.credit_date, c.id LIMIT 20`),
      50,
    );
    console.log(`${engine.padEnd(10)} ${'yardstick: the plain SQL of the same page'.padEnd(WIDTH)} ${fmt(plain)}`);

    // Yardstick on the real table: the same 10,000 lots by one INSERT … SELECT into mile_lots (its
    // indexes and statement triggers), rolled back.
    let realMs = 0;
    await settle(handle);
    await handle.db
      .transaction(async (tx) => {
        const start = performance.now();
        await tx.execute(sql`INSERT INTO mile_lots (agency_id, account_id, program, account_number, original_quantity,
            remaining_quantity, total_cost_cents, cost_per_thousand, purchase_date, status)
          SELECT c.agency_id, c.account_id, a.program, a.account_number, c.expected_quantity, c.expected_quantity, c.cost_cents,
            round(c.cost_cents * 10.0 / c.expected_quantity, 4), c.credit_date, 'available'
          FROM mile_credits c JOIN loyalty_accounts a ON a.agency_id = c.agency_id AND a.id = c.account_id
          WHERE c.agency_id = ${agencyId} AND c.status = 'pending'`);
        realMs = performance.now() - start;
        throw new Error('rollback');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error && err.message === 'rollback')) throw err;
      });
    console.log(
      `${engine.padEnd(10)} ${'yardstick: one INSERT … SELECT of the lots into mile_lots'.padEnd(WIDTH)} ${realMs.toFixed(0)} ms`,
    );

    // The job, in JOB_ROUNDS rounds of `credits` new credits due, each on tables as autovacuum leaves
    // them between two nights (the rolled-back yardstick above leaves 10,000 dead lots and their
    // entries in the trigram index's pending list, which the next insert would otherwise clean up).
    const logger = pino({ level: 'silent' });
    const rounds: number[] = [];
    for (let round = 0; round < JOB_ROUNDS; round++) {
      if (round > 0) await addDueCredits(handle, agencyId, credits, today);
      await settle(handle);
      const before = performance.now();
      await creditsDueJob.handle({ today, agency_id: agencyId }, { db: handle.db, logger, job: {} as never });
      rounds.push(performance.now() - before);
      const [left] = rowsOf<{ n: number }>(
        await handle.db.execute(
          sql`SELECT count(*)::int AS n FROM mile_credits WHERE agency_id = ${agencyId} AND status = 'pending'`,
        ),
      );
      if (left!.n !== 0) throw new Error(`${left!.n} credits left pending`);
    }
    const jobMs = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
    console.log(
      `${engine.padEnd(10)} ${`credits.due job: ${credits.toLocaleString('en')} credits become lots (median)`.padEnd(WIDTH)} ${jobMs.toFixed(0)} ms (rounds: ${rounds.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    const again = performance.now();
    await creditsDueJob.handle({ today, agency_id: agencyId }, { db: handle.db, logger, job: {} as never });
    console.log(
      `${engine.padEnd(10)} ${'credits.due job again, nothing due'.padEnd(WIDTH)} ${(performance.now() - again).toFixed(1)} ms`,
    );
    // Yardstick: the same rows into plain tables of the same columns, no index, trigger or key.
    await handle.db.execute(sql`CREATE TEMP TABLE bare_lots (LIKE mile_lots INCLUDING DEFAULTS)`);
    await handle.db.execute(
      sql`CREATE TEMP TABLE bare_credits AS SELECT * FROM mile_credits WHERE agency_id = ${agencyId}`,
    );
    const bare = performance.now();
    await handle.db
      .execute(sql`INSERT INTO bare_lots (id, agency_id, account_id, program, account_number, original_quantity,
        remaining_quantity, total_cost_cents, cost_per_thousand, purchase_date, status)
      SELECT gen_random_uuid(), agency_id, account_id, 'SMILES', 'X', expected_quantity, expected_quantity, cost_cents,
        round(cost_cents * 10.0 / expected_quantity, 4), credit_date, 'available' FROM bare_credits`);
    await handle.db.execute(sql`UPDATE bare_credits SET status = 'credited', updated_at = now()`);
    const bareMs = performance.now() - bare;
    console.log(
      `${engine.padEnd(10)} ${'yardstick: bare INSERT of the lots + UPDATE of the credits'.padEnd(WIDTH)} ${bareMs.toFixed(0)} ms`,
    );
    await handle.db.execute(sql`DROP TABLE bare_lots`);
    await handle.db.execute(sql`DROP TABLE bare_credits`);
    const pageTarget = PAGE_TARGET[engine] ?? 50;
    console.log(
      `${engine.padEnd(10)} targets: list p50 ≤ ${pageTarget} ms ${page.p50 <= pageTarget ? 'met' : 'MISSED'}; job ≤ ${JOB_TARGET_MS} ms ${jobMs <= JOB_TARGET_MS ? 'met' : 'MISSED'}`,
    );

    await benchHistory(engine, handle, app, { agencyId, cookie, pageTarget });
    await benchPayables(engine, handle, app, { agencyId, cookie, pageTarget });
    await benchSuppliers(engine, handle, app, { agencyId, cookie, pageTarget, userId: mine.user.id });
  });
}

type Handle = Parameters<Parameters<typeof forEachEngine>[0]>[1];
/** BENCH_LEDGER_CREDITS more credits due today (or up to 29 days ago) over the agency's airline accounts. */
async function addDueCredits(handle: Handle, agencyId: string, credits: number, today: string) {
  await handle.db.execute(sql`
      INSERT INTO mile_credits (agency_id, account_id, kind, expected_quantity, cost_cents, credit_date)
      SELECT ${agencyId}, a.id, CASE WHEN g % 2 = 0 THEN 'transfer_base' ELSE 'transfer_bonus' END,
        10000 + (g % 50) * 1000, 17500 + g % 1000, ${today}::date - (g % 30)
      FROM generate_series(1, ${credits}) g
      JOIN LATERAL (
        SELECT id FROM loyalty_accounts
        WHERE agency_id = ${agencyId} AND program IN ('SMILES', 'LATAM', 'AZUL') AND deleted_at IS NULL
        ORDER BY id OFFSET (g % 500) LIMIT 1
      ) a ON true`);
  await handle.db.execute(sql`ANALYZE mile_credits`);
}

/** The tables as autovacuum leaves them: dead rows and the trigram index's pending list cleaned up. */
async function settle(handle: Handle) {
  await handle.db.execute(sql`VACUUM (ANALYZE) mile_lots, lot_search_entries, lot_totals, mile_credits`);
}

type App = Parameters<Parameters<typeof forEachEngine>[0]>[2];
interface Subject {
  agencyId: string;
  cookie: string;
  pageTarget: number;
}

async function timedPage(app: App, cookie: string, path: string) {
  return time(async () => {
    const res = await app.request(`http://localhost${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${path} → ${res.status}`);
    await res.arrayBuffer();
  }, 30);
}

/**
 * An account's history (/contas/:id) once the agency holds BENCH_LEDGER_MOVEMENTS movements
 * (default 200,000: its lots, emissions and transfers, topped up with lots bought across its
 * accounts), on its busiest account, beside the plain SQL reading that account's lots.
 */
async function benchHistory(engine: string, handle: Handle, app: App, { agencyId, cookie, pageTarget }: Subject) {
  const target = Number(process.env.BENCH_LEDGER_MOVEMENTS ?? 200_000);
  const [have] = rowsOf<{ n: number }>(
    await handle.db.execute(sql`SELECT ((SELECT count(*) FROM mile_lots WHERE agency_id = ${agencyId})
      + (SELECT count(*) FROM emission_allocations WHERE agency_id = ${agencyId}))::int AS n`),
  );
  const missing = Math.max(0, target - have!.n);
  await handle.db.execute(sql`INSERT INTO mile_lots (agency_id, account_id, program, account_number, original_quantity,
      remaining_quantity, total_cost_cents, cost_per_thousand, purchase_date, expiry_date, status)
    SELECT ${agencyId}, a.id, a.program, a.account_number, 10000, 10000, 17500, 17.5, CURRENT_DATE - (g % 365),
      CURRENT_DATE + 365, 'available'
    FROM generate_series(1, ${missing}) g
    JOIN LATERAL (SELECT id, program, account_number FROM loyalty_accounts
      WHERE agency_id = ${agencyId} AND deleted_at IS NULL ORDER BY id OFFSET (g % 800) LIMIT 1) a ON true`);
  await handle.db.execute(sql`ANALYZE mile_lots`);
  const [busiest] = rowsOf<{ account_id: string; n: number }>(
    await handle.db.execute(sql`SELECT account_id, count(*)::int AS n FROM mile_lots WHERE agency_id = ${agencyId}
      GROUP BY account_id ORDER BY count(*) DESC LIMIT 1`),
  );
  const history = await timedPage(app, cookie, `/api/v1/accounts/${busiest!.account_id}/history?page=1`);
  console.log(
    `${engine.padEnd(10)} ${`GET /accounts/:id/history (${busiest!.n} lots; ${(have!.n + missing).toLocaleString('en')} movements)`.padEnd(WIDTH)} ${fmt(history)}`,
  );
  const plain = await time(
    () =>
      handle.db.execute(sql`SELECT purchase_date, original_quantity, total_cost_cents FROM mile_lots
        WHERE agency_id = ${agencyId} AND account_id = ${busiest!.account_id} AND deleted_at IS NULL
        ORDER BY purchase_date DESC LIMIT 25`),
    30,
  );
  console.log(
    `${engine.padEnd(10)} ${"yardstick: the plain SQL of the account's latest lots".padEnd(WIDTH)} ${fmt(plain)}`,
  );
  console.log(
    `${engine.padEnd(10)} target: history p50 ≤ ${pageTarget} ms ${history.p50 <= pageTarget ? 'met' : 'MISSED'}`,
  );
}

/**
 * /financeiro's "Contas a pagar" once the agency has BENCH_LEDGER_INSTALMENTS card instalments
 * (default 100,000, over the next two years): the default page (this month and the 11 after, with
 * each month's totals), beside the plain SQL summing the same months.
 */
async function benchPayables(engine: string, handle: Handle, app: App, { agencyId, cookie, pageTarget }: Subject) {
  const instalments = Number(process.env.BENCH_LEDGER_INSTALMENTS ?? 100_000);
  const [card] = rowsOf<{ id: string }>(
    await handle.db.execute(sql`INSERT INTO cards (agency_id, name, brand, closing_day, due_day)
      VALUES (${agencyId}, 'Cartão do bench', 'visa', 5, 15) RETURNING id`),
  );
  const started = performance.now();
  await handle.db
    .execute(sql`INSERT INTO card_payables (agency_id, card_id, lot_id, instalment, instalments, amount_cents, due_date)
    SELECT ${agencyId}, ${card!.id}, l.id, k, 20, 17500 + (l.n % 100), (date_trunc('month', CURRENT_DATE) + ((l.n + k) % 24) * interval '1 month')::date + 14
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM mile_lots WHERE agency_id = ${agencyId} LIMIT ${Math.ceil(instalments / 20)}) l
    CROSS JOIN generate_series(1, 20) k`);
  const insertMs = performance.now() - started;
  // As autovacuum leaves a table after a bulk load (visibility map set, statistics fresh).
  await handle.db.execute(sql`VACUUM ANALYZE card_payables`);
  console.log(
    `${engine.padEnd(10)} ${`INSERT of ${instalments.toLocaleString('en')} instalments into card_payables`.padEnd(WIDTH)} ${insertMs.toFixed(0)} ms`,
  );
  const page = await timedPage(app, cookie, '/api/v1/payables');
  console.log(`${engine.padEnd(10)} ${'GET /api/v1/payables (12 months, first page)'.padEnd(WIDTH)} ${fmt(page)}`);
  const plain = await time(
    () =>
      handle.db.execute(sql`SELECT date_trunc('month', due_date), sum(amount_cents), count(*) FROM card_payables
        WHERE agency_id = ${agencyId} AND due_date BETWEEN date_trunc('month', CURRENT_DATE)::date
          AND (date_trunc('month', CURRENT_DATE) + interval '12 months')::date - 1
        GROUP BY 1 ORDER BY 1`),
    30,
  );
  console.log(`${engine.padEnd(10)} ${'yardstick: the plain SQL of the 12 months’ sums'.padEnd(WIDTH)} ${fmt(plain)}`);
  console.log(
    `${engine.padEnd(10)} target: payables p50 ≤ ${pageTarget} ms ${page.p50 <= pageTarget ? 'met' : 'MISSED'}`,
  );
}

/**
 * /lotes's "Fornecedores": the agency's lots joined to the registry as migration 0040 does, then the
 * suppliers with this year's figures (lots, miles, paid, average cost), beside the plain SQL
 * grouping the same lots by supplier.
 */
async function benchSuppliers(
  engine: string,
  handle: Handle,
  app: App,
  { agencyId, cookie, pageTarget, userId }: Subject & { userId: string },
) {
  await seedDemoSuppliers(handle.db, { agencyId, userId });
  await handle.db.execute(sql`ANALYZE mile_lots`);
  const [counts] = rowsOf<{ suppliers: number; lots: number }>(
    await handle.db.execute(sql`SELECT (SELECT count(*)::int FROM suppliers WHERE agency_id = ${agencyId}) AS suppliers,
      (SELECT count(*)::int FROM mile_lots WHERE agency_id = ${agencyId} AND supplier_id IS NOT NULL) AS lots`),
  );
  const list = await timedPage(app, cookie, '/api/v1/suppliers');
  console.log(
    `${engine.padEnd(10)} ${`GET /api/v1/suppliers (${counts!.suppliers} suppliers, ${counts!.lots.toLocaleString('en')} lots)`.padEnd(WIDTH)} ${fmt(list)}`,
  );
  const year = `${todayIso().slice(0, 4)}-01-01`;
  const plain = await time(
    () =>
      handle.db.execute(sql`SELECT supplier_id, count(*), sum(original_quantity), sum(total_cost_cents) FROM mile_lots
        WHERE agency_id = ${agencyId} AND supplier_id IS NOT NULL AND deleted_at IS NULL
          AND purchase_date BETWEEN ${year}::date AND CURRENT_DATE
        GROUP BY supplier_id`),
    30,
  );
  console.log(
    `${engine.padEnd(10)} ${'yardstick: the plain SQL of the same sums by supplier'.padEnd(WIDTH)} ${fmt(plain)}`,
  );
  console.log(
    `${engine.padEnd(10)} target: suppliers p50 ≤ ${pageTarget} ms ${list.p50 <= pageTarget ? 'met' : 'MISSED'}`,
  );
}

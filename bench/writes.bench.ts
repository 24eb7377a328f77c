/**
 * Bulk writes at scale (issue #12): what the kept structures of clients, mile_lots and emissions
 * (indexes, triggers, row-level security, the tenant role) cost a bulk import and its undo.
 *
 * 1. Clients: N clients of one agency inserted as the tenant (withTenant, one transaction per
 *    batch), one INSERT … SELECT FROM unnest(arrays) per batch; then softDeleteClients of all N in
 *    one call and restoreClients of all N in one call, each inside one withTenant.
 * 2. Lots: N lots across 8 of the agency's own loyalty accounts, the same way; softDeleteLots and
 *    restoreLots.
 * 3. Emissions: N issued emissions, one allocation each, drawing from N/100 big lots (per batch, as
 *    a bulk import would: the lots' remaining miles decremented, the emissions, the allocations, as
 *    the tenant); softDeleteEmissions and restoreEmissions; the lot invariant (brokenLots) checked
 *    after each step.
 *    With case postings, before the soft delete: four postings per emission (revenue, fees, miles
 *    cost, RAV; 1,000 emissions' per INSERT), through the trigger that keeps the finance figures
 *    per day (migration 0024); the emissions' soft delete and restore then carry them too.
 * 4. Linearity: the soft delete (and restore) of clients, and of emissions, at N/4, N/2 and N, time per row.
 *
 * Every figure is printed beside a yardstick from the same run: the same statements on bare
 * copies of the tables (CREATE TABLE … (LIKE … INCLUDING DEFAULTS INCLUDING GENERATED): the same
 * columns, defaults and generated columns, but no index, no trigger, no constraint beyond NOT
 * NULL, no row-level security), as the connecting role; and the ratio of the two. The bare soft
 * delete is `UPDATE bare_clients SET deleted_at = now() WHERE id = ANY($1::uuid[])` (restore: back
 * to NULL); for emissions also the allocations released and the miles returned to the lots.
 * Before each soft delete both sides are vacuumed and analysed, so every step starts clean.
 *
 * Targets on PostgreSQL: inserts of clients and lots ≥ 20,000 rows/s and ≤ 5× the bare table's
 * time; each soft delete and restore ≤ 10 s per 100,000 rows (100 µs per row).
 *
 *   npm run bench writes                        # N = 100,000 on PostgreSQL, 10,000 on PGlite
 *   BENCH_WRITES=5000 npm run bench writes
 *   BENCH_WRITES_PGLITE=100000 npm run bench writes  # PGlite's N (default: BENCH_WRITES, at most 10,000)
 *   BENCH_ENGINE=PostgreSQL npm run bench writes
 *   BENCH_WRITES_CASES=clients,lots npm run bench writes   # some of clients, lots, emissions, postings, linearity
 *   BENCH_WRITES_BATCH=5000 npm run bench writes           # rows per INSERT (default 1,000)
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { milesCostCents } from '../src/domain/lots/lot.rules';
import { restoreClients, softDeleteClients } from '../src/server/clients/clients.service';
import type { Database, Db } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { withTenant } from '../src/server/db/tenant';
import { restoreEmissions, softDeleteEmissions } from '../src/server/emissions/emissions.service';
import { restoreLots, softDeleteLots } from '../src/server/lots/lots.service';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { brokenLots, keptFigureMismatches } from '../src/server/testing/invariants';
import {
  createRng,
  DOMESTIC,
  generateAgencyData,
  INTERNATIONAL,
  makeClient,
  SUPPLIERS,
  type Rng,
} from '../src/server/demo/generate';
import { engines } from './lib';

const TARGET_INSERTS_PER_S = 20_000;
const TARGET_INSERT_RATIO = 5;
const TARGET_US_PER_ROW = 100; // 10 s per 100,000
/** PGlite's N unless BENCH_WRITES_PGLITE says otherwise: one connection, so a 100,000 run takes many minutes. */
const PGLITE_DEFAULT_N = 10_000;
const CASES = ['clients', 'lots', 'emissions', 'postings', 'linearity'] as const;

const param = (values: readonly unknown[]) => sql.param(values);

// ---------------------------------------------------------------------------------------------
// Data: clients, suppliers and airports come from the demo generator (src/server/demo/generate.ts)

const AIRPORTS = [...DOMESTIC, ...INTERNATIONAL];
const ACCOUNTS = [
  ['LATAM', '11'],
  ['LATAM', '11'],
  ['SMILES', '9'],
  ['SMILES', '9'],
  ['AZUL', '10'],
  ['AZUL', '10'],
  ['TAP', '9'],
  ['AVIANCA', '8'],
] as const;

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');

interface ClientColumns {
  id: string[];
  name: string[];
  email: (string | null)[];
  phone: (string | null)[];
  document: (string | null)[];
  birth_date: (string | null)[];
  status: string[];
  tags: (string | null)[];
  notes: (string | null)[];
  created_at: string[];
}

/** `count` of the demo generator's clients (makeClient, from the `offset`-th on) as column arrays. */
function clientColumns(rng: Rng, count: number, offset: number): ClientColumns {
  const c: ClientColumns = {
    id: [],
    name: [],
    email: [],
    phone: [],
    document: [],
    birth_date: [],
    status: [],
    tags: [],
    notes: [],
    created_at: [],
  };
  const now = new Date();
  for (let i = 0; i < count; i++) {
    const client = makeClient(rng, offset + i, now);
    c.id.push(client.id);
    c.name.push(client.name);
    c.email.push(client.email);
    c.phone.push(client.phone);
    c.document.push(client.document);
    c.birth_date.push(client.birth_date);
    c.status.push(client.status);
    c.tags.push(client.tags.length > 0 ? client.tags.join(',') : null);
    c.notes.push(client.notes);
    c.created_at.push(client.created_at);
  }
  return c;
}

const slice = <T extends object>(cols: T, from: number, to: number) =>
  Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, (v as unknown[]).slice(from, to)])) as T;

function insertClients(table: 'clients' | 'bare_clients', agencyId: string, c: ClientColumns): SQL {
  return sql`INSERT INTO ${sql.raw(table)} (id, agency_id, name, email, phone, document, birth_date, status, tags, notes, created_at, updated_at)
    SELECT id, ${agencyId}::uuid, name, email, phone, document, birth_date, status, coalesce(string_to_array(tags, ','), '{}'), notes, created_at, created_at
    FROM unnest(${param(c.id)}::uuid[], ${param(c.name)}::text[], ${param(c.email)}::text[], ${param(c.phone)}::text[], ${param(c.document)}::text[],
      ${param(c.birth_date)}::date[], ${param(c.status)}::text[], ${param(c.tags)}::text[], ${param(c.notes)}::text[], ${param(c.created_at)}::timestamptz[])
      AS x(id, name, email, phone, document, birth_date, status, tags, notes, created_at)`;
}

interface Account {
  id: string;
  program: string;
  account_number: string;
}

interface LotColumns {
  id: string[];
  account_id: string[];
  program: string[];
  account_number: string[];
  quantity: number[];
  total_cost_cents: number[];
  cost_per_thousand: string[];
  purchase_date: string[];
  expiry_date: (string | null)[];
  supplier: (string | null)[];
  notes: (string | null)[];
}

/** `count` lots spread over `accounts`: 10,000–500,000 miles (or exactly `quantity`) at R$ 14–35 per thousand. */
function lotColumns(rng: Rng, count: number, accounts: Account[], quantity?: number): LotColumns {
  const l: LotColumns = {
    id: [],
    account_id: [],
    program: [],
    account_number: [],
    quantity: [],
    total_cost_cents: [],
    cost_per_thousand: [],
    purchase_date: [],
    expiry_date: [],
    supplier: [],
    notes: [],
  };
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const account = accounts[i % accounts.length]!;
    const miles = quantity ?? rng.int(10, 500) * 1000;
    const cpt = (rng.int(1400, 3500) / 100).toFixed(4);
    const purchase = now - rng.int(0, 365) * DAY;
    l.id.push(randomUUID());
    l.account_id.push(account.id);
    l.program.push(account.program);
    l.account_number.push(account.account_number);
    l.quantity.push(miles);
    l.total_cost_cents.push(milesCostCents(miles, cpt));
    l.cost_per_thousand.push(cpt);
    l.purchase_date.push(isoDay(purchase));
    l.expiry_date.push(rng.chance(0.05) ? null : isoDay(purchase + 730 * DAY));
    l.supplier.push(rng.chance(0.9) ? rng.pick(SUPPLIERS) : null);
    l.notes.push(rng.chance(0.3) ? 'Compra em promoção de transferência bonificada' : null);
  }
  return l;
}

function insertLots(
  table: 'mile_lots' | 'bare_mile_lots' | 'bare_emission_lots',
  agencyId: string,
  l: LotColumns,
): SQL {
  return sql`INSERT INTO ${sql.raw(table)} (id, agency_id, account_id, program, account_number, original_quantity, remaining_quantity, total_cost_cents,
      cost_per_thousand, purchase_date, expiry_date, supplier, notes, status, created_at, updated_at)
    SELECT id, ${agencyId}::uuid, account_id, program, account_number, quantity, quantity, total_cost_cents,
      cost_per_thousand, purchase_date, expiry_date, supplier, notes, 'available', purchase_date, purchase_date
    FROM unnest(${param(l.id)}::uuid[], ${param(l.account_id)}::uuid[], ${param(l.program)}::text[], ${param(l.account_number)}::text[],
      ${param(l.quantity)}::int[], ${param(l.total_cost_cents)}::bigint[], ${param(l.cost_per_thousand)}::numeric[], ${param(l.purchase_date)}::date[],
      ${param(l.expiry_date)}::date[], ${param(l.supplier)}::text[], ${param(l.notes)}::text[])
      AS x(id, account_id, program, account_number, quantity, total_cost_cents, cost_per_thousand, purchase_date, expiry_date, supplier, notes)`;
}

interface EmissionColumns {
  id: string[];
  client_id: string[];
  account_id: string[];
  lot_id: string[];
  pnr: string[];
  route: string[];
  departure_date: string[];
  miles: number[];
  fees_cents: number[];
  revenue_cents: number[];
  miles_cost_cents: number[];
  cost_per_thousand: string[];
  created_at: string[];
  issued_at: string[];
}

/** `count` issued emissions, emission i drawing 5,000–50,000 miles from lot ⌊i·L/count⌋ (as an import in time order would). */
function emissionColumns(rng: Rng, count: number, clientIds: string[], lots: LotColumns): EmissionColumns {
  const e: EmissionColumns = {
    id: [],
    client_id: [],
    account_id: [],
    lot_id: [],
    pnr: [],
    route: [],
    departure_date: [],
    miles: [],
    fees_cents: [],
    revenue_cents: [],
    miles_cost_cents: [],
    cost_per_thousand: [],
    created_at: [],
    issued_at: [],
  };
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const lot = Math.floor((i * lots.id.length) / count);
    const miles = rng.int(5, 50) * 1000;
    const cpt = lots.cost_per_thousand[lot]!;
    const cost = milesCostCents(miles, cpt);
    const fees = rng.int(40, 1500) * 100;
    const created = now - rng.int(1, 365) * DAY - rng.int(0, DAY - 1);
    const origin = rng.pick(AIRPORTS);
    e.id.push(randomUUID());
    e.client_id.push(clientIds[i % clientIds.length]!);
    e.account_id.push(lots.account_id[lot]!);
    e.lot_id.push(lots.id[lot]!);
    e.pnr.push(Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[rng.int(0, 31)]).join(''));
    e.route.push(`${origin}-${origin === 'NAT' ? 'GRU' : 'NAT'}`);
    e.departure_date.push(isoDay(created + rng.int(7, 200) * DAY));
    e.miles.push(miles);
    e.fees_cents.push(fees);
    e.revenue_cents.push(Math.round(cost * (1 + rng.int(8, 35) / 100)) + fees);
    e.miles_cost_cents.push(cost);
    e.cost_per_thousand.push(cpt);
    e.created_at.push(new Date(created).toISOString());
    e.issued_at.push(new Date(created + rng.int(1, 48) * 3_600_000).toISOString());
  }
  return e;
}

const EMISSION_TABLES = {
  real: { lots: 'mile_lots', emissions: 'emissions', allocations: 'emission_allocations' },
  bare: { lots: 'bare_emission_lots', emissions: 'bare_emissions', allocations: 'bare_emission_allocations' },
} as const;

/** One batch of a bulk emission import: the lots' miles taken, the emissions, their allocations. */
function insertEmissions(side: keyof typeof EMISSION_TABLES, agencyId: string, e: EmissionColumns): SQL[] {
  const t = EMISSION_TABLES[side];
  return [
    sql`UPDATE ${sql.raw(t.lots)} l SET remaining_quantity = l.remaining_quantity - s.miles, updated_at = now()
      FROM (SELECT lot_id, sum(miles)::int AS miles FROM unnest(${param(e.lot_id)}::uuid[], ${param(e.miles)}::int[]) AS x(lot_id, miles) GROUP BY lot_id) s
      WHERE l.id = s.lot_id AND l.agency_id = ${agencyId}`,
    sql`INSERT INTO ${sql.raw(t.emissions)} (id, agency_id, client_id, account_id, pnr, route, departure_date, miles_used, fees_cents, revenue_cents,
        miles_cost_cents, margin_cents, status, created_at, submitted_at, issued_at, updated_at)
      SELECT id, ${agencyId}::uuid, client_id, account_id, pnr, route, departure_date, miles, fees_cents, revenue_cents,
        miles_cost_cents, revenue_cents - miles_cost_cents - fees_cents, 'issued', created_at, created_at, issued_at, issued_at
      FROM unnest(${param(e.id)}::uuid[], ${param(e.client_id)}::uuid[], ${param(e.account_id)}::uuid[], ${param(e.pnr)}::text[], ${param(e.route)}::text[],
        ${param(e.departure_date)}::date[], ${param(e.miles)}::int[], ${param(e.fees_cents)}::bigint[], ${param(e.revenue_cents)}::bigint[],
        ${param(e.miles_cost_cents)}::bigint[], ${param(e.created_at)}::timestamptz[], ${param(e.issued_at)}::timestamptz[])
        AS x(id, client_id, account_id, pnr, route, departure_date, miles, fees_cents, revenue_cents, miles_cost_cents, created_at, issued_at)`,
    sql`INSERT INTO ${sql.raw(t.allocations)} (agency_id, emission_id, lot_id, miles, cost_per_thousand, cost_cents, created_at)
      SELECT ${agencyId}::uuid, emission_id, lot_id, miles, cost_per_thousand, cost_cents, created_at
      FROM unnest(${param(e.id)}::uuid[], ${param(e.lot_id)}::uuid[], ${param(e.miles)}::int[], ${param(e.cost_per_thousand)}::numeric[],
        ${param(e.miles_cost_cents)}::bigint[], ${param(e.created_at)}::timestamptz[]) AS x(emission_id, lot_id, miles, cost_per_thousand, cost_cents, created_at)`,
  ];
}

/** Four postings for each of the emissions `e` (revenue, fees, miles cost, RAV), dated a day after their creation. */
function insertPostings(
  table: 'financial_entries' | 'bare_financial_entries',
  agencyId: string,
  e: EmissionColumns,
): SQL {
  return sql`INSERT INTO ${sql.raw(table)} (id, agency_id, ref_type, emission_id, kind, category, amount_cents, payment_method, entry_date, created_at)
    SELECT gen_random_uuid(), ${agencyId}::uuid, 'emission', x.id, p.kind, p.category, p.amount, p.method, (x.created_at + interval '1 day')::date, now()
    FROM unnest(${param(e.id)}::uuid[], ${param(e.revenue_cents)}::bigint[], ${param(e.fees_cents)}::bigint[],
      ${param(e.miles_cost_cents)}::bigint[], ${param(e.created_at)}::timestamptz[]) AS x(id, revenue, fees, miles_cost, created_at)
    CROSS JOIN LATERAL (VALUES ('revenue', 'revenue', x.revenue, 'pix'), ('expense', 'fees', -x.fees, 'card'),
      ('expense', 'miles_cost', -x.miles_cost, NULL), ('expense', 'rav', -1000::bigint, 'transfer')) AS p(kind, category, amount, method)`;
}

/** The bare emissions' soft delete (or restore): the emissions, their allocations released (or taken again), the lots' miles. */
function bareEmissionsDelete(ids: string[], restore: boolean): SQL[] {
  const list = param(ids);
  return [
    sql`UPDATE bare_emissions SET deleted_at = ${restore ? sql`NULL` : sql`now()`}, updated_at = now() WHERE id = ANY(${list}::uuid[])`,
    sql`UPDATE bare_emission_lots l SET remaining_quantity = l.remaining_quantity ${restore ? sql.raw('-') : sql.raw('+')} s.miles, updated_at = now()
      FROM (SELECT lot_id, sum(miles)::int AS miles FROM bare_emission_allocations WHERE emission_id = ANY(${list}::uuid[]) GROUP BY lot_id) s
      WHERE l.id = s.lot_id`,
    sql`UPDATE bare_emission_allocations SET released_at = ${restore ? sql`NULL` : sql`now()`} WHERE emission_id = ANY(${list}::uuid[])`,
    sql`UPDATE bare_financial_entries SET deleted_at = ${restore ? sql`NULL` : sql`now()`} WHERE emission_id = ANY(${list}::uuid[])`,
  ];
}

// ---------------------------------------------------------------------------------------------
// Measuring

const BARE_TABLES = [
  ['bare_clients', 'clients'],
  ['bare_mile_lots', 'mile_lots'],
  ['bare_emission_lots', 'mile_lots'],
  ['bare_emissions', 'emissions'],
  ['bare_emission_allocations', 'emission_allocations'],
  ['bare_financial_entries', 'financial_entries'],
] as const;

async function elapsed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(ms < 1000 ? 3 : 2)} s`;
const perRow = (ms: number, rows: number) => `${((ms * 1000) / rows).toFixed(1)} µs/row`;
const perS = (ms: number, rows: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')}/s`;
const count = (n: number) => n.toLocaleString('en');

/** Vacuums and analyses those of `tables` that exist (the kept tables come and go with migrations). */
async function vacuum(db: Database, tables: readonly string[]) {
  const found = rowsOf<{ t: string }>(
    await db.execute(sql`SELECT t FROM unnest(${param(tables)}::text[]) AS t WHERE to_regclass(t) IS NOT NULL`),
  );
  for (const { t } of found) await db.execute(sql.raw(`VACUUM (ANALYZE) ${t}`));
}

export async function runWritesBench() {
  const base = Number(process.env.BENCH_WRITES ?? 100_000);
  const batch = Number(process.env.BENCH_WRITES_BATCH ?? 1000);
  const cases = new Set(process.env.BENCH_WRITES_CASES?.split(',').map((s) => s.trim()) ?? CASES);
  console.log(
    `\n# Writes: bulk inserts, soft delete and restore of clients, lots and emissions as the tenant, beside bare tables ` +
      `(${new Date().toISOString()}, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${batch.toLocaleString('en')} rows per INSERT)`,
  );
  let failed = false;
  for (const engine of await engines()) {
    const pglite = engine.name === 'PGlite';
    const n = pglite ? Number(process.env.BENCH_WRITES_PGLITE ?? Math.min(base, PGLITE_DEFAULT_N)) : base;
    const pg = engine.name === 'PostgreSQL';
    const handle = await engine.open();
    const db = handle.db;
    const log = (line: string) => console.log(`${engine.name.padEnd(10)} ${line}`);
    /** One line: the figure as the tenant, the bare yardstick, their ratio, and a target's verdict where there is one. */
    const report = (
      label: string,
      rows: number,
      real: number,
      bare: number,
      rate: 'rows/s' | 'per row',
      target?: boolean | string,
    ) => {
      const shown = rate === 'rows/s' ? perS : perRow;
      const said = typeof target === 'string' ? target : target ? 'met' : 'MISSED';
      const verdict = target === undefined || !pg ? '' : `  target: ${said}`;
      log(
        `${label.padEnd(44)} ${secs(real).padStart(9)} (${shown(real, rows)})  bare ${secs(bare)} (${shown(bare, rows)})  ×${(real / bare).toFixed(1)}${verdict}`,
      );
    };
    const checkCount = (what: string, got: { count: number }, want: number) => {
      if (got.count !== want) {
        failed = true;
        log(`${what}: the service answered count ${got.count}, expected ${want}`);
      }
    };
    const invariant = async (agencyId: string, after: string) => {
      const broken = await brokenLots(db, agencyId);
      if (broken.length === 0) log(`lot invariant after ${after}: OK`);
      else {
        failed = true;
        log(`lot invariant after ${after}: BROKEN on ${broken.length} lots, e.g. ${JSON.stringify(broken[0])}`);
      }
    };
    try {
      log(
        `N = ${count(n)}${pglite && !process.env.BENCH_WRITES_PGLITE ? ` (PGlite's default, at most ${count(PGLITE_DEFAULT_N)}; BENCH_WRITES_PGLITE sets it)` : ''}`,
      );
      const neighbour = await createAgencyWithUser(db);
      await generateAgencyData(db, {
        agencyId: neighbour.agency.id,
        clients: Math.min(10_000, Math.round(n / 10)),
        emissionShare: 0,
        seed: 7,
      });
      const { agency } = await createAgencyWithUser(db);
      const agencyId = agency.id;
      for (const [bare, like] of BARE_TABLES)
        await db.execute(sql.raw(`CREATE TABLE ${bare} (LIKE ${like} INCLUDING DEFAULTS INCLUDING GENERATED)`));
      const rng = createRng(12);

      /**
       * Batches of `rows` through `statements`, each batch in one transaction — or, with `whole`, all
       * of them in one, as an import (all or nothing) writes: the tenant's, or the connecting role's
       * for the bare tables. Each batch is timed either way.
       */
      const inBatches = async (
        tenant: boolean,
        rows: number,
        statements: (from: number, to: number) => SQL[],
        whole = false,
      ) => {
        const times: number[] = [];
        if (whole) {
          const all = async (tx: Db) => {
            for (let from = 0; from < rows; from += batch) {
              const list = statements(from, Math.min(rows, from + batch));
              times.push(
                await elapsed(async () => {
                  for (const s of list) await tx.execute(s);
                }),
              );
            }
          };
          await (tenant ? withTenant(db, agencyId, all) : db.transaction(all));
          return times;
        }
        for (let from = 0; from < rows; from += batch) {
          const list = statements(from, Math.min(rows, from + batch));
          const run = async (tx: Db) => {
            for (const s of list) await tx.execute(s);
          };
          times.push(await elapsed(() => (tenant ? withTenant(db, agencyId, run) : db.transaction(run))));
        }
        return times;
      };
      /** Times the bare batches, then the tenant's; reports both and whether a batch costs more as the table grows. */
      const insertBoth = async (
        label: string,
        rows: number,
        statements: (tenant: boolean, from: number, to: number) => SQL[],
        target?: (real: number, bare: number) => boolean | string,
        whole = false,
      ) => {
        const bareTimes = await inBatches(false, rows, (a, b) => statements(false, a, b), whole);
        const realTimes = await inBatches(true, rows, (a, b) => statements(true, a, b), whole);
        const sum = (t: number[]) => t.reduce((x, y) => x + y, 0);
        const [real, bare] = [sum(realTimes), sum(bareTimes)];
        report(label, rows, real, bare, 'rows/s', target?.(real, bare));
        if (realTimes.length >= 10) {
          const tenth = Math.floor(realTimes.length / 10);
          const rate = (t: number[]) => perS(sum(t), t.length * batch);
          log(
            `${''.padEnd(44)} first tenth of the batches ${rate(realTimes.slice(0, tenth))}, last tenth ${rate(realTimes.slice(-tenth))}` +
              ` (bare ${rate(bareTimes.slice(0, tenth))}, ${rate(bareTimes.slice(-tenth))})`,
          );
        }
      };
      /** Both halves of the inserts' target, each with its verdict: the issue's rate, and the ratio to the bare table. */
      const insertTarget = (rows: number) => (real: number, bare: number) => {
        const fast = rows / (real / 1000) >= TARGET_INSERTS_PER_S;
        const close = real <= TARGET_INSERT_RATIO * bare;
        return `≥ ${TARGET_INSERTS_PER_S.toLocaleString('en')}/s ${fast ? 'met' : 'MISSED'}, ≤ ${TARGET_INSERT_RATIO}× bare ${close ? 'met' : 'MISSED'}`;
      };
      const bareTx = (statements: SQL[]) =>
        db.transaction(async (tx) => {
          for (const s of statements) await tx.execute(s);
        });
      const clientSide = ['clients', 'client_figures', 'client_totals', 'loyalty_accounts', 'bare_clients'];

      // 1. Clients
      let clientIds: string[] = [];
      if (cases.has('clients') || cases.has('linearity') || cases.has('emissions')) {
        const rows = cases.has('clients') || cases.has('linearity') ? n : Math.min(n, 1000);
        const c = clientColumns(rng, rows, 10_000_000);
        clientIds = c.id;
        await insertBoth(
          `clients: insert ${count(rows)}`,
          rows,
          (tenant, a, b) => [insertClients(tenant ? 'clients' : 'bare_clients', agencyId, slice(c, a, b))],
          insertTarget(rows),
        );
      }
      // 1 and 4. The clients' soft delete and restore of all N (case 1), and of N/4 and N/2 first (case 4).
      const sizes = [
        ...(cases.has('linearity') ? [Math.floor(n / 4), Math.floor(n / 2)] : []),
        ...(cases.has('clients') || cases.has('linearity') ? [n] : []),
      ];
      const linear: { rows: number; real: number; bare: number }[] = [];
      for (const rows of sizes) {
        const ids = clientIds.slice(0, rows);
        const label = rows === n ? `all ${count(rows)}` : count(rows);
        await vacuum(db, clientSide);
        const bareDelete = await elapsed(() =>
          db.execute(sql`UPDATE bare_clients SET deleted_at = now() WHERE id = ANY(${param(ids)}::uuid[])`),
        );
        let got = { count: 0 };
        const realDelete = await elapsed(
          async () => (got = await withTenant(db, agencyId, (tx) => softDeleteClients(tx, { agencyId, ids }))),
        );
        checkCount('softDeleteClients', got, rows);
        report(
          `clients: softDeleteClients of ${label}`,
          rows,
          realDelete,
          bareDelete,
          'per row',
          (realDelete * 1000) / rows <= TARGET_US_PER_ROW,
        );
        const bareRestore = await elapsed(() =>
          db.execute(sql`UPDATE bare_clients SET deleted_at = NULL WHERE id = ANY(${param(ids)}::uuid[])`),
        );
        const realRestore = await elapsed(
          async () => (got = await withTenant(db, agencyId, (tx) => restoreClients(tx, { agencyId, ids }))),
        );
        checkCount('restoreClients', got, rows);
        report(
          `clients: restoreClients of ${label}`,
          rows,
          realRestore,
          bareRestore,
          'per row',
          (realRestore * 1000) / rows <= TARGET_US_PER_ROW,
        );
        linear.push({ rows, real: realDelete, bare: bareDelete });
      }
      if (cases.has('linearity')) {
        const first = linear[0]!;
        for (const { rows, real, bare } of linear) {
          log(
            `linearity: soft delete of ${count(rows).padStart(7)} clients  ${perRow(real, rows).padStart(14)} (×${(real / rows / (first.real / first.rows)).toFixed(2)} of N/4's)` +
              `  bare ${perRow(bare, rows)} (×${(bare / rows / (first.bare / first.rows)).toFixed(2)})`,
          );
        }
      }

      // The agency's own accounts, which hold the lots of cases 2 and 3.
      const accounts = await withTenant(db, agencyId, async (tx) => {
        const made: Account[] = [];
        for (const [i, [program, len]] of ACCOUNTS.entries()) {
          const number = digits(rng, Number(len));
          const r = await tx.execute(sql`INSERT INTO loyalty_accounts (agency_id, program, account_number, nickname)
            VALUES (${agencyId}, ${program}, ${number}, ${`Conta da agência ${i + 1}`}) RETURNING id, program, account_number`);
          made.push(rowsOf<Account>(r)[0]!);
        }
        return made;
      });

      // 2. Lots
      if (cases.has('lots')) {
        const l = lotColumns(rng, n, accounts);
        await insertBoth(
          `lots: insert ${count(n)}`,
          n,
          (tenant, a, b) => [insertLots(tenant ? 'mile_lots' : 'bare_mile_lots', agencyId, slice(l, a, b))],
          insertTarget(n),
        );
        await vacuum(db, ['mile_lots', 'lot_search_entries', 'lot_totals', 'bare_mile_lots']);
        const ids = l.id;
        const bareDelete = await elapsed(() =>
          db.execute(sql`UPDATE bare_mile_lots SET deleted_at = now() WHERE id = ANY(${param(ids)}::uuid[])`),
        );
        let got: { count: number; kept?: number } = { count: 0 };
        const realDelete = await elapsed(
          async () => (got = await withTenant(db, agencyId, (tx) => softDeleteLots(tx, { agencyId, ids }))),
        );
        checkCount('softDeleteLots', got, n);
        report(
          `lots: softDeleteLots of all ${count(n)}`,
          n,
          realDelete,
          bareDelete,
          'per row',
          (realDelete * 1000) / n <= TARGET_US_PER_ROW,
        );
        const bareRestore = await elapsed(() =>
          db.execute(sql`UPDATE bare_mile_lots SET deleted_at = NULL WHERE id = ANY(${param(ids)}::uuid[])`),
        );
        const realRestore = await elapsed(
          async () => (got = await withTenant(db, agencyId, (tx) => restoreLots(tx, { agencyId, ids }))),
        );
        checkCount('restoreLots', got, n);
        report(
          `lots: restoreLots of all ${count(n)}`,
          n,
          realRestore,
          bareRestore,
          'per row',
          (realRestore * 1000) / n <= TARGET_US_PER_ROW,
        );
      }

      // 3. Emissions
      if (cases.has('emissions')) {
        // N/100 lots, each big enough for the ≤ 50,000 miles of each of its emissions.
        const lotCount = Math.max(10, Math.ceil(n / 100));
        const lots = lotColumns(rng, lotCount, accounts, Math.ceil(n / lotCount) * 50_000 + 1_000_000);
        await withTenant(db, agencyId, (tx) => tx.execute(insertLots('mile_lots', agencyId, lots)));
        await db.execute(insertLots('bare_emission_lots', agencyId, lots));
        const e = emissionColumns(rng, n, clientIds, lots);
        // In one transaction, as an import writes them: the SLA statistic is recomputed once, at its commit.
        await insertBoth(
          `emissions: insert ${count(n)} with allocations, one transaction`,
          n,
          (tenant, a, b) => insertEmissions(tenant ? 'real' : 'bare', agencyId, slice(e, a, b)),
          undefined,
          true,
        );
        await invariant(agencyId, 'the inserts');
        if (cases.has('postings')) {
          await insertBoth(
            `postings: insert ${count(4 * n)} (4 per emission), one transaction`,
            4 * n,
            (tenant, a, b) => [
              insertPostings(tenant ? 'financial_entries' : 'bare_financial_entries', agencyId, slice(e, a / 4, b / 4)),
            ],
            undefined,
            true,
          );
        }
        const emissionSide = [
          'emissions',
          'emission_allocations',
          'emission_totals',
          'mile_lots',
          'lot_search_entries',
          'lot_totals',
          'clients',
          'client_figures',
          'client_totals',
          'financial_entries',
          'emission_postings',
          'emission_days',
          'posting_days',
        ];
        // With case 4, N/4 and N/2 of the emissions first (each deleted and restored), then all N:
        // the time per row must not grow with N (it did, when a client's newest emission was sought
        // along the agency's whole list for each client that lost one).
        const emissionSizes = [...(cases.has('linearity') ? [Math.floor(n / 4), Math.floor(n / 2)] : []), n];
        const emissionsLinear: { rows: number; real: number; bare: number }[] = [];
        for (const rows of emissionSizes) {
          const ids = e.id.slice(0, rows);
          const label = rows === n ? `all ${count(rows)}` : count(rows);
          await vacuum(db, [
            ...emissionSide,
            'bare_emissions',
            'bare_emission_allocations',
            'bare_emission_lots',
            'bare_financial_entries',
          ]);
          const bareDelete = await elapsed(() => bareTx(bareEmissionsDelete(ids, false)));
          let got = { count: 0 };
          const realDelete = await elapsed(
            async () => (got = await withTenant(db, agencyId, (tx) => softDeleteEmissions(tx, { agencyId, ids }))),
          );
          checkCount('softDeleteEmissions', got, rows);
          report(
            `emissions: softDeleteEmissions of ${label}`,
            rows,
            realDelete,
            bareDelete,
            'per row',
            (realDelete * 1000) / rows <= TARGET_US_PER_ROW,
          );
          await invariant(agencyId, 'the soft delete');
          const bareRestore = await elapsed(() => bareTx(bareEmissionsDelete(ids, true)));
          const realRestore = await elapsed(
            async () => (got = await withTenant(db, agencyId, (tx) => restoreEmissions(tx, { agencyId, ids }))),
          );
          checkCount('restoreEmissions', got, rows);
          report(
            `emissions: restoreEmissions of ${label}`,
            rows,
            realRestore,
            bareRestore,
            'per row',
            (realRestore * 1000) / rows <= TARGET_US_PER_ROW,
          );
          await invariant(agencyId, 'the restore');
          emissionsLinear.push({ rows, real: realDelete, bare: bareDelete });
        }
        if (emissionsLinear.length > 1) {
          const first = emissionsLinear[0]!;
          for (const { rows, real, bare } of emissionsLinear) {
            log(
              `linearity: soft delete of ${count(rows).padStart(7)} emissions ${perRow(real, rows).padStart(14)} (×${(real / rows / (first.real / first.rows)).toFixed(2)} of N/4's)` +
                `  bare ${perRow(bare, rows)} (×${(bare / rows / (first.bare / first.rows)).toFixed(2)})`,
            );
          }
        }
        const off = await keptFigureMismatches(db, agencyId);
        if (off.length === 0) log('kept figures after the emissions: equal to a recount');
        else {
          failed = true;
          log(`kept figures after the emissions: ${off.length} differ from a recount, e.g. ${JSON.stringify(off[0])}`);
        }
      }
    } finally {
      await handle.close();
    }
  }
  if (failed) process.exitCode = 1;
}

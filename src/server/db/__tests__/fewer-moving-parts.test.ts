/**
 * Migrations that remove moving parts keep behaviour equal (#12). 0021 runs each of
 * emissions' and lots' kept structures from one trigger per event (emissions 9 triggers → 3, lots
 * 5 → 3); 0020 before it moved client_totals from client_figures' two writers and made clients'
 * two trigger sets one (this test compared 0019 with 0020 until 0021 came). Differential: the same
 * statements — each write path of clients, emissions and lots, many rows per statement, two
 * agencies — run on a database migrated through BEFORE and on one migrated through AFTER, and
 * after each one the kept rows (client_figures, client_totals, emission_totals, lot_totals,
 * lot_search_entries) are equal on both. The same statements run on a database through every
 * migration, whose kept rows equal a recount after each (keptFigureMismatches,
 * lotSearchEntryMismatches): 0022 changed what a client's emission count means (cancelled ones
 * left out), so the latest is held to the recount rather than to 0021.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptFigureMismatches, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { createDatabase, dropDatabase, urlOfDatabase } from '../../testing/db-template';
import { createTestDb } from '../../testing/test-db';
import { createDb, MIGRATIONS_DIR, type Database, type DbHandle } from '../client';
import { rowsOf } from '../rows';

const BEFORE = '0020_fewer_moving_parts';
const AFTER = '0021_one_trigger_per_event';

/** A copy of the migrations folder whose journal ends at `last`. */
async function migrationsThrough(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'milheiro-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === last);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** A fresh database migrated through `last` only (not a copy of the run's template, which has them all). */
async function createDbThrough(last: string): Promise<DbHandle> {
  const folder = await migrationsThrough(last);
  const url = process.env.TEST_DATABASE_URL;
  try {
    if (!url) {
      const handle = await createDb({ kind: 'pglite' });
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: folder });
      return handle;
    }
    const name = `milheiro_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await createDatabase(url, name, undefined);
    const handle = await createDb({ kind: 'postgres', url: urlOfDatabase(url, name), poolSize: 2 });
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: folder });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await dropDatabase(url, name);
      },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

// Fixed keys, so that both databases put each row in the same stripe.
const A = '0a000000-0000-4000-8000-0000000000a1';
const B = '0a000000-0000-4000-8000-0000000000b2';
const ACCOUNT_A = 'ac000000-0000-4000-8000-0000000000a1';
const ACCOUNT_B = 'ac000000-0000-4000-8000-0000000000b2';
const hex = (n: number) => n.toString(16).padStart(12, '0');
const clientId = (i: number) => `'c0000000-0000-4000-8000-${hex(i)}'`;
const emissionId = (i: number) => `'e0000000-0000-4000-8000-${hex(i)}'`;
/** Client i's agency: one in five is B's. */
const agencyOf = (i: number) => (i % 5 === 4 ? B : A);
const accountOf = (i: number) => (i % 5 === 4 ? ACCOUNT_B : ACCOUNT_A);
const STATUSES = ['active', 'inactive', 'blocked'];
const EMISSION_STATUSES = ['pending', 'processing', 'issued', 'failed', 'cancelled'];
const CLIENTS = 90;
/** A fixed instant for soft deletes, so that both databases hold the same rows. */
const DELETED = "'2026-02-01T00:00:00Z'";

/** Clients 1..CLIENTS (every 7th deleted from the start, some without e-mail), in one statement. */
function insertClients(): string {
  const rows: string[] = [];
  for (let i = 1; i <= CLIENTS; i++) {
    const email = i % 3 ? `'c${i}@mail.com'` : 'NULL';
    const deleted = i % 7 === 0 ? "'2026-01-01T00:00:00Z'" : 'NULL';
    const row = `(${clientId(i)}, '${agencyOf(i)}', 'Cliente ${i} Conceição', ${email}, '${STATUSES[i % 3]}', ${deleted})`;
    rows.push(row);
  }
  return `INSERT INTO clients (id, agency_id, name, email, status, deleted_at) VALUES ${rows.join(', ')}`;
}

/** Emissions numbered from first + 1, `count(i)` of them for each client i of `clients`, of every status. */
function insertEmissions(clients: number[], first: number, count: (i: number) => number = (i) => i % 4): string {
  const rows: string[] = [];
  let n = first;
  for (const i of clients) {
    for (let j = 0; j < count(i); j++) {
      n++;
      const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
      const who = `${emissionId(n)}, '${agencyOf(i)}', ${clientId(i)}, '${accountOf(i)}'`;
      const row = `(${who}, 'NAT-GRU', ${1000 + n}, ${1000 * i + j}, '${EMISSION_STATUSES[n % 5]}', '${createdAt}')`;
      rows.push(row);
    }
  }
  const columns = 'id, agency_id, client_id, account_id, route, miles_used, revenue_cents, status, created_at';
  return `INSERT INTO emissions (${columns}) VALUES ${rows.join(', ')}`;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
/** A client's number, from its id. */
const numberOf = `('x' || right(c.id::text, 12))::bit(48)::bigint`;
const lotColumns = `id, agency_id, account_id, program, account_number, original_quantity, remaining_quantity,
  total_cost_cents, cost_per_thousand, purchase_date, supplier, notes`;

/** Each write path, in order: every statement writes many rows unless its name says otherwise. */
const STEPS: Record<string, string> = {
  'clients inserted (both agencies, some deleted from the start)': insertClients(),
  'one client inserted alone': `INSERT INTO clients (id, agency_id, name, status) VALUES (${clientId(500)}, '${A}', 'Zé Sozinho', 'blocked')`,
  "the agencies' own accounts": `INSERT INTO loyalty_accounts (id, agency_id, program, account_number)
    VALUES ('${ACCOUNT_A}', '${A}', 'LATAM', 'A-1'), ('${ACCOUNT_B}', '${B}', 'LATAM', 'B-1')`,
  'emissions inserted (of deleted clients too)': insertEmissions(range(1, CLIENTS), 0),
  'one emission inserted alone': insertEmissions([500], 1000, () => 1),
  'emissions cancelled and issued': `UPDATE emissions SET status = CASE WHEN status = 'issued' THEN 'cancelled' ELSE 'issued' END
    WHERE status IN ('issued', 'pending')`,
  'emissions revalued': `UPDATE emissions SET revenue_cents = revenue_cents + 7 WHERE miles_used % 3 = 0`,
  'emissions moved to another client': `UPDATE emissions SET client_id = ${clientId(2)} WHERE client_id = ${clientId(3)}`,
  'emissions soft-deleted': `UPDATE emissions SET deleted_at = ${DELETED} WHERE miles_used % 3 = 1`,
  'clients soft-deleted': `UPDATE clients c SET deleted_at = ${DELETED} WHERE deleted_at IS NULL AND ${numberOf} % 4 = 0`,
  'client statuses changed': `UPDATE clients c SET status = CASE status WHEN 'active' THEN 'blocked' ELSE 'active' END
    WHERE ${numberOf} % 6 = 1`,
  'emissions of deleted and live clients restored': `UPDATE emissions SET deleted_at = NULL
    WHERE deleted_at IS NOT NULL AND miles_used % 2 = 0`,
  'emissions of deleted and live clients inserted': insertEmissions(range(4, 40), 2000),
  'clients restored (those deleted from the start too)': `UPDATE clients SET deleted_at = NULL WHERE deleted_at IS NOT NULL`,
  'one statement soft-deleting some clients, renaming the others': `UPDATE clients c
    SET deleted_at = CASE WHEN ${numberOf} % 5 = 2 THEN ${DELETED} ELSE deleted_at END, name = name || ' Filho'`,
  'a change of no kept column': `UPDATE clients SET notes = 'lida'`,
  'emissions deleted for good': `DELETE FROM emissions WHERE miles_used % 5 = 0`,
  'clients without emissions deleted for good': `DELETE FROM clients c
    WHERE NOT EXISTS (SELECT 1 FROM emissions e WHERE e.agency_id = c.agency_id AND e.client_id = c.id)`,
  'several emissions of one client in one statement': insertEmissions([7, 11], 3000, () => 3),
  'lots inserted': `INSERT INTO mile_lots (${lotColumns})
    SELECT ('10000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, a.agency_id, a.id, 'LATAM', a.account_number,
      10000 + g, 10000 + g, 2000 * g, 20 + g % 7, '2026-01-01', CASE WHEN g % 2 = 0 THEN 'Hotmilhas' ELSE 'Promoção' END, NULL
    FROM generate_series(1, 40) g
    JOIN loyalty_accounts a ON a.client_id IS NULL AND a.agency_id = CASE WHEN g % 3 = 0 THEN '${B}'::uuid ELSE '${A}'::uuid END`,
  'lots drawn from and annotated': `UPDATE mile_lots SET remaining_quantity = remaining_quantity - 500, notes = 'revisado'
    WHERE original_quantity % 2 = 0`,
  'lots soft-deleted': `UPDATE mile_lots SET deleted_at = ${DELETED} WHERE original_quantity % 3 = 0`,
  'lots restored': `UPDATE mile_lots SET deleted_at = NULL, status = 'reserved'
    WHERE deleted_at IS NOT NULL AND original_quantity % 2 = 0`,
  'a lot deleted for good': `DELETE FROM mile_lots WHERE id = '10000000-0000-4000-8000-000000000001'`,
};

const KEPT = {
  client_figures: 'SELECT * FROM client_figures ORDER BY agency_id, client_id',
  client_totals: 'SELECT * FROM client_totals ORDER BY agency_id, stripe',
  emission_totals: 'SELECT * FROM emission_totals ORDER BY agency_id, stripe',
  lot_totals: 'SELECT * FROM lot_totals ORDER BY agency_id, account_id, program, status',
  lot_search_entries: 'SELECT * FROM lot_search_entries ORDER BY agency_id, lot_id',
};

async function kept(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(KEPT)) out[name] = rowsOf(await db.execute(sql.raw(query)));
  return out;
}

/** An agency and its user with the columns every migration since the first has (the factory writes today's). */
async function seedAgency(db: Database, id: string) {
  const cnpj = id
    .replace(/[^0-9]/g, '')
    .slice(-14)
    .padStart(14, '0');
  await db.execute(
    sql`INSERT INTO agencies (id, legal_name, trade_name, cnpj) VALUES (${id}, 'Agência Teste Ltda', 'Agência', ${cnpj})`,
  );
  await db.execute(sql`INSERT INTO users (agency_id, name, email, password_hash)
    VALUES (${id}, 'Usuária', ${`user-${id}@agencia.com.br`}, 'scrypt$1024$8$1$x$y')`);
}

async function migrationsApplied(db: Database): Promise<number> {
  const query = sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
  return rowsOf<{ n: number }>(await db.execute(query))[0]!.n;
}

describe(`${AFTER} keeps what ${BEFORE} kept; the latest migration keeps a recount`, () => {
  let before: DbHandle;
  let after: DbHandle;
  let latest: DbHandle;
  beforeAll(async () => {
    [before, after, latest] = await Promise.all([createDbThrough(BEFORE), createDbThrough(AFTER), createTestDb()]);
    for (const h of [before, after, latest]) {
      await seedAgency(h.db, A);
      await seedAgency(h.db, B);
    }
  }, 240_000);
  afterAll(async () => {
    await Promise.all([before?.close(), after?.close(), latest?.close()]);
  });

  it(`compares a database through ${BEFORE} with one through ${AFTER}`, async () => {
    expect(await migrationsApplied(after.db)).toBe((await migrationsApplied(before.db)) + 1);
  });

  it('the same kept rows after every write, each equal to a recount', async () => {
    for (const [step, statement] of Object.entries(STEPS)) {
      for (const h of [before, after, latest]) await h.db.execute(sql.raw(statement));
      const [was, is] = [await kept(before.db), await kept(after.db)];
      expect(is, step).toEqual(was);
      for (const agency of [A, B]) {
        const figures = await keptFigureMismatches(latest.db, agency);
        expect(figures, `${step}: kept figures of ${agency}`).toEqual([]);
        const lotTotals = await lotTotalsMismatches(latest.db, agency);
        expect(lotTotals, `${step}: lot totals of ${agency}`).toEqual([]);
        const lotEntries = await lotSearchEntryMismatches(latest.db, agency);
        expect(lotEntries, `${step}: lot search entries of ${agency}`).toEqual([]);
      }
    }
    // The script reached every path: figures moved, clients deleted and restored, lots kept.
    const final = await kept(latest.db);
    expect(final.client_figures!.length).toBeGreaterThan(40);
    expect(final.lot_search_entries!.length).toBe(39);
    const sums = sql`SELECT sum(total_emissions)::int AS e, sum(total_revenue_cents)::int AS r FROM client_totals`;
    const totals = rowsOf<{ e: number; r: number }>(await latest.db.execute(sums))[0]!;
    expect(totals.e).toBeGreaterThan(0);
    expect(totals.r).toBeGreaterThan(0);
  });

  it('0022 brings the figures kept through 0021 (cancelled emissions counted) to a recount without them', async () => {
    const cancelled = sql`SELECT count(*)::int AS n FROM emissions WHERE status = 'cancelled' AND deleted_at IS NULL`;
    expect(rowsOf<{ n: number }>(await after.db.execute(cancelled))[0]!.n).toBeGreaterThan(0);
    if (process.env.TEST_DATABASE_URL) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(after.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_DIR });
    } else {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(after.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_DIR });
    }
    expect(await migrationsApplied(after.db)).toBe(await migrationsApplied(latest.db));
    for (const agency of [A, B]) expect(await keptFigureMismatches(after.db, agency), agency).toEqual([]);
    expect(await kept(after.db)).toEqual(await kept(latest.db));
  });
});

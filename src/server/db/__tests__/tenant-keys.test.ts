/**
 * Keys ready to scale out (#12, DESIGN.md §1): a large deployment shards the tenant tables by
 * agency_id on Citus, which requires a distributed table's primary key, unique constraints and
 * unique indexes to include the distribution column, and a foreign key between distributed tables
 * to pair it on both sides. A foreign key from a distributed table to a reference table is allowed;
 * one from a reference table to a distributed table is not.
 * https://docs.citusdata.com/en/stable/develop/reference_ddl.html
 *
 * A tenant table is any table in schema public with an agency_id column, except those listed below.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../testing/test-db';
import type { Db, DbHandle } from '../client';

/** Tables kept whole on every node (Citus reference tables), each with why. */
const REFERENCE_TABLES: Record<string, string> = {
  agencies:
    'The distribution root: its id is the value every tenant row holds in agency_id, and it has no agency_id of its own. ' +
    'As a reference table every node holds it, so each tenant foreign key agency_id → agencies(id) is checked on the shard, ' +
    'users and sessions may reference it, and its CNPJ stays unique across agencies (agencies_cnpj_key); ' +
    'distributed by id it could keep none of these.',
  users:
    'Read before the agency is known: sign-in finds the user by e-mail or phone across all agencies (app_sign_in_begin), ' +
    'kept unique across agencies by users_email_key and users_phone_key; seven foreign keys reference users(id) alone ' +
    '(created_by, user_id, generated_by of six tenant tables, and sessions.user_id). Few rows, rarely written.',
  sessions:
    "Read before the agency is known: every request finds its session by the token's hash alone (app_current_agency, " +
    'app_enter_session), and the session names the agency. Keyed by that hash; written at sign-in and when its expiry slides, ' +
    'at most once every 5 minutes (SESSION_TOUCH_INTERVAL_MS).',
  invitations:
    "Read before the agency is known: the accept page finds an invitation by its link's token hash alone (invitations_token_key), " +
    'and the invitation names the agency. A handful of rows per agency, written when an admin invites and once when accepted.',
  password_resets:
    'No agency_id: "Esqueci minha senha" finds the user by e-mail across all agencies and keeps only the link\'s token hash, ' +
    'read by owner-run functions before any agency is known.',
  login_attempts:
    'No agency_id: sign-in throttling counts attempts per account key and per address before any agency is known (app_sign_in_begin).',
};

/** Tenant tables excused from the rules for now (none: every tenant table is keyed by its agency). */
const EXEMPT_TABLES: readonly string[] = [];

interface KeyRules {
  reference: Record<string, string>;
  exempt: readonly string[];
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What stops the tables of schema public from being distributed by agency_id, one line each:
 * tenant tables' primary keys, unique and exclusion constraints and unique indexes whose key
 * columns lack agency_id (INCLUDE columns do not count), foreign keys from a tenant table to
 * another distributed table that do not pair agency_id with agency_id, foreign keys from a
 * reference table to a distributed table, and tables with no agency_id that are not listed as
 * reference tables.
 */
async function findKeyViolations(db: Db, rules: KeyRules): Promise<string[]> {
  const tables = await rowsOf<{ table: string; agency_att: number | null }>(
    db,
    sql`SELECT c.relname AS table, a.attnum AS agency_att
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'agency_id' AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  const isReference = (table: string) => Object.hasOwn(rules.reference, table);
  const hasAgency = new Set(tables.filter((t) => t.agency_att !== null).map((t) => t.table));
  /** Sharded by agency_id: the exempt tables too, which only escape the checks of their own keys. */
  const isDistributed = (table: string) => hasAgency.has(table) && !isReference(table);
  const isChecked = (table: string) => isDistributed(table) && !rules.exempt.includes(table);
  const violations: string[] = [];

  for (const t of tables) {
    if (t.agency_att === null && !isReference(t.table))
      violations.push(`${t.table}: no agency_id and not listed as a reference table`);
  }

  const keys = await rowsOf<{ table: string; name: string; kind: string; has_agency: boolean; def: string }>(
    db,
    sql`SELECT c.relname AS table, ic.relname AS name,
        CASE WHEN i.indisprimary THEN 'primary key' WHEN con.contype = 'u' THEN 'unique constraint'
          WHEN con.contype = 'x' THEN 'exclusion constraint' ELSE 'unique index' END AS kind,
        EXISTS (
          SELECT 1 FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
          WHERE k.n <= i.indnkeyatts AND a.attname = 'agency_id'
        ) AS has_agency,
        pg_get_indexdef(i.indexrelid) AS def
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_class ic ON ic.oid = i.indexrelid
      LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.conrelid = c.oid AND con.contype IN ('p', 'u', 'x')
      WHERE n.nspname = 'public' AND (i.indisunique OR i.indisexclusion)`,
  );
  for (const k of keys) {
    if (isChecked(k.table) && !k.has_agency)
      violations.push(`${k.table}: ${k.kind} ${k.name} lacks agency_id (${k.def})`);
  }

  const foreignKeys = await rowsOf<{
    table: string;
    referenced: string;
    name: string;
    pairs_agency: boolean;
    def: string;
  }>(
    db,
    sql`SELECT src.relname AS table, dst.relname AS referenced, con.conname AS name,
        EXISTS (
          SELECT 1 FROM unnest(con.conkey, con.confkey) AS k(src_att, dst_att)
          JOIN pg_attribute sa ON sa.attrelid = con.conrelid AND sa.attnum = k.src_att
          JOIN pg_attribute da ON da.attrelid = con.confrelid AND da.attnum = k.dst_att
          WHERE sa.attname = 'agency_id' AND da.attname = 'agency_id'
        ) AS pairs_agency,
        pg_get_constraintdef(con.oid) AS def
      FROM pg_constraint con
      JOIN pg_class src ON src.oid = con.conrelid
      JOIN pg_namespace n ON n.oid = src.relnamespace
      JOIN pg_class dst ON dst.oid = con.confrelid
      WHERE n.nspname = 'public' AND con.contype = 'f'`,
  );
  for (const f of foreignKeys) {
    if (isChecked(f.table) && isDistributed(f.referenced) && !f.pairs_agency) {
      violations.push(
        `${f.table}: foreign key ${f.name} to ${f.referenced} does not pair agency_id with agency_id (${f.def})`,
      );
    }
    if (isReference(f.table) && isDistributed(f.referenced)) {
      violations.push(
        `${f.table}: reference table's foreign key ${f.name} points at the distributed table ${f.referenced} (${f.def})`,
      );
    }
  }
  return violations.sort();
}

const RULES: KeyRules = { reference: REFERENCE_TABLES, exempt: EXEMPT_TABLES };
const ROLLED_BACK = new Error('rolled back');

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** Runs fn in a transaction that is then rolled back, so tables it creates leave no trace. */
async function rolledBack<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await expect(
    handle.db.transaction(async (tx) => {
      result = await fn(tx);
      throw ROLLED_BACK;
    }),
  ).rejects.toBe(ROLLED_BACK);
  return result as T;
}

describe('tenant keys (Citus-ready, distributed by agency_id)', () => {
  it('every tenant table keys, and points at other tenant tables, through agency_id', async () => {
    expect(await findKeyViolations(handle.db, RULES)).toEqual([]);
  });

  it('lists only reference tables that exist, and keeps reference and exempt tables apart', async () => {
    const present = await rowsOf<{ table: string }>(
      handle.db,
      sql`SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    const names = new Set(present.map((r) => r.table));
    expect(Object.keys(REFERENCE_TABLES).filter((t) => !names.has(t))).toEqual([]);
    expect(EXEMPT_TABLES.filter((t) => Object.hasOwn(REFERENCE_TABLES, t))).toEqual([]);
  });

  it('reports keys, unique indexes and foreign keys without agency_id, on throwaway tables', async () => {
    const violations = await rolledBack(async (tx) => {
      await tx.execute(sql`CREATE TABLE keys_probe_parent (
        id uuid PRIMARY KEY, agency_id uuid NOT NULL REFERENCES agencies (id), code text,
        CONSTRAINT keys_probe_parent_id_agency_key UNIQUE (id, agency_id))`);
      await tx.execute(sql`CREATE TABLE keys_probe_child (
        agency_id uuid NOT NULL, id uuid NOT NULL, parent_id uuid, code text,
        CONSTRAINT keys_probe_child_pkey PRIMARY KEY (agency_id, id),
        CONSTRAINT keys_probe_child_code_key UNIQUE (code),
        CONSTRAINT keys_probe_child_parent_fk FOREIGN KEY (parent_id) REFERENCES keys_probe_parent (id),
        CONSTRAINT keys_probe_child_swapped_fk FOREIGN KEY (agency_id, parent_id) REFERENCES keys_probe_parent (id, agency_id),
        CONSTRAINT keys_probe_child_paired_fk FOREIGN KEY (parent_id, agency_id) REFERENCES keys_probe_parent (id, agency_id),
        CONSTRAINT keys_probe_child_user_fk FOREIGN KEY (id) REFERENCES users (id))`);
      await tx.execute(
        sql`CREATE UNIQUE INDEX keys_probe_child_lower_code_key ON keys_probe_child (lower(code)) INCLUDE (agency_id)`,
      );
      await tx.execute(
        sql`CREATE UNIQUE INDEX keys_probe_child_agency_code_key ON keys_probe_child (lower(code), agency_id) WHERE code IS NOT NULL`,
      );
      await tx.execute(sql`CREATE TABLE keys_probe_global (id uuid PRIMARY KEY, child_agency uuid, child_id uuid,
        CONSTRAINT keys_probe_global_child_fk FOREIGN KEY (child_agency, child_id) REFERENCES keys_probe_child (agency_id, id))`);
      await tx.execute(sql`CREATE TABLE keys_probe_listed (id uuid PRIMARY KEY, child_agency uuid, child_id uuid,
        CONSTRAINT keys_probe_listed_child_fk FOREIGN KEY (child_agency, child_id) REFERENCES keys_probe_child (agency_id, id))`);
      return findKeyViolations(tx, { ...RULES, reference: { ...REFERENCE_TABLES, keys_probe_listed: 'a probe' } });
    });
    const ofProbes = violations.filter((v) => v.startsWith('keys_probe_')).map((v) => v.replace(/ \(.*\)$/, ''));
    expect(ofProbes).toEqual([
      'keys_probe_child: foreign key keys_probe_child_parent_fk to keys_probe_parent does not pair agency_id with agency_id',
      'keys_probe_child: foreign key keys_probe_child_swapped_fk to keys_probe_parent does not pair agency_id with agency_id',
      'keys_probe_child: unique constraint keys_probe_child_code_key lacks agency_id',
      'keys_probe_child: unique index keys_probe_child_lower_code_key lacks agency_id',
      'keys_probe_global: no agency_id and not listed as a reference table',
      "keys_probe_listed: reference table's foreign key keys_probe_listed_child_fk points at the distributed table keys_probe_child",
      'keys_probe_parent: primary key keys_probe_parent_pkey lacks agency_id',
    ]);
    const left = await rowsOf<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'keys_probe%'`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});

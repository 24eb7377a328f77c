import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, type Db } from './client';
import { rowsOf } from './rows';

export interface KnownMigration {
  tag: string;
  /** drizzle's `folderMillis`: what its migrator writes as the applied row's created_at. */
  when: number;
}

/**
 * - `current`: every migration this build knows is applied, and no other;
 * - `behind`: some of them are not applied yet;
 * - `ahead`: the database has migrations this build does not know (a newer Milheiro migrated it);
 * - `empty`: nothing applied (a new database).
 */
export type SchemaState = 'current' | 'behind' | 'ahead' | 'empty';

export interface SchemaStatus {
  state: SchemaState;
  /** Migrations applied in the database. */
  applied: number;
  /** Migrations this build knows. */
  expected: number;
  /** The tag of the newest migration applied, or null when none is, or when this build does not know it. */
  lastApplied: string | null;
}

let known: readonly KnownMigration[] | undefined;

/** The migrations this build knows, in order (drizzle-kit's journal beside them). */
export function knownMigrations(): readonly KnownMigration[] {
  known ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: KnownMigration[];
    }
  ).entries.map(({ tag, when }) => ({ tag, when }));
  return known;
}

/**
 * Compares the migrations applied in the database (drizzle's `drizzle.__drizzle_migrations`) with
 * the ones this build knows, on either engine. A migration is matched by its created_at, as
 * drizzle's migrator does (it applies every known migration newer than the newest row). Reading the
 * table takes the owner's connection under decision 0012: the login role has no grant on it.
 */
export async function readSchemaStatus(db: Db): Promise<SchemaStatus> {
  const migrations = knownMigrations();
  const expected = migrations.length;
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`),
  );
  if (!table?.present) return { state: 'empty', applied: 0, expected, lastApplied: null };
  // bigint as text: node-postgres and PGlite answer it alike.
  const rows = rowsOf<{ created_at: string }>(
    await db.execute(sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`),
  );
  const applied = rows.map((r) => Number(r.created_at));
  if (applied.length === 0) return { state: 'empty', applied: 0, expected, lastApplied: null };
  const byWhen = new Map(migrations.map((m) => [m.when, m.tag]));
  const appliedSet = new Set(applied);
  const unknown = applied.some((when) => !byWhen.has(when));
  const missing = migrations.some((m) => !appliedSet.has(m.when));
  return {
    state: unknown ? 'ahead' : missing ? 'behind' : 'current',
    applied: applied.length,
    expected,
    lastApplied: byWhen.get(applied.at(-1)!) ?? null,
  };
}

/** One Portuguese sentence saying what is wrong with the schema; null when it is current. */
export function schemaStatusProblem(status: SchemaStatus): string | null {
  switch (status.state) {
    case 'current':
      return null;
    case 'empty':
      return 'O banco de dados ainda não foi migrado.';
    case 'behind':
      return `O banco de dados não tem todas as migrações desta versão do Milheiro (${status.applied} de ${status.expected} aplicadas).`;
    case 'ahead':
      return `O banco de dados foi migrado por uma versão mais nova do Milheiro (${status.applied} migrações; esta versão conhece ${status.expected}).`;
  }
}

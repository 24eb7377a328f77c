import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../testing/scratch-db';
import { createTestDb } from '../../testing/test-db';
import { createDb, type DbHandle } from '../client';
import { rowsOf } from '../rows';
import { knownMigrations, readSchemaStatus, schemaStatusProblem } from '../schema-status';

/**
 * The schema check of issue #21 on the engine under test: the migrations applied in a database
 * (drizzle's table) against the ones this build knows (the journal).
 */
type MigrationRow = { hash: string; created_at: string };

let handle: DbHandle;
const known = knownMigrations();
const newest = known.at(-1)!;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

/** A database on which nothing was ever migrated: in-memory PGlite, or a new PostgreSQL database. */
async function emptyDb(): Promise<DbHandle> {
  if (!process.env.TEST_DATABASE_URL) return createDb({ kind: 'pglite' });
  const scratch = await createScratchDatabase({ empty: true });
  const empty = await createDb({ kind: 'postgres', url: scratch.url, poolSize: 1 });
  return {
    ...empty,
    close: async () => {
      await empty.close();
      await scratch.drop();
    },
  };
}

describe('readSchemaStatus', () => {
  it('knows the journal: one entry per migration file, in order', () => {
    expect(known.length).toBeGreaterThan(30);
    expect(known[0]!.tag).toBe('0000_init');
    expect(known.map((m) => m.when)).toEqual(known.map((m) => m.when).toSorted((a, b) => a - b));
  });

  it('is current on a migrated database, naming its last migration', async () => {
    expect(await readSchemaStatus(handle.db)).toEqual({
      state: 'current',
      applied: known.length,
      expected: known.length,
      lastApplied: newest.tag,
    });
  });

  it('is behind while the newest migration is not applied, and current again once it is', async () => {
    const [row] = rowsOf<MigrationRow>(
      await handle.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest.when} RETURNING hash, created_at`,
      ),
    );
    try {
      const status = await readSchemaStatus(handle.db);
      expect(status).toEqual({
        state: 'behind',
        applied: known.length - 1,
        expected: known.length,
        lastApplied: known.at(-2)!.tag,
      });
      expect(schemaStatusProblem(status)).toBe(
        `O banco de dados não tem todas as migrações desta versão do Milheiro (${known.length - 1} de ${known.length} aplicadas).`,
      );
    } finally {
      await handle.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row!.hash}, ${row!.created_at})`,
      );
    }
    expect((await readSchemaStatus(handle.db)).state).toBe('current');
  });

  it('is ahead when the database has a migration this build does not know (a newer Milheiro migrated it)', async () => {
    await handle.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-build', ${newest.when + 60_000})`,
    );
    let removed: MigrationRow | undefined;
    try {
      const status = await readSchemaStatus(handle.db);
      expect(status).toEqual({
        state: 'ahead',
        applied: known.length + 1,
        expected: known.length,
        lastApplied: null,
      });
      expect(schemaStatusProblem(status)).toBe(
        `O banco de dados foi migrado por uma versão mais nova do Milheiro (${known.length + 1} migrações; esta versão conhece ${known.length}).`,
      );
      // Ahead wins over behind: the newer build may have replaced what is missing.
      [removed] = rowsOf<MigrationRow>(
        await handle.db.execute(
          sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${known[3]!.when} RETURNING hash, created_at`,
        ),
      );
      expect((await readSchemaStatus(handle.db)).state).toBe('ahead');
    } finally {
      await handle.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'from-a-newer-build'`);
      if (removed) {
        await handle.db.execute(
          sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${removed.hash}, ${removed.created_at})`,
        );
      }
    }
    expect((await readSchemaStatus(handle.db)).state).toBe('current');
  });

  it('is empty on a database never migrated, and current once migrated', async () => {
    const empty = await emptyDb();
    try {
      const status = await readSchemaStatus(empty.db);
      expect(status).toEqual({ state: 'empty', applied: 0, expected: known.length, lastApplied: null });
      expect(schemaStatusProblem(status)).toBe('O banco de dados ainda não foi migrado.');
      await empty.migrate();
      expect((await readSchemaStatus(empty.db)).state).toBe('current');
      expect(schemaStatusProblem(await readSchemaStatus(empty.db))).toBeNull();
    } finally {
      await empty.close();
    }
  }, 120_000);
});

import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type Db } from '../db/client';
import { createDatabase, dropDatabase, urlOfDatabase } from './db-template';

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, migrated (a copy of the run's
 * template) unless `empty`, for a test that needs its URL: a server process to start on it, a
 * connection through a proxy. createTestDb() is the usual way to a database.
 */
export async function createScratchDatabase(options: { empty?: boolean } = {}): Promise<{
  name: string;
  url: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `milheiro_scratch_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? undefined : inject('dbTemplate');
  await createDatabase(serverUrl, name, template);
  const url = urlOfDatabase(serverUrl, name);
  if (!options.empty && template?.kind !== 'postgres') {
    const handle = await createDb({ kind: 'postgres', url, poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  }
  return { name, url, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * A least-privilege login (decision 0012) — a role that is only the tenant role — created through
 * the owner's `db` if missing, and the database URL that logs in as it.
 */
export async function leastPrivilegeLogin(db: Db, databaseUrl: string, login: string): Promise<string> {
  await db.execute(
    sql.raw(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${login}') THEN CREATE ROLE ${login} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE IN ROLE milheiro_app; END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`),
  );
  const url = new URL(databaseUrl);
  url.username = login;
  return url.toString();
}

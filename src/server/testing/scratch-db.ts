import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb } from '../db/client';
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

import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../db/client';
import { createDatabase, dropDatabase, urlOfDatabase } from './db-template';

/**
 * A fresh migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped again by close()). Both start as a copy of
 * the run's template (db-template.ts) when the global setup made one.
 */
export async function createTestDb(): Promise<DbHandle> {
  const template = inject('dbTemplate');
  const url = process.env.TEST_DATABASE_URL;
  let handle: DbHandle;
  let close: () => Promise<void>;
  if (!url) {
    const loadDataDir = template?.kind === 'pglite' ? await openAsBlob(template.dumpFile) : undefined;
    handle = await createDb({ kind: 'pglite', loadDataDir });
    close = () => handle.close();
  } else {
    const name = `milheiro_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await createDatabase(url, name, template);
    handle = await createDb({ kind: 'postgres', url: urlOfDatabase(url, name), poolSize: 20 });
    close = async () => {
      await handle.close();
      await dropDatabase(url, name);
    };
  }
  // On a copy of the template this finds every migration applied, unless one was added since the
  // run began (vitest --watch keeps its global setup).
  await handle.migrate();
  return { ...handle, close };
}

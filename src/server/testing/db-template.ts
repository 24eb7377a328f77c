import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client';

/**
 * A database migrated once per test run, which each test file's database (and each e2e server's)
 * is copied from instead of applying every migration again: a dump of PGlite's data directory, or
 * a database on the PostgreSQL server of TEST_DATABASE_URL to give as CREATE DATABASE's TEMPLATE.
 */
export type DbTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the project has no global setup that makes one: the databases migrate themselves. */
    dbTemplate?: DbTemplate;
  }
}

/** The Vitest global setup (vitest.config.ts, e2e/global-setup.ts): makes the template, drops it at teardown. */
export async function provideDbTemplate(project: TestProject): Promise<() => Promise<void>> {
  const made = await createDbTemplate();
  project.provide('dbTemplate', made.template);
  return () => made.drop();
}

async function createDbTemplate(): Promise<{ template: DbTemplate; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await createDb({ kind: 'pglite' });
    try {
      await handle.migrate();
      // DbHandle hides the driver; drizzle keeps it as $client. Uncompressed: it loads faster.
      const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      const dir = await mkdtemp(path.join(tmpdir(), 'milheiro-tpl-'));
      const dumpFile = path.join(dir, 'pgdata.tar');
      await writeFile(dumpFile, new Uint8Array(await dump.arrayBuffer()));
      return { template: { kind: 'pglite', dumpFile }, drop: () => rm(dir, { recursive: true, force: true }) };
    } finally {
      await handle.close();
    }
  }
  const name = `milheiro_tpl_${randomBytes(6).toString('hex')}`;
  const drop = () => dropDatabase(url, name);
  await runAdminQuery(url, `CREATE DATABASE ${name}`);
  try {
    // Closed before any copy: CREATE DATABASE … TEMPLATE refuses while a session is connected to the template.
    const handle = await createDb({ kind: 'postgres', url: urlOfDatabase(url, name), poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
  return { template: { kind: 'postgres', name }, drop };
}

/** A new database on the server of serverUrl, copied from the template if it is PostgreSQL's. */
export async function createDatabase(serverUrl: string, name: string, template: DbTemplate | undefined): Promise<void> {
  await runAdminQuery(
    serverUrl,
    `CREATE DATABASE ${name}${template?.kind === 'postgres' ? ` TEMPLATE ${template.name}` : ''}`,
  );
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** serverUrl pointing at the database name instead. */
export function urlOfDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runAdminQuery(serverUrl: string, query: string): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

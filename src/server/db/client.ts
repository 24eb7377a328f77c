import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { installJobSchema, type JobConnection } from '../jobs/job-schema';
import { acquireDataDirLock } from './data-dir-lock';
import { pgListen, type Listen } from './listen';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What data-access functions take: the root database or a transaction. */
export type Db = Database | Transaction;

export type DbOptions =
  /** loadDataDir: a tarball of PGlite's dumpDataDir() to start from, instead of an empty database. */
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string; poolSize?: number };

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** What the job queue connects through: the same embedded database, or its own pool on the URL. */
  jobConnection: JobConnection;
  /** The app's migrations, then the job queue's schema (jobs/job-schema.ts). */
  migrate(): Promise<void>;
  /** LISTEN (real-time events, outbox nudges): PostgreSQL's NOTIFY, or PGlite's in-process one. */
  listen: Listen;
  close(): Promise<void>;
  /** An embedded database kept in a directory: what its backups read (backups/backup-file.ts). */
  embedded?: { dataDir: string; pglite: PGlite };
  /** The connections of `db`, for /metrics (ops/metrics.ts). */
  poolStats?: () => PoolStats;
}

/** PostgreSQL: pg's pool. PGlite: its one connection; whether it is busy is not known, so no idle/waiting. */
export interface PoolStats {
  max: number;
  total: number;
  idle?: number;
  /** Queries waiting for a free connection. */
  waiting?: number;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One factory for both engines (docs/decisions/0002-database.md). dataDir undefined = in memory. */
export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // bigint and numeric stay strings unless the schema maps them (bigint mode: number).
    const max = options.poolSize ?? 10;
    // No JIT compilation: the app's statements are short, and a misestimated one (a lookup by a
    // file's 36,000 keys, planned as millions of rows) spent 250 ms compiling for a 250 ms run
    // (docs/performance.md, imports, stop 47). An `options` in the URL still wins.
    const pool = new pg.Pool({ connectionString: options.url, max, options: '-c jit=off' });
    pool.on('error', () => undefined);
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const db = drizzle(pool, { schema });
    const jobConnection: JobConnection = { kind: 'postgres', url: options.url };
    const listener = pgListen(options.url);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      jobConnection,
      migrate: async () => {
        await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
        await installJobSchema(jobConnection, (text) => pool.query(text));
      },
      listen: listener.listen,
      poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const { PGlite: Engine } = await import('@electric-sql/pglite');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // Before PGlite touches the directory: a second process on it would lose writes (#11).
  const lock = options.dataDir ? acquireDataDirLock(options.dataDir) : null;
  // Options go in one object: PGlite ignores them when dataDir is passed as undefined.
  const client = new Engine({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  try {
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle(client, { schema });
  const jobConnection: JobConnection = { kind: 'pglite', pglite: client };
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    jobConnection,
    migrate: async () => {
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      await installJobSchema(jobConnection, (text) => client.exec(text));
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    embedded: options.dataDir ? { dataDir: path.resolve(options.dataDir), pglite: client } : undefined,
    poolStats: () => ({ max: 1, total: client.closed ? 0 : 1 }),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { readSchemaStatus, schemaStatusProblem } from '../db/schema-status';
import type { Lifecycle } from '../http/lifecycle';

/** How long the database has to answer a readiness check. */
export const READY_TIMEOUT_MS = 2_000;

export const READY_MESSAGES = {
  stopping: 'O servidor está encerrando e não recebe novas requisições.',
  databaseDown: 'O banco de dados não respondeu.',
} as const;

export type ReadinessAnswer = { ok: true } | { ok: false; reason: string };

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can serve (GET /api/ready; liveness is /api/health): not stopping, its
 * database answering, and the database's migrations the ones this build knows. The schema is read
 * until it is current, then no more (migrations change only when a process starts); the database
 * is asked every time.
 */
export class Readiness {
  private schemaCurrent = false;

  constructor(
    private readonly options: {
      /** The requests' database. */
      db: Database;
      /** What may read drizzle's migrations table: the owner's connection under decision 0012. */
      ownerDb?: Database;
      lifecycle?: Lifecycle;
    },
  ) {}

  async check(): Promise<ReadinessAnswer> {
    if (this.options.lifecycle?.stopping) return { ok: false, reason: READY_MESSAGES.stopping };
    try {
      return await within(this.checkDatabase(), READY_TIMEOUT_MS);
    } catch {
      return { ok: false, reason: READY_MESSAGES.databaseDown };
    }
  }

  private async checkDatabase(): Promise<ReadinessAnswer> {
    await this.options.db.execute(sql`SELECT 1`);
    if (!this.schemaCurrent) {
      const problem = schemaStatusProblem(await readSchemaStatus(this.options.ownerDb ?? this.options.db));
      if (problem) return { ok: false, reason: problem };
      this.schemaCurrent = true;
    }
    return { ok: true };
  }
}

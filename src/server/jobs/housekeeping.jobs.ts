import { sql } from 'drizzle-orm';
import { pruneAuth } from '../auth/sessions';
import type { JobDefinition } from './job-queue';

export const HOUSEKEEPING_JOB = 'system.housekeeping';

/**
 * Every hour: expired sessions and sign-in attempts pruned; on the embedded database, which runs no
 * autovacuum, VACUUM (ANALYZE) so its planner knows the tables' sizes and index-only scans keep the
 * visibility map (decision 0004). Also queued once a minute after start (server.ts).
 */
export function housekeepingJob(engine: 'pglite' | 'postgres'): JobDefinition {
  return {
    name: HOUSEKEEPING_JOB,
    queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
    cron: '0 * * * *',
    async handle(_data, { db }) {
      await pruneAuth(db);
      if (engine === 'pglite') await db.execute(sql`VACUUM (ANALYZE)`);
    },
  };
}

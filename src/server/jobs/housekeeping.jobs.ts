import { sql } from 'drizzle-orm';
import { EVENT_RETENTION_DAYS } from '../../domain/events/event.schema';
import { pruneAuth } from '../auth/sessions';
import { pruneEvents } from '../events/events.queries';
import { pruneUnusedUploads } from '../files/files.queries';
import type { JobDefinition } from './job-queue';

export const HOUSEKEEPING_JOB = 'system.housekeeping';

/**
 * Every hour: expired sessions and sign-in attempts pruned, and the real-time events past their
 * retention (EVENT_RETENTION_DAYS: a tab away longer refetches everything), uploads no import used
 * after a day; on the embedded database, which runs no
 * autovacuum, VACUUM (ANALYZE) so its planner knows the tables' sizes and index-only scans keep the
 * visibility map (decision 0004). Also queued once a minute after start (server.ts).
 */
export function housekeepingJob(engine: 'pglite' | 'postgres'): JobDefinition<{ now?: string }> {
  return {
    name: HOUSEKEEPING_JOB,
    queue: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
    cron: '0 * * * *',
    async handle(data: { now?: string }, { db }) {
      await pruneAuth(db);
      const now = data.now ? new Date(data.now) : new Date();
      await pruneEvents(db, { before: new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString() });
      // An upload no import used (a wizard left half-way) is kept a day.
      await pruneUnusedUploads(db, { before: new Date(now.getTime() - 86_400_000).toISOString() });
      if (engine === 'pglite') await db.execute(sql`VACUUM (ANALYZE)`);
    },
  };
}

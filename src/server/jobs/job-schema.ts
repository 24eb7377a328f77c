import { PgBoss, fromPglite } from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';

/** Where the job queue's tables live (pg-boss's own schema, beside the app's). */
export const JOB_SCHEMA = 'pgboss';

/** What pg-boss runs on: its own pool on PostgreSQL, the one connection on the embedded database. */
export type JobConnection = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; pglite: PGlite };

export function bossConstructorOptions(connection: JobConnection) {
  return connection.kind === 'postgres'
    ? { connectionString: connection.url, max: connection.poolSize ?? 3, schema: JOB_SCHEMA }
    : { db: fromPglite(connection.pglite), backend: 'pglite' as const, schema: JOB_SCHEMA };
}

/**
 * A request enqueues its jobs inside its own transaction, as the tenant role (DESIGN §1: the job
 * row is the outbox row). The tenant role may add a job and read back the id it added, and only
 * for its own agency: row-level security on the job table checks the payload's `agency_id`
 * against the session-bound agency, so SQL run inside a request cannot queue work for another
 * agency (decision 0012: a job's agency comes from a row written under the request's agency).
 * The worker runs as the owner, which the policies do not restrict.
 */
const TENANT_ENQUEUE_GRANTS = `
GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO milheiro_app;
GRANT SELECT ON ${JOB_SCHEMA}.queue TO milheiro_app;
GRANT INSERT ON ${JOB_SCHEMA}.job_common TO milheiro_app;
GRANT SELECT (id, name, data) ON ${JOB_SCHEMA}.job_common TO milheiro_app;
ALTER TABLE ${JOB_SCHEMA}.job_common ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tenant_enqueue ON ${JOB_SCHEMA}.job_common;
CREATE POLICY tenant_enqueue ON ${JOB_SCHEMA}.job_common FOR INSERT TO milheiro_app
  WITH CHECK ((data ->> 'agency_id') = (SELECT app_current_agency())::text);
DROP POLICY IF EXISTS tenant_read_own ON ${JOB_SCHEMA}.job_common;
CREATE POLICY tenant_read_own ON ${JOB_SCHEMA}.job_common FOR SELECT TO milheiro_app
  USING ((data ->> 'agency_id') = (SELECT app_current_agency())::text);
`;

/**
 * Creates or upgrades the job queue's schema (pg-boss migrates its own tables) and grants the
 * tenant role what enqueueing needs. Part of every migration run, so a migrated database (and the
 * tests' template databases) already hold it; run by the owner, like the app's migrations.
 */
export async function installJobSchema(connection: JobConnection, runSql: (text: string) => Promise<unknown>) {
  const boss = new PgBoss({ ...bossConstructorOptions(connection), supervise: false, schedule: false, migrate: true });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  await runSql(TENANT_ENQUEUE_GRANTS);
}

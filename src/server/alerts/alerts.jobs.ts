import { sql } from 'drizzle-orm';
import { todayIso } from '../../domain/format';
import { rowsOf } from '../db/rows';
import { withTenant } from '../db/tenant';
import type { JobDefinition, JobPayload } from '../jobs/job-queue';
import { scanAlerts } from './alerts.service';

export interface AlertScanPayload extends JobPayload {
  /** The agency's calendar day and the moment SLA is measured at: the job's, so tests drive the calendar (decision 0005). */
  today?: string;
  now?: string;
}

export const ALERT_SCAN_JOB = 'alerts.scan';

/**
 * Every hour (SLA targets are counted in hours; expiry windows move with the day): each active
 * agency's alerts opened and resolved as their causes are, writing only what changed. One agency
 * per transaction, as its tenant (decision 0012); a failed agency fails the job, which pg-boss
 * runs again with backoff, and the agencies already done are left as they are (the scan is
 * idempotent).
 */
export const alertScanJob: JobDefinition<AlertScanPayload> = {
  name: ALERT_SCAN_JOB,
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 600 },
  cron: '15 * * * *',
  async handle(data, { db, logger }) {
    const today = data.today ?? todayIso();
    const now = data.now ?? new Date().toISOString();
    const agencies = data.agency_id
      ? [data.agency_id]
      : rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM agencies WHERE is_active ORDER BY id`)).map(
          (a) => a.id,
        );
    for (const agencyId of agencies) {
      const result = await withTenant(db, agencyId, (tx) => scanAlerts(tx, { agencyId, today, now }));
      if (result.opened.length > 0 || result.resolved > 0) {
        logger.info({ agencyId, opened: result.opened.length, resolved: result.resolved }, 'alerts scanned');
      }
    }
  },
};

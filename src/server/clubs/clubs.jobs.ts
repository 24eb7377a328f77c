import { todayIso } from '../../domain/format';
import { withTenant } from '../db/tenant';
import type { JobDefinition, JobPayload } from '../jobs/job-queue';
import { getAgenciesWithDueClubs } from './clubs.queries';
import { billDueClubs } from './clubs.service';

export interface ClubsMonthlyPayload extends JobPayload {
  /** The agency's calendar day: the job's, so tests drive the calendar (decision 0005). */
  today?: string;
}

export const CLUBS_MONTHLY_JOB = 'clubs.monthly';

/**
 * Every hour at :20 (a billing day turns at midnight in the agency's zone; a failed run is caught
 * up within the hour): each subscription's months whose billing day has come become lots, with
 * their purchases posted. Each agency in a transaction of its own as its tenant (decision 0012).
 * Exactly once per subscription and month however often it runs: a month's credit is unique.
 */
export const clubsMonthlyJob: JobDefinition<ClubsMonthlyPayload> = {
  name: CLUBS_MONTHLY_JOB,
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 600 },
  cron: '20 * * * *',
  async handle(data, { db, logger }) {
    const today = data.today ?? todayIso();
    const agencies = data.agency_id ? [data.agency_id] : await getAgenciesWithDueClubs(db, { today });
    for (const agencyId of agencies) {
      const billed = await withTenant(db, agencyId, (tx) => billDueClubs(tx, { agencyId, userId: null, today }));
      if (billed > 0) logger.info({ agencyId, billed }, 'club months billed');
    }
  },
};

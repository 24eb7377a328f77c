import { formatNumber, todayIso } from '../../domain/format';
import { recordActivity } from '../activity/activity.queries';
import { withTenant } from '../db/tenant';
import type { JobDefinition, JobPayload } from '../jobs/job-queue';
import { getAgenciesWithDueCredits } from './transfers.queries';
import { creditNow } from './transfers.service';

export interface CreditsDuePayload extends JobPayload {
  /** The agency's calendar day: the job's, so tests drive the calendar (decision 0005). */
  today?: string;
}

export const CREDITS_DUE_JOB = 'credits.due';

/**
 * Every hour at :10 (the day turns at midnight in the agency's zone; a failed run is caught up
 * within the hour): the miles "a creditar" whose day has come become lots. The agencies are found as the owner; each is credited in a
 * transaction of its own as its tenant (decision 0012). Idempotent: a credit credited is no longer
 * pending, so running again writes nothing.
 */
export const creditsDueJob: JobDefinition<CreditsDuePayload> = {
  name: CREDITS_DUE_JOB,
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 600 },
  cron: '10 * * * *',
  async handle(data, { db, logger }) {
    const today = data.today ?? todayIso();
    const agencies = data.agency_id ? [data.agency_id] : await getAgenciesWithDueCredits(db, { today });
    for (const agencyId of agencies) {
      const credited = await withTenant(db, agencyId, async (tx) => {
        const count = await creditNow(tx, { agencyId, today });
        // One line for the run (by the system, no user): the audit log says it, and its event
        // refreshes the agency's open tabs ("Milhas a creditar", the lots, the balances).
        if (count > 0) {
          await recordActivity(tx, {
            agencyId,
            userId: null,
            kind: 'credits_credited',
            description: `${formatNumber(count)} ${count === 1 ? 'crédito de milhas creditado' : 'créditos de milhas creditados'} na data prevista`,
          });
        }
        return count;
      });
      if (credited > 0) logger.info({ agencyId, credited }, 'credits credited');
    }
  },
};

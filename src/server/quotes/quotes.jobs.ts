import { recordEvents } from '../events/events.queries';
import { withTenant } from '../db/tenant';
import type { JobDefinition, JobPayload } from '../jobs/job-queue';
import { expireDueQuotes, getAgenciesWithDueQuotes } from './quotes.queries';

export interface QuoteExpiryPayload extends JobPayload {
  /** The moment validity is measured at: the job's, so tests drive the clock (decision 0005). */
  now?: string;
}

export const QUOTE_EXPIRY_JOB = 'quotes.expire';

/**
 * Every 15 minutes: quotes nobody answered (rascunho, enviada) past their validity become
 * expiradas, with a `quote.updated` event each so open lists follow. The agencies are found as the
 * owner; each is expired in a transaction of its own as its tenant (decision 0012). Idempotent:
 * run again, it finds nothing left to expire.
 */
export const quoteExpiryJob: JobDefinition<QuoteExpiryPayload> = {
  name: QUOTE_EXPIRY_JOB,
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 600 },
  cron: '*/15 * * * *',
  async handle(data, { db, logger }) {
    const now = data.now ?? new Date().toISOString();
    const agencies = data.agency_id ? [data.agency_id] : await getAgenciesWithDueQuotes(db, { now });
    for (const agencyId of agencies) {
      const expired = await withTenant(db, agencyId, async (tx) => {
        const ids = await expireDueQuotes(tx, { agencyId, now });
        await recordEvents(
          tx,
          agencyId,
          ids.map((id) => ({ type: 'quote.updated' as const, entityId: id, data: { status: 'expired' } })),
        );
        return ids.length;
      });
      if (expired > 0) logger.info({ agencyId, expired }, 'quotes expired');
    }
  },
};

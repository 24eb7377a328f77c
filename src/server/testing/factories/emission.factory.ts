import type { Db } from '../../db/client';
import { emissions } from '../../db/schema';
import { createLoyaltyAccountRow } from './account.factory';

/**
 * An emission row for a client (the triggers on emissions move the client's figures and the
 * agency's totals). Uses the given account, or a fresh agency-owned LATAM account.
 */
export async function createEmissionRow(
  db: Db,
  agencyId: string,
  clientId: string,
  overrides: Partial<typeof emissions.$inferInsert> = {},
) {
  const accountId =
    overrides.account_id ??
    (await createLoyaltyAccountRow(db, agencyId, { client_id: null, account_number: `AG-${Date.now()}` })).id;
  const [row] = await db
    .insert(emissions)
    .values({
      agency_id: agencyId,
      client_id: clientId,
      account_id: accountId,
      route: 'NAT-GRU',
      miles_used: 20_000,
      revenue_cents: 150_000,
      margin_cents: 30_000,
      status: 'issued',
      ...overrides,
    })
    .returning();
  return row!;
}

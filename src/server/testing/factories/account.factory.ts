import type { Db } from '../../db/client';
import { loyalty_accounts } from '../../db/schema';

/** A loyalty account written straight to the database (test setup), with overrides. */
export async function createLoyaltyAccountRow(
  db: Db,
  agencyId: string,
  overrides: Partial<typeof loyalty_accounts.$inferInsert> = {},
) {
  const [row] = await db
    .insert(loyalty_accounts)
    .values({ agency_id: agencyId, program: 'LATAM', account_number: '123456789', ...overrides })
    .returning();
  return row!;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loyalty_accounts, mile_lots } from '../../db/schema';

/** A lot in the given account (its program and number copied from the account, as the foreign key demands). */
export async function createLotRow(
  db: Db,
  agencyId: string,
  accountId: string,
  overrides: Partial<typeof mile_lots.$inferInsert> = {},
) {
  const [account] = await db
    .select({ program: loyalty_accounts.program, account_number: loyalty_accounts.account_number })
    .from(loyalty_accounts)
    .where(eq(loyalty_accounts.id, accountId));
  const [row] = await db
    .insert(mile_lots)
    .values({
      agency_id: agencyId,
      account_id: accountId,
      program: account?.program ?? 'LATAM',
      account_number: account?.account_number ?? '',
      original_quantity: 10_000,
      remaining_quantity: 10_000,
      total_cost_cents: 25_000,
      cost_per_thousand: '25.0000',
      purchase_date: '2026-01-10',
      ...overrides,
    })
    .returning();
  return row!;
}

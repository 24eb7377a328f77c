import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './client';

export const APP_ROLE = 'milheiro_app';

/**
 * Runs fn in a transaction as the non-superuser role with the agency set for this transaction
 * only, so PostgreSQL's row-level security admits nothing of another agency (DESIGN.md §2).
 */
export async function withTenant<T>(db: Database, agencyId: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterTenant(tx, agencyId);
    return fn(tx);
  });
}

/**
 * SET LOCAL ROLE and the agency in one round trip: set_config('role', …, true) is SET LOCAL ROLE
 * (the same membership check; PostgREST enters its roles this way). Every request and every
 * allocation pays this, so one statement rather than two.
 */
export async function enterTenant(tx: Transaction, agencyId: string): Promise<void> {
  await tx.execute(sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.agency_id', ${agencyId}, true)`);
}

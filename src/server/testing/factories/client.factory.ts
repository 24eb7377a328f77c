import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, emissions, loyalty_accounts, mile_lots } from '../../db/schema';

function mod11(digits: number[], firstWeight: number): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (firstWeight - i), 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A valid CPF (11 digits) from any non-negative number, e.g. validCpf(1) → "00000000191". */
export function validCpf(n: number): string {
  const base = String(n % 1_000_000_000)
    .padStart(9, '0')
    .split('')
    .map(Number);
  if (base.every((d) => d === base[0])) base[8] = (base[8]! + 1) % 10;
  const d1 = mod11(base, 10);
  const d2 = mod11([...base, d1], 11);
  return [...base, d1, d2].join('');
}

/** A client written straight to the database (test setup), with overrides. */
export async function createClientRow(db: Db, agencyId: string, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({ agency_id: agencyId, name: 'Cliente Teste', ...overrides })
    .returning();
  return row!;
}

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

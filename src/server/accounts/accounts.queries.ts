// Loyalty accounts (DESIGN.md §2): the one place that reads and writes loyalty_accounts, for the
// clients' form (a client's accounts), the lot form (an account, or the agency's own made on the
// fly), the account picker and the emission wizard (an account's lots and past passengers).
// program is held to the catalogue by the loyalty_accounts_program check, a lot's status to
// LOT_STATUSES by mile_lots_status: the answers' types say so.

import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountLot, AccountOption } from '../../domain/accounts/account.schema';
import type { LoyaltyAccount, LoyaltyAccountInput } from '../../domain/clients/client.schema';
import { PROGRAM_KEYS, type ProgramKey } from '../../domain/programs';
import { escapeLike } from '../../domain/search';
import { AGENCY_TIME_ZONE } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { clients, emission_passengers, emissions, loyalty_accounts, mile_lots } from '../db/schema';

export type LoyaltyAccountRow = typeof loyalty_accounts.$inferSelect;

/** The API's loyalty account (loyaltyAccountSchema); the loyalty_accounts_program check holds program to the catalogue. */
export function toLoyaltyAccountDto(
  a: Pick<LoyaltyAccountRow, 'id' | 'program' | 'account_number' | 'nickname'>,
): LoyaltyAccount {
  return { id: a.id, program: a.program as ProgramKey, account_number: a.account_number, nickname: a.nickname };
}

export interface AccountFilters {
  agencyId: string;
  program?: ProgramKey;
  clientId?: string;
  search?: string;
  limit: number;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The agency's live loyalty accounts for the lot form's picker: its own accounts first, then its
 * clients' by name; a search matches the number, the nickname or the client's name (each word).
 */
export async function listAccounts(
  db: Db,
  { agencyId, program, clientId, search, limit }: AccountFilters,
): Promise<AccountOption[]> {
  const conditions: SQL[] = [eq(loyalty_accounts.agency_id, agencyId), isNull(loyalty_accounts.deleted_at)];
  if (program) conditions.push(eq(loyalty_accounts.program, program));
  if (clientId) conditions.push(eq(loyalty_accounts.client_id, clientId));
  for (const word of fold(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)) {
    const like = `%${escapeLike(word)}%`;
    conditions.push(
      or(
        sql`lower(${loyalty_accounts.account_number}) LIKE ${like}`,
        sql`lower(coalesce(${loyalty_accounts.nickname}, '')) LIKE ${like}`,
        sql`coalesce(${clients.sort_name}, '') LIKE ${like}`,
      )!,
    );
  }
  return db
    .select({
      id: loyalty_accounts.id,
      program: loyalty_accounts.program,
      account_number: loyalty_accounts.account_number,
      nickname: loyalty_accounts.nickname,
      client_id: loyalty_accounts.client_id,
      client_name: clients.name,
    })
    .from(loyalty_accounts)
    .leftJoin(
      clients,
      and(eq(clients.id, loyalty_accounts.client_id), eq(clients.agency_id, loyalty_accounts.agency_id)),
    )
    .where(and(...conditions, sql`(${loyalty_accounts.client_id} IS NULL OR ${clients.deleted_at} IS NULL)`))
    .orderBy(
      sql`${loyalty_accounts.client_id} IS NOT NULL`,
      asc(clients.sort_name),
      asc(loyalty_accounts.account_number),
      asc(loyalty_accounts.id),
    )
    .limit(limit)
    .then((rows) => rows as AccountOption[]);
}

/** An account as the lot form and the emission wizard need it. */
export interface AccountRef {
  id: string;
  program: string;
  account_number: string;
  /** Null: the agency's own account. */
  client_id: string | null;
}

const ACCOUNT_COLUMNS = {
  id: loyalty_accounts.id,
  program: loyalty_accounts.program,
  account_number: loyalty_accounts.account_number,
  client_id: loyalty_accounts.client_id,
};

/** A live account of the agency, with its holder's CPF/CNPJ (null for the agency's own) and, once anonymised, its hash. */
export async function getAccount(
  db: Db,
  { agencyId, id }: { agencyId: string; id: string },
): Promise<
  | (AccountRef & {
      nickname: string | null;
      client_name: string | null;
      client_document: string | null;
      client_document_hash: string | null;
    })
  | null
> {
  const [row] = await db
    .select({
      ...ACCOUNT_COLUMNS,
      nickname: loyalty_accounts.nickname,
      client_name: clients.name,
      client_document: clients.document,
      client_document_hash: clients.document_hash,
    })
    .from(loyalty_accounts)
    .leftJoin(
      clients,
      and(eq(clients.id, loyalty_accounts.client_id), eq(clients.agency_id, loyalty_accounts.agency_id)),
    )
    .where(
      and(eq(loyalty_accounts.agency_id, agencyId), eq(loyalty_accounts.id, id), isNull(loyalty_accounts.deleted_at)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The agency's own account (no client) of this program and number, made when missing. Two
 * requests racing to make it meet on the unique index loyalty_accounts_agency_number_key: one
 * inserts, the other finds it.
 */
export async function findOrCreateAgencyAccount(
  db: Db,
  { agencyId, program, accountNumber }: { agencyId: string; program: ProgramKey; accountNumber: string },
): Promise<AccountRef> {
  const where = and(
    eq(loyalty_accounts.agency_id, agencyId),
    eq(loyalty_accounts.program, program),
    eq(loyalty_accounts.account_number, accountNumber),
    isNull(loyalty_accounts.client_id),
    isNull(loyalty_accounts.deleted_at),
  );
  const [found] = await db.select(ACCOUNT_COLUMNS).from(loyalty_accounts).where(where).limit(1);
  if (found) return found;
  const [made] = await db
    .insert(loyalty_accounts)
    .values({ agency_id: agencyId, client_id: null, program, account_number: accountNumber })
    .onConflictDoNothing({
      target: [loyalty_accounts.agency_id, loyalty_accounts.program, loyalty_accounts.account_number],
      where: sql`client_id IS NULL AND deleted_at IS NULL`,
    })
    .returning(ACCOUNT_COLUMNS);
  if (made) return made;
  const [other] = await db.select(ACCOUNT_COLUMNS).from(loyalty_accounts).where(where).limit(1);
  return other!;
}

// ---------------------------------------------------------------------------------------------
// A client's accounts (the client form's "Programas de Fidelidade")

// Accounts saved together share created_at (the transaction's now()); the catalogue order settles them.
function byAddedThenCatalogue(a: LoyaltyAccountRow, b: LoyaltyAccountRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return (
    PROGRAM_KEYS.indexOf(a.program as (typeof PROGRAM_KEYS)[number]) -
    PROGRAM_KEYS.indexOf(b.program as (typeof PROGRAM_KEYS)[number])
  );
}

/** Several clients' loyalty accounts in one query, grouped by client, in the order they were added. */
export async function getLoyaltyAccountsByClient(
  db: Db,
  { agencyId, clientIds }: { agencyId: string; clientIds: string[] },
) {
  const byClient = new Map<string, LoyaltyAccountRow[]>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .select()
    .from(loyalty_accounts)
    .where(
      and(
        eq(loyalty_accounts.agency_id, agencyId),
        inArray(loyalty_accounts.client_id, clientIds),
        isNull(loyalty_accounts.deleted_at),
      ),
    )
    .orderBy(asc(loyalty_accounts.created_at), asc(loyalty_accounts.id));
  for (const row of rows) {
    const list = byClient.get(row.client_id!) ?? [];
    list.push(row);
    byClient.set(row.client_id!, list);
  }
  for (const list of byClient.values()) list.sort(byAddedThenCatalogue);
  return byClient;
}

export async function getClientAccounts(db: Db, { agencyId, clientId }: { agencyId: string; clientId: string }) {
  return db
    .select()
    .from(loyalty_accounts)
    .where(
      and(
        eq(loyalty_accounts.agency_id, agencyId),
        eq(loyalty_accounts.client_id, clientId),
        isNull(loyalty_accounts.deleted_at),
      ),
    )
    .orderBy(asc(loyalty_accounts.created_at), asc(loyalty_accounts.id))
    .then((rows) => rows.sort(byAddedThenCatalogue));
}

/** Accounts among `ids` that lots or emissions point at (and so must keep existing and keep their program). */
export async function getAccountsInUse(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: loyalty_accounts.id })
    .from(loyalty_accounts)
    .where(
      and(
        eq(loyalty_accounts.agency_id, agencyId),
        inArray(loyalty_accounts.id, ids),
        sql`(EXISTS (SELECT 1 FROM mile_lots l WHERE l.agency_id = loyalty_accounts.agency_id AND l.account_id = loyalty_accounts.id)
          OR EXISTS (SELECT 1 FROM emissions e WHERE e.agency_id = loyalty_accounts.agency_id AND e.account_id = loyalty_accounts.id))`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertLoyaltyAccounts(
  db: Db,
  { agencyId, clientId, accounts }: { agencyId: string; clientId: string; accounts: LoyaltyAccountInput[] },
) {
  if (accounts.length === 0) return;
  await db.insert(loyalty_accounts).values(
    accounts.map((a) => ({
      agency_id: agencyId,
      client_id: clientId,
      program: a.program,
      account_number: a.account_number,
      nickname: a.nickname,
    })),
  );
}

export async function updateLoyaltyAccount(
  db: Db,
  { agencyId, account }: { agencyId: string; account: LoyaltyAccountInput & { id: string } },
) {
  await db
    .update(loyalty_accounts)
    .set({
      program: account.program,
      account_number: account.account_number,
      nickname: account.nickname,
      updated_at: sql`now()`,
    })
    .where(and(eq(loyalty_accounts.agency_id, agencyId), eq(loyalty_accounts.id, account.id)));
}

export async function deleteLoyaltyAccounts(db: Db, { agencyId, ids }: { agencyId: string; ids: string[] }) {
  if (ids.length === 0) return;
  await db
    .delete(loyalty_accounts)
    .where(and(eq(loyalty_accounts.agency_id, agencyId), inArray(loyalty_accounts.id, ids)));
}

/**
 * The lots of these accounts, locked in id order: a renumbered account's lots follow it (their
 * copy of the number, through mile_lots_account_fk ON UPDATE CASCADE), and lots are locked before
 * the client, as every write path does (docs/decisions/0011-lock-order-and-retries.md).
 */
export async function lockAccountLots(db: Db, { agencyId, accountIds }: { agencyId: string; accountIds: string[] }) {
  if (accountIds.length === 0) return;
  await db
    .select({ id: mile_lots.id })
    .from(mile_lots)
    .where(and(eq(mile_lots.agency_id, agencyId), inArray(mile_lots.account_id, accountIds)))
    .orderBy(asc(mile_lots.id))
    .for('no key update');
}

// ---------------------------------------------------------------------------------------------
// The emission wizard's reads of one account

/** The account's available lots with miles left, cheapest first. */
export async function getAccountAvailableLots(
  db: Db,
  { agencyId, accountId }: { agencyId: string; accountId: string },
): Promise<AccountLot[]> {
  return db
    .select({
      id: mile_lots.id,
      remaining_quantity: mile_lots.remaining_quantity,
      cost_per_thousand: mile_lots.cost_per_thousand,
      expiry_date: mile_lots.expiry_date,
      purchase_date: mile_lots.purchase_date,
      supplier: mile_lots.supplier,
      status: mile_lots.status,
    })
    .from(mile_lots)
    .where(
      and(
        eq(mile_lots.agency_id, agencyId),
        eq(mile_lots.account_id, accountId),
        isNull(mile_lots.deleted_at),
        eq(mile_lots.status, 'available'),
        gt(mile_lots.remaining_quantity, 0),
      ),
    )
    .orderBy(
      asc(mile_lots.cost_per_thousand),
      sql`${mile_lots.expiry_date} ASC NULLS LAST`,
      desc(mile_lots.remaining_quantity),
      asc(mile_lots.id),
    )
    .then((rows) => rows as AccountLot[]);
}

/** Passengers of the account's non-cancelled emissions, each with its emission's day in the agency's calendar. */
export async function getAccountPastPassengers(
  db: Db,
  { agencyId, accountId }: { agencyId: string; accountId: string },
) {
  return db
    .select({
      cpf: emission_passengers.cpf,
      date: sql<string>`to_char(${emissions.created_at} AT TIME ZONE ${AGENCY_TIME_ZONE}, 'YYYY-MM-DD')`,
    })
    .from(emission_passengers)
    .innerJoin(
      emissions,
      and(eq(emissions.id, emission_passengers.emission_id), eq(emissions.agency_id, emission_passengers.agency_id)),
    )
    .where(
      and(
        eq(emission_passengers.agency_id, agencyId),
        eq(emissions.account_id, accountId),
        isNull(emissions.deleted_at),
        ne(emissions.status, 'cancelled'),
      ),
    )
    .orderBy(desc(emissions.created_at));
}

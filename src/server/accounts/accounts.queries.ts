import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProgramKey } from '../../domain/programs';
import { escapeLike } from '../../domain/search';
import type { Db } from '../db/client';
import { clients, loyalty_accounts } from '../db/schema';

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
export async function listAccounts(db: Db, { agencyId, program, clientId, search, limit }: AccountFilters) {
  const conditions: SQL[] = [eq(loyalty_accounts.agency_id, agencyId), isNull(loyalty_accounts.deleted_at)];
  if (program) conditions.push(eq(loyalty_accounts.program, program));
  if (clientId) conditions.push(eq(loyalty_accounts.client_id, clientId));
  for (const word of fold(search ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
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
    .leftJoin(clients, and(eq(clients.id, loyalty_accounts.client_id), eq(clients.agency_id, loyalty_accounts.agency_id)))
    .where(and(...conditions, sql`(${loyalty_accounts.client_id} IS NULL OR ${clients.deleted_at} IS NULL)`))
    .orderBy(sql`${loyalty_accounts.client_id} IS NOT NULL`, asc(clients.sort_name), asc(loyalty_accounts.account_number), asc(loyalty_accounts.id))
    .limit(limit);
}

import type {
  BulkDelete,
  BulkDeleteResult,
  Client,
  ClientDetail,
  ClientInput,
  ClientList,
  ClientListQuery,
} from '../../domain/clients/client.schema';
import { diffFields } from '../../domain/audit/audit.rules';
import { computeClientStats } from '../../domain/clients/client.rules';
import { formatCpfOrCnpj } from '../../domain/documents';
import { programName } from '../../domain/programs';
import { ACCOUNT_MESSAGES } from '../accounts/accounts.errors';
import {
  deleteLoyaltyAccounts,
  getAccountsInUse,
  getClientAccounts,
  insertLoyaltyAccounts,
  lockAccountLots,
  updateLoyaltyAccount,
  type LoyaltyAccountRow,
} from '../accounts/accounts.queries';
import { recordActivity, recordChange } from '../activity/activity.queries';
import type { DeletionCheck } from '../../domain/response.schema';
import type { Db } from '../db/client';
import { isUniqueViolation, pgError } from '../db/errors';
import { withRetry } from '../db/retry';
import { validationError, type AppError } from '../http/errors';
import { paged, pageRows } from '../http/paged';
import {
  accountMovedInUse,
  accountRemovedInUse,
  CLIENT_ERROR_MESSAGES,
  clientHasEmissions,
  clientHasLots,
  clientAnonymized,
  clientNotFound,
  duplicateDocument,
  duplicateProgram,
  restoreConflict,
} from './clients.errors';
import {
  deleteClientRows,
  findClientByDocument,
  getClient,
  getClientEmissionSums,
  getClientsPage,
  getClientTotals,
  getDeleteCandidates,
  searchClientsPage,
  searchConditions,
  insertClient,
  restoreClientRows,
  softDeleteClientRows,
  updateClientRow,
  withLoyaltyAccounts,
  type ClientRow,
  type DeleteCandidate,
} from './clients.queries';

const PG_FOREIGN_KEY_VIOLATION = '23503';

interface Actor {
  agencyId: string;
  userId: string | null;
}

/** The fields of a client whose changes the audit log keeps (before/after). */
const AUDITED_FIELDS = ['name', 'email', 'phone', 'document', 'birth_date', 'status', 'tags', 'notes'] as const;

/** The loyalty accounts as one audited value: "LATAM Pass (12345)", in program order. */
const accountsValue = (accounts: readonly Pick<LoyaltyAccountRow, 'program' | 'account_number'>[]) =>
  accounts.map(accountLabel).sort();

/** A client as its activity lines name it: "Cliente José da Silva". */
const clientRecord = (client: { id: string; name: string }) => ({
  type: 'client' as const,
  id: client.id,
  label: `Cliente ${client.name}`,
});

export async function listClients(db: Db, agencyId: string, query: ClientListQuery): Promise<ClientList> {
  const filters = { agencyId, search: query.search, status: query.status };
  const totals = await getClientTotals(db, { agencyId });
  const summary = {
    total_clients: totals.total_clients,
    active_clients: totals.active_clients,
    total_emissions: totals.total_emissions,
    total_revenue_cents: totals.total_revenue_cents,
  };
  const byStatus = {
    active: totals.active_clients,
    inactive: totals.inactive_clients,
    blocked: totals.blocked_clients,
  };
  const page = { ...filters, sort: query.sort, order: query.order, ...pageRows(query) };
  let rows: ClientRow[];
  let total: number;
  let capped = false;
  if (searchConditions(query.search).length > 0) {
    ({ rows, total, capped } = await searchClientsPage(db, page));
  } else {
    total = query.status ? byStatus[query.status] : totals.total_clients;
    rows = await getClientsPage(db, { ...page, total });
  }
  return {
    ...paged(await withLoyaltyAccounts(db, { agencyId, rows }), total, {
      page: query.page,
      limit: query.limit,
      capped,
    }),
    summary,
  };
}

export async function getClientDetail(
  db: Db,
  { agencyId, id }: { agencyId: string; id: string },
): Promise<ClientDetail> {
  const row = await getClient(db, { agencyId, id });
  if (!row) throw clientNotFound();
  const [client] = await withLoyaltyAccounts(db, { agencyId, rows: [row] });
  const sums = await getClientEmissionSums(db, { agencyId, clientId: id });
  return { client: client!, stats: computeClientStats(sums) };
}

async function assertDocumentFree(db: Db, agencyId: string, document: string | null, exceptId?: string) {
  if (!document) return;
  const other = await findClientByDocument(db, { agencyId, document, exceptId });
  if (other) {
    throw duplicateDocument(document.length === 11 ? 'CPF' : 'CNPJ', formatCpfOrCnpj(document), other.name);
  }
}

/** A unique violation on (agency, client, program): two requests raced to add the same program. */
function duplicateProgramError(err: unknown): AppError | null {
  if (!isUniqueViolation(err, 'loyalty_accounts_client_program_key')) return null;
  return duplicateProgram();
}

const accountLabel = (a: Pick<LoyaltyAccountRow, 'program' | 'account_number'>) =>
  `${programName(a.program)} (${a.account_number})`;

export async function createClient(db: Db, actor: Actor, input: ClientInput): Promise<Client> {
  const unknownIds: Record<string, string> = {};
  input.loyalty_accounts.forEach((a, i) => {
    if (a.id) unknownIds[`loyalty_accounts.${i}.id`] = ACCOUNT_MESSAGES.notFoundField;
  });
  if (Object.keys(unknownIds).length > 0) throw validationError(unknownIds);
  await assertDocumentFree(db, actor.agencyId, input.document);
  const row = await insertClient(db, { agencyId: actor.agencyId, input });
  try {
    await insertLoyaltyAccounts(db, { agencyId: actor.agencyId, clientId: row.id, accounts: input.loyalty_accounts });
  } catch (err) {
    throw duplicateProgramError(err) ?? err;
  }
  await recordChange(db, actor, 'created', clientRecord(row));
  const [dto] = await withLoyaltyAccounts(db, { agencyId: actor.agencyId, rows: [row] });
  return dto!;
}

/**
 * Saves the whole form. Loyalty accounts: an entry with the id of one of this client's accounts
 * updates it, an entry without id creates one, and this client's accounts left out are removed;
 * an account that lots or emissions point at can be neither removed nor moved to another program.
 * Run again on a deadlock (docs/decisions/0011-lock-order-and-retries.md).
 */
export async function updateClient(db: Db, actor: Actor, id: string, input: ClientInput): Promise<Client> {
  return withRetry(db, (tx) => updateClientOnce(tx, actor, id, input));
}

async function updateClientOnce(db: Db, actor: Actor, id: string, input: ClientInput): Promise<Client> {
  const { agencyId } = actor;
  const existing = await getClient(db, { agencyId, id });
  if (!existing) throw clientNotFound();
  // LGPD: an anonymised client's personal fields stay erased (docs/decisions/0027-audit-log-and-lgpd.md).
  if (existing.anonymized_at) throw clientAnonymized();
  await assertDocumentFree(db, agencyId, input.document, id);

  const current = await getClientAccounts(db, { agencyId, clientId: id });
  const currentById = new Map(current.map((a) => [a.id, a]));
  const unknownIds: Record<string, string> = {};
  input.loyalty_accounts.forEach((a, i) => {
    if (a.id && !currentById.has(a.id)) unknownIds[`loyalty_accounts.${i}.id`] = ACCOUNT_MESSAGES.notFoundField;
  });
  if (Object.keys(unknownIds).length > 0) throw validationError(unknownIds);

  const keptIds = new Set(input.loyalty_accounts.flatMap((a) => (a.id ? [a.id] : [])));
  const removed = current.filter((a) => !keptIds.has(a.id));
  const moved = input.loyalty_accounts.flatMap((a, index) => {
    const before = a.id ? currentById.get(a.id) : undefined;
    return before && before.program !== a.program ? [{ before, index }] : [];
  });
  const inUse = await getAccountsInUse(db, {
    agencyId,
    ids: [...removed.map((a) => a.id), ...moved.map((m) => m.before.id)],
  });
  const removedInUse = removed.find((a) => inUse.has(a.id));
  if (removedInUse) throw accountRemovedInUse(accountLabel(removedInUse));
  const movedInUse = moved.find((m) => inUse.has(m.before.id));
  if (movedInUse)
    throw accountMovedInUse(accountLabel(movedInUse.before), `loyalty_accounts.${movedInUse.index}.program`);

  const renumbered = input.loyalty_accounts.flatMap((a) => {
    const before = a.id ? currentById.get(a.id) : undefined;
    return before && before.account_number !== a.account_number ? [before.id] : [];
  });
  await lockAccountLots(db, { agencyId, accountIds: renumbered });
  const row = await updateClientRow(db, { agencyId, id, input });
  if (!row) throw clientNotFound();
  try {
    // Removals first, so a program given up can be taken by a new entry in the same save.
    await deleteLoyaltyAccounts(db, { agencyId, ids: removed.map((a) => a.id) });
    for (const a of input.loyalty_accounts) {
      const before = a.id ? currentById.get(a.id) : undefined;
      if (!before) continue;
      if (
        before.program !== a.program ||
        before.account_number !== a.account_number ||
        before.nickname !== a.nickname
      ) {
        await updateLoyaltyAccount(db, { agencyId, account: { ...a, id: before.id } });
      }
    }
    await insertLoyaltyAccounts(db, { agencyId, clientId: id, accounts: input.loyalty_accounts.filter((a) => !a.id) });
  } catch (err) {
    throw duplicateProgramError(err) ?? err;
  }
  const changes = diffFields(
    { ...existing, loyalty_accounts: accountsValue(current) },
    { ...row, loyalty_accounts: accountsValue(input.loyalty_accounts) },
    [...AUDITED_FIELDS, 'loyalty_accounts'],
  );
  await recordChange(db, actor, 'updated', clientRecord(row), changes);
  const [dto] = await withLoyaltyAccounts(db, { agencyId, rows: [row] });
  return dto!;
}

function keepReason(c: DeleteCandidate): string | null {
  if (c.has_emissions) return CLIENT_ERROR_MESSAGES.hasEmissions;
  if (c.has_lots) return CLIENT_ERROR_MESSAGES.hasLots;
  return null;
}

/** A DELETE's failure, rethrown: an emission or lot that arrived after our check makes the foreign key refuse it. */
function rethrowRace(err: unknown): never {
  throw pgError(err)?.code === PG_FOREIGN_KEY_VIOLATION ? clientHasEmissions() : err;
}

/** Whether deleteClient would delete the client, and if not why (as it would say it). */
export async function clientDeletion(
  db: Db,
  { agencyId, id }: { agencyId: string; id: string },
): Promise<DeletionCheck> {
  const [candidate] = await getDeleteCandidates(db, { agencyId, ids: [id] });
  if (!candidate) throw clientNotFound();
  const reason = keepReason(candidate);
  return { deletable: reason === null, reason };
}

export async function deleteClient(db: Db, actor: Actor, id: string): Promise<void> {
  const [candidate] = await getDeleteCandidates(db, { agencyId: actor.agencyId, ids: [id] });
  if (!candidate) throw clientNotFound();
  if (candidate.has_emissions) throw clientHasEmissions();
  if (candidate.has_lots) throw clientHasLots();
  await deleteClientRows(db, { agencyId: actor.agencyId, ids: [id] }).catch(rethrowRace);
  await recordChange(db, actor, 'deleted', clientRecord(candidate));
}

/**
 * Deletes the agency's clients among the ids that have no emissions or lots; the others are kept
 * and listed with the reason. Ids of another agency, or of nobody, are only counted as not found.
 */
export async function bulkDeleteClients(db: Db, actor: Actor, { ids }: BulkDelete): Promise<BulkDeleteResult> {
  const candidates = await getDeleteCandidates(db, { agencyId: actor.agencyId, ids });
  const kept: { id: string; name: string; reason: string }[] = [];
  const deletable: DeleteCandidate[] = [];
  for (const c of candidates) {
    const reason = keepReason(c);
    if (reason) kept.push({ id: c.id, name: c.name, reason });
    else deletable.push(c);
  }
  const deletableIds = deletable.map((c) => c.id);
  const deleted = await deleteClientRows(db, { agencyId: actor.agencyId, ids: deletableIds }).catch(rethrowRace);
  const [only] = deleted;
  if (deleted.length === 1 && only) await recordChange(db, actor, 'deleted', clientRecord(only));
  else if (deleted.length > 1) {
    await recordActivity(db, {
      ...actor,
      kind: 'clients_deleted',
      description: `${deleted.length} clientes excluídos`,
    });
  }
  return { deleted: deleted.length, kept, not_found: ids.length - candidates.length };
}

/**
 * Soft delete for import undo (DESIGN.md §2): the live clients among `ids` and their loyalty
 * accounts leave every list, search, count and total, in one statement. Their emissions and lots
 * are records of their own, soft-deleted by their own functions first when an undo removes them.
 */
export async function softDeleteClients(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<{ count: number }> {
  return withRetry(db, async (tx) => ({ count: await softDeleteClientRows(tx, { agencyId, ids }) }));
}

/** Brings soft-deleted clients back with the accounts deleted with them; a clash with a live record is a 409. */
export async function restoreClients(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<{ count: number }> {
  return withRetry(db, async (tx) => {
    try {
      return { count: await restoreClientRows(tx, { agencyId, ids }) };
    } catch (err) {
      if (isUniqueViolation(err)) throw restoreConflict();
      throw err;
    }
  });
}

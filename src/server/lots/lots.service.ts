import type { z } from 'zod';
import { DEFAULT_SETTINGS } from '../../domain/agency/agency.schema';
import { addDaysIso, formatNumber, todayIso } from '../../domain/format';
import {
  makeLotInputSchema,
  type BulkLotDelete,
  type BulkLotDeleteResult,
  type Lot,
  type LotAllocationList,
  type LotDetail,
  type LotExpiringList,
  type LotInput,
  type LotList,
  type LotListQuery,
  type LotStats,
  type LotStatus,
  type LotSummary,
  type MarkExpiredResult,
} from '../../domain/lots/lot.schema';
import {
  costPerThousandFromPerMile,
  isLotExpired,
  lotStatusAfterRelease,
  lotTotalCostCents,
} from '../../domain/lots/lot.rules';
import { PROGRAM_KEYS, programName, type ProgramKey } from '../../domain/programs';
import { CARD_MESSAGES, lotPaymentSchema } from '../../domain/cards/card.schema';
import { ACCOUNT_MESSAGES, accountNotFound } from '../accounts/accounts.errors';
import { resolveLotSupplier } from '../suppliers/suppliers.service';
import { lotCardPurchase, lotsWithPaidInstalments, payLotByCard } from '../cards/cards.service';
import { findOrCreateAgencyAccount, getAccount, type AccountRef } from '../accounts/accounts.queries';
import { diffFields } from '../../domain/audit/audit.rules';
import { recordActivity, recordChange } from '../activity/activity.queries';
import { followAlerts, scanAlerts } from '../alerts/alerts.service';
import { getSettings } from '../agency/agency.queries';
import type { DeletionCheck } from '../../domain/response.schema';
import type { Db } from '../db/client';
import { pgError } from '../db/errors';
import { withRetry } from '../db/retry';
import { validationError } from '../http/errors';
import { paged, pageRows } from '../http/paged';
import { zodFields } from '../http/validate';
import { LOT_ERROR_MESSAGES, LOT_MESSAGES, lotInUse, lotNotFound, lotPaidOnCard } from './lots.errors';
import {
  countExpiringLotsByProgram,
  deleteLotRows,
  getDeleteCandidates,
  getAvailableByProgram,
  getExpiringLots,
  getLot,
  getLotAllocationsPage,
  getLotStatsSums,
  getLotSummaryByProgram,
  getLotsPage,
  getLotTotals,
  getLotsInOrder,
  insertLot,
  isSearched,
  searchLots,
  insertPurchaseEntry,
  lockDeleteCandidates,
  restoreLotRows,
  softDeleteLotRows,
  lockLot,
  markExpiredLots,
  toLotDto,
  updateLotRow,
  updatePurchaseEntry,
  type LotRow,
  type LotTotals,
  type LotValues,
  type PurchaseEntry,
} from './lots.queries';

/** Expiring lots in one answer at most (GET /lots/expiring). */
export const EXPIRING_LOTS_LIMIT = 1000;

const PG_FOREIGN_KEY_VIOLATION = '23503';

export interface Actor {
  agencyId: string;
  userId: string | null;
}

const lotLabel = (program: string, miles: number) => `${programName(program)} de ${formatNumber(miles)} milhas`;

/** The lot's purchase as its financial entry: what it cost, on the day it was bought. */
const purchaseEntry = (lotId: string, values: LotValues): PurchaseEntry => ({
  lotId,
  amountCents: values.total_cost_cents,
  description: `Compra de lote ${programName(values.program)} — ${formatNumber(values.original_quantity)} milhas`,
  entryDate: values.purchase_date,
});

/** The fields of a lot whose changes the audit log keeps (before/after). */
const AUDITED_FIELDS = [
  'program',
  'account_number',
  'original_quantity',
  'remaining_quantity',
  'total_cost_cents',
  'cost_per_thousand',
  'purchase_date',
  'expiry_date',
  'supplier',
  'notes',
  'status',
] as const;

/** A lot's audited values; the cost per thousand compared as a number ("17.5" and "17.5000" are one price). */
const auditedLot = (lot: Record<(typeof AUDITED_FIELDS)[number], unknown> & { cost_per_thousand: string }) => ({
  ...lot,
  cost_per_thousand: Number(lot.cost_per_thousand),
});

/** A lot as its activity lines name it: "Lote LATAM Pass de 100.000 milhas". */
const lotRecord = (id: string, lot: { program: string; original_quantity: number }) => ({
  type: 'lot' as const,
  id,
  label: `Lote ${lotLabel(lot.program, lot.original_quantity)}`,
});

async function alertDays(db: Db, agencyId: string): Promise<number> {
  return (await getSettings(db, { agencyId }))?.expiry_alert_days ?? DEFAULT_SETTINGS.expiry_alert_days;
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function listLots(
  db: Db,
  { agencyId, today }: { agencyId: string; today: string },
  query: LotListQuery,
): Promise<LotList> {
  const filters = { agencyId, search: query.search, program: query.program, status: query.status };
  const window = { today, expiringUntil: addDaysIso(today, await alertDays(db, agencyId))! };
  const page = { ...filters, sort: query.sort, order: query.order, ...pageRows(query) };
  let rows: LotRow[];
  let total: number;
  let totals: Omit<LotTotals, 'total'>;
  if (isSearched(filters)) {
    const found = await searchLots(db, { ...page, ...window });
    ({ total, ...totals } = found.totals);
    rows = await getLotsInOrder(db, { agencyId, ids: found.ids, sort: query.sort, order: query.order });
  } else {
    ({ total, ...totals } = await getLotTotals(db, { ...filters, ...window }));
    rows = await getLotsPage(db, { ...page, total });
  }
  return { ...paged(rows.map(toLotDto), total, query), totals };
}

export async function getLotDetail(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<LotDetail> {
  const row = await getLot(db, { agencyId, id });
  if (!row) throw lotNotFound();
  return { lot: toLotDto(row) };
}

/** A page of the lot's allocation history (GET /lots/:id/allocations); 404 for a lot not the agency's. */
export async function listLotAllocations(
  db: Db,
  { agencyId, id, page, limit }: { agencyId: string; id: string; page: number; limit: number },
): Promise<LotAllocationList> {
  if (!(await getLot(db, { agencyId, id }))) throw lotNotFound();
  const { rows, total } = await getLotAllocationsPage(db, { agencyId, lotId: id, ...pageRows({ page, limit }) });
  return paged(rows, total, { page, limit });
}

export async function listExpiringLots(
  db: Db,
  { agencyId, today, days }: { agencyId: string; today: string; days?: number },
): Promise<LotExpiringList> {
  const until = addDaysIso(today, days ?? (await alertDays(db, agencyId)))!;
  const rows = await getExpiringLots(db, { agencyId, until, limit: EXPIRING_LOTS_LIMIT });
  return { data: rows.map(toLotDto) };
}

/** Spec part 1 §3 "Lot utilisation stats": every live lot, whatever its status; used = purchased − remaining. */
export async function getLotStats(db: Db, { agencyId }: { agencyId: string }): Promise<LotStats> {
  const s = await getLotStatsSums(db, { agencyId });
  const used = s.total_miles_purchased - s.total_miles_remaining;
  return {
    total_lots: s.total_lots,
    active_lots: s.active_lots,
    expired_lots: s.expired_lots,
    used_lots: s.used_lots,
    total_miles_purchased: s.total_miles_purchased,
    total_miles_remaining: s.total_miles_remaining,
    total_miles_used: used,
    utilization_rate: s.total_miles_purchased > 0 ? Math.round((used / s.total_miles_purchased) * 10_000) / 100 : 0,
    total_investment_cents: s.total_investment_cents,
    remaining_value_cents: s.remaining_value_cents,
  };
}

const catalogueOrder = (a: { program: string }, b: { program: string }) => {
  const i = (p: string) => {
    const at = PROGRAM_KEYS.indexOf(p as ProgramKey);
    return at < 0 ? PROGRAM_KEYS.length : at;
  };
  return i(a.program) - i(b.program) || (a.program < b.program ? -1 : a.program > b.program ? 1 : 0);
};

/** Spec part 1 §3 "Per-program lot summary", programs in catalogue order. */
export async function getLotSummary(
  db: Db,
  { agencyId, today }: { agencyId: string; today: string },
): Promise<LotSummary> {
  const expiringUntil = addDaysIso(today, await alertDays(db, agencyId))!;
  const rows = await getLotSummaryByProgram(db, { agencyId });
  const expiring = new Map(
    (await countExpiringLotsByProgram(db, { agencyId, today, expiringUntil })).map((r) => [r.program, r.n]),
  );
  // Programs come from lots, whose accounts' check holds them to the catalogue.
  return {
    data: rows
      .sort(catalogueOrder)
      .map((r) => ({ ...r, program: r.program as ProgramKey, lots_expiring_soon: expiring.get(r.program) ?? 0 })),
  };
}

/**
 * What emissions could draw now, per program (or the one asked for, with zeros when it has
 * nothing): miles, lots, and their average cost per mile and per thousand, weighted by miles.
 */
export async function getAvailableMiles(
  db: Db,
  { agencyId, today, program }: { agencyId: string; today: string; program?: ProgramKey },
) {
  const rows: {
    program: ProgramKey;
    available_lots: number;
    available_miles: number;
    average_cost_per_mile: string | null;
    average_cost_per_thousand: string | null;
  }[] = (await getAvailableByProgram(db, { agencyId, today, program }))
    .sort(catalogueOrder)
    .map((r) => ({ ...r, program: r.program as ProgramKey }));
  if (program && rows.length === 0) {
    rows.push({
      program,
      available_lots: 0,
      available_miles: 0,
      average_cost_per_mile: null,
      average_cost_per_thousand: null,
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Writes

/** The lot form re-parsed against the request's day (c.var.today, which the test clock may set). */
export function parseLotInput(body: unknown, today: string): LotInput {
  const result = makeLotInputSchema(() => today).safeParse(body);
  if (!result.success) throw validationError(zodFields(result.error));
  return result.data;
}

/**
 * Editing: the same form and rules, except that an expiry already past may stay as it is (a lot
 * bought long ago is still edited); only a changed expiry must not be in the past.
 */
export function parseLotUpdate(body: unknown, today: string, storedExpiry: string | null): LotInput {
  const result = makeLotInputSchema(() => today).safeParse(body);
  if (result.success) return result.data;
  const sent = typeof body === 'object' && body !== null ? (body as { expiry_date?: unknown }).expiry_date : undefined;
  const unchanged = storedExpiry !== null && typeof sent === 'string' && sent.trim() === storedExpiry;
  const issues = result.error.issues.filter(
    (i) => !(unchanged && i.path.length === 1 && i.path[0] === 'expiry_date' && i.message === LOT_MESSAGES.expiryPast),
  );
  if (issues.length === 0 && storedExpiry !== null) {
    // Purchase ≤ expiry and purchase ≤ today already held above, so judging "today" as the
    // stored expiry only lets that expiry through.
    const again = makeLotInputSchema(() => storedExpiry).safeParse(body);
    if (again.success) return again.data;
  }
  throw validationError(zodFields({ issues } as unknown as z.ZodError));
}

/** The account named by the form: an account of this agency and program, or the agency's own by number. */
async function resolveAccount(db: Db, agencyId: string, input: LotInput): Promise<AccountRef> {
  if (input.account_id) {
    const account = await getAccount(db, { agencyId, id: input.account_id });
    if (!account) {
      throw accountNotFound({ account_id: ACCOUNT_MESSAGES.notFoundField });
    }
    if (account.program !== input.program)
      throw validationError({ account_id: LOT_ERROR_MESSAGES.accountOfProgram(input.program) });
    return account;
  }
  return findOrCreateAgencyAccount(db, { agencyId, program: input.program, accountNumber: input.account_number! });
}

function lotValues(
  input: LotInput,
  account: AccountRef,
  remaining: number,
  status: LotStatus,
  supplier: { supplier_id: string | null; supplier: string | null },
): LotValues {
  return {
    account_id: account.id,
    program: account.program,
    account_number: account.account_number,
    original_quantity: input.original_quantity,
    remaining_quantity: remaining,
    total_cost_cents: lotTotalCostCents(input.original_quantity, input.cost_per_mile),
    cost_per_thousand: costPerThousandFromPerMile(input.cost_per_mile),
    purchase_date: input.purchase_date,
    expiry_date: input.expiry_date,
    ...supplier,
    notes: input.notes,
    status,
  };
}

async function lotDto(db: Db, agencyId: string, id: string): Promise<Lot> {
  const row = await getLot(db, { agencyId, id });
  if (!row) throw lotNotFound();
  return toLotDto(row);
}

/**
 * A new lot: available, remaining = original (spec part 1 §4), and in the same transaction its
 * purchase as an expense in finance and a line in the activity feed.
 */
export async function createLot(db: Db, actor: Actor & { today: string }, body: unknown): Promise<Lot> {
  // How it was paid (issue #23): à vista, posted now; or on a card, in instalments posted as paid.
  // Both read at once, so the form shows every message together.
  const lot = makeLotInputSchema(() => actor.today).safeParse(body);
  const paid = lotPaymentSchema.safeParse(body ?? {});
  if (!lot.success || !paid.success) {
    throw validationError({
      ...(lot.success ? {} : zodFields(lot.error)),
      ...(paid.success ? {} : zodFields(paid.error)),
    });
  }
  const input = lot.data;
  const payment = paid.data;
  const account = await resolveAccount(db, actor.agencyId, input);
  const supplier = await resolveLotSupplier(db, actor, input);
  const values = lotValues(input, account, input.original_quantity, 'available', supplier);
  const { id } = await insertLot(db, { agencyId: actor.agencyId, values });
  if (payment.card_id === null) {
    await insertPurchaseEntry(db, { agencyId: actor.agencyId, userId: actor.userId, entry: purchaseEntry(id, values) });
  } else {
    await payLotByCard(db, {
      agencyId: actor.agencyId,
      lotId: id,
      payment,
      purchaseDate: values.purchase_date,
      totalCents: values.total_cost_cents,
    });
  }
  await recordChange(db, actor, 'created', lotRecord(id, values));
  await followAlerts(db, { agencyId: actor.agencyId, today: actor.today, scope: { lotIds: [id], emissionIds: [] } });
  return lotDto(db, actor.agencyId, id);
}

/**
 * The status after an edit: used when nothing is left; a used lot given miles again, or an
 * expired one given a later expiry, is available again (expired if its day has passed).
 */
export function lotStatusAfterEdit(
  current: string,
  remaining: number,
  expiry: string | null,
  today: string,
): LotStatus {
  if (remaining === 0) return 'used';
  if (current === 'expired') return isLotExpired(expiry, today) ? 'expired' : 'available';
  if (current === 'used') return lotStatusAfterRelease({ status: 'available', expiry_date: expiry }, today);
  return current as LotStatus;
}

/**
 * Saves the whole form. Miles already drawn stay drawn: remaining = original − used, and the
 * original may not go below them. A lot that ever fed an emission keeps its account and program
 * (DESIGN.md §2: emissions draw only from lots of their own account). The lot is locked first,
 * so no allocation moves its miles between the check and the write; run again on a deadlock
 * (docs/decisions/0011-lock-order-and-retries.md), as are the deletes and "Marcar Expirados".
 */
export async function updateLot(db: Db, actor: Actor & { today: string }, id: string, body: unknown): Promise<Lot> {
  return withRetry(db, (tx) => updateLotOnce(tx, actor, id, body));
}

async function updateLotOnce(db: Db, actor: Actor & { today: string }, id: string, body: unknown): Promise<Lot> {
  const { agencyId } = actor;
  const existing = await lockLot(db, { agencyId, id });
  if (!existing) throw lotNotFound();
  const input = parseLotUpdate(body, actor.today, existing.expiry_date);
  if (existing.has_allocations && input.program !== existing.program)
    throw validationError({ program: LOT_ERROR_MESSAGES.programLocked });
  const account = await resolveAccount(db, agencyId, input);
  if (existing.has_allocations && account.id !== existing.account_id) {
    throw validationError({ [input.account_id ? 'account_id' : 'account_number']: LOT_ERROR_MESSAGES.accountLocked });
  }
  const used = existing.original_quantity - existing.remaining_quantity;
  if (input.original_quantity < used) throw validationError({ original_quantity: LOT_ERROR_MESSAGES.belowUsed(used) });
  const remaining = input.original_quantity - used;
  const values = lotValues(
    input,
    account,
    remaining,
    lotStatusAfterEdit(existing.status, remaining, input.expiry_date, actor.today),
    await lotSupplierAfterEdit(db, actor, input, existing),
  );
  // A lot bought on a card costs what its instalments add up to, and its postings are the
  // instalments paid (issue #23): its cost stays, and so do they.
  const onCard = await lotCardPurchase(db, agencyId, id);
  if (onCard && values.total_cost_cents !== Number(existing.total_cost_cents)) {
    throw validationError({ cost_per_mile: CARD_MESSAGES.costOfCardLot });
  }
  await updateLotRow(db, { agencyId, id, values });
  if (!onCard) await updatePurchaseEntry(db, { agencyId, entry: purchaseEntry(id, values) });
  const changes = diffFields(auditedLot(existing), auditedLot(values), AUDITED_FIELDS);
  await recordChange(db, actor, 'updated', lotRecord(id, values), changes);
  await followAlerts(db, { agencyId, today: actor.today, scope: { lotIds: [id], emissionIds: [] } });
  return lotDto(db, agencyId, id);
}

/**
 * The supplier after an edit: the one chosen or named; with neither, a lot that names no supplier
 * of the registry (a transfer's or a club's, "Transferência Livelo") keeps its text — the form
 * shows it as its origin and does not send it back.
 */
async function lotSupplierAfterEdit(
  db: Db,
  actor: Actor,
  input: LotInput,
  existing: { supplier: string | null; supplier_id: string | null },
) {
  const resolved = await resolveLotSupplier(db, actor, input);
  if (resolved.supplier_id === null && existing.supplier_id === null)
    return { ...resolved, supplier: existing.supplier };
  return resolved;
}

/** A DELETE's failure, rethrown: an allocation that slipped past the lock (cannot, but the foreign key would refuse it). */
function rethrowRace(err: unknown): never {
  throw pgError(err)?.code === PG_FOREIGN_KEY_VIOLATION ? lotInUse() : err;
}

/** Whether deleteLot would delete the lot, and if not why (as it would say it). */
export async function lotDeletion(db: Db, { agencyId, id }: { agencyId: string; id: string }): Promise<DeletionCheck> {
  const [candidate] = await getDeleteCandidates(db, { agencyId, ids: [id] });
  if (!candidate) throw lotNotFound();
  if (candidate.has_allocations) return { deletable: false, reason: LOT_ERROR_MESSAGES.inUse };
  if ((await lotsWithPaidInstalments(db, agencyId, [id])).length > 0) {
    return { deletable: false, reason: CARD_MESSAGES.lotWithPaidInstalments };
  }
  return { deletable: true, reason: null };
}

/** Deletes a lot no emission ever drew from (cancelled ones too: that history stays). */
export async function deleteLot(db: Db, actor: Actor, id: string): Promise<void> {
  return withRetry(db, (tx) => deleteLotOnce(tx, actor, id));
}

async function deleteLotOnce(db: Db, actor: Actor, id: string): Promise<void> {
  const [candidate] = await lockDeleteCandidates(db, { agencyId: actor.agencyId, ids: [id] });
  if (!candidate) throw lotNotFound();
  if (candidate.has_allocations) throw lotInUse();
  // Its instalments paid on the card went out in cash: that history stays (issue #23).
  if ((await lotsWithPaidInstalments(db, actor.agencyId, [id])).length > 0) {
    throw lotPaidOnCard(CARD_MESSAGES.lotWithPaidInstalments);
  }
  await deleteLotRows(db, { agencyId: actor.agencyId, ids: [id] }).catch(rethrowRace);
  await recordChange(db, actor, 'deleted', lotRecord(id, candidate));
}

/**
 * Deletes the agency's lots among the ids that never fed an emission; the others are kept with
 * the reason. Ids of another agency, or of nothing, are only counted as not found.
 */
export async function bulkDeleteLots(db: Db, actor: Actor, input: BulkLotDelete) {
  return withRetry(db, (tx) => bulkDeleteLotsOnce(tx, actor, input));
}

async function bulkDeleteLotsOnce(db: Db, actor: Actor, { ids }: BulkLotDelete): Promise<BulkLotDeleteResult> {
  const candidates = await lockDeleteCandidates(db, { agencyId: actor.agencyId, ids });
  const paid = new Set(
    await lotsWithPaidInstalments(
      db,
      actor.agencyId,
      candidates.map((c) => c.id),
    ),
  );
  const kept = candidates
    .filter((c) => c.has_allocations || paid.has(c.id))
    .map((c) => ({
      id: c.id,
      reason: c.has_allocations ? LOT_ERROR_MESSAGES.inUse : CARD_MESSAGES.lotWithPaidInstalments,
    }));
  const deletable = candidates.filter((c) => !c.has_allocations && !paid.has(c.id));
  const deletableIds = deletable.map((c) => c.id);
  const deleted = await deleteLotRows(db, { agencyId: actor.agencyId, ids: deletableIds }).catch(rethrowRace);
  const [only] = deletable;
  if (deleted.length === 1 && only) await recordChange(db, actor, 'deleted', lotRecord(only.id, only));
  else if (deleted.length > 1) {
    await recordActivity(db, { ...actor, kind: 'lots_deleted', description: `${deleted.length} lotes excluídos` });
  }
  return { deleted: deleted.length, kept, not_found: ids.length - candidates.length };
}

/** "Marcar Expirados" (spec part 1 §4). */
export async function markExpired(db: Db, actor: Actor & { today: string }) {
  return withRetry(db, (tx) => markExpiredOnce(tx, actor));
}

async function markExpiredOnce(db: Db, actor: Actor & { today: string }): Promise<MarkExpiredResult> {
  const updated = await markExpiredLots(db, { agencyId: actor.agencyId, today: actor.today });
  if (updated > 0) {
    // The loss acknowledged: their expiry alerts resolve.
    await scanAlerts(db, { agencyId: actor.agencyId, today: actor.today, now: new Date().toISOString() });
    await recordActivity(db, {
      ...actor,
      kind: 'lots_expired',
      description:
        updated === 1 ? '1 lote marcado como expirado' : `${formatNumber(updated)} lotes marcados como expirados`,
    });
  }
  return { updated };
}

/**
 * Soft delete for import undo (DESIGN.md §2): the live lots among `ids` that no live emission
 * draws from leave every list and total, with their purchase postings; the others are kept and
 * counted. Lots locked first, in id order (decision 0011).
 */
export async function softDeleteLots(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<{ count: number; kept: number }> {
  return withRetry(db, async (tx) => {
    const { deleted, kept } = await softDeleteLotRows(tx, { agencyId, ids });
    await followAlerts(tx, { agencyId, today: todayIso(), scope: { lotIds: ids, emissionIds: [] } });
    return { count: deleted, kept };
  });
}

/** Brings soft-deleted lots back with their purchase postings. */
export async function restoreLots(
  db: Db,
  { agencyId, ids }: { agencyId: string; ids: string[] },
): Promise<{ count: number }> {
  return withRetry(db, async (tx) => {
    const count = await restoreLotRows(tx, { agencyId, ids });
    await followAlerts(tx, { agencyId, today: todayIso(), scope: { lotIds: ids, emissionIds: [] } });
    return { count };
  });
}

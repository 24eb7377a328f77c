// The allocation engine (DESIGN.md §2 "Lot allocation" and invariants): which lots feed an
// emission, written in the caller's transaction. Emissions call it when they take miles
// (allocateMiles) and when they give them back on cancellation (releaseMiles).
//
// Concurrency: every path that changes a lot's miles locks the lots it reads with FOR UPDATE,
// in id order, before anything else it locks (the emission, the client) — so two emissions racing
// for the same miles queue on the locks, the second plans with what the first left, and none
// deadlocks (the whole order: docs/decisions/0011-lock-order-and-retries.md). The plan itself is
// the domain's (src/domain/lots/allocation.ts); nothing here ranks lots.

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { planAllocation, SHORTAGE_MESSAGE_LOG, SHORTAGE_MESSAGE_PT, type AllocationPolicy, type PlannedAllocation } from '../../domain/lots/allocation';
import { lotStatusAfterAllocation, lotStatusAfterRelease } from '../../domain/lots/lot.rules';
import { todayIso } from '../../domain/format';
import { readSettings } from '../agency/agency.queries';
import type { Transaction } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { agencies, emission_allocations, emissions, mile_lots } from '../db/schema';
import { AppError, MESSAGES } from '../http/errors';

export const ALLOCATION_MESSAGES = {
  emissionNotFound: 'Emissão não encontrada.',
  accountMismatch: 'As milhas de uma emissão só podem vir de lotes da conta da própria emissão.',
  lotNotInAccount: 'Lote não encontrado nesta conta.',
  milesPositive: 'Milhas devem ser maior que 0',
} as const;

export interface AllocateMilesParams {
  agencyId: string;
  /** The emission's loyalty account: miles come only from its lots. */
  accountId: string;
  miles: number;
  /** The emission the allocations belong to (must exist, with this account). */
  emissionId: string;
  /** Default: the agency setting lot_allocation_policy. */
  policy?: AllocationPolicy;
  /** Restrict the candidates to these lots of the account (a manual choice). */
  lotIds?: string[];
  /** yyyy-MM-dd; default the server's day. Routes pass c.var.today. */
  today?: string;
  /** Where a shortage is logged (the spec's English message). */
  logger?: Pick<Logger, 'warn'>;
}

export interface AllocationResult {
  policy: AllocationPolicy;
  allocations: (PlannedAllocation & { id: string })[];
  total_miles: number;
  total_cost_cents: number;
  weighted_cost_per_thousand: string;
}


/** INSUFFICIENT_MILES: the Portuguese shortage message, with the figures for the caller. */
export function insufficientMiles(shortage: { requested: number; available: number; missing: number }) {
  const message = SHORTAGE_MESSAGE_PT(shortage.missing);
  return new AppError('INSUFFICIENT_MILES', message, { status: 409, fields: { miles: message }, details: { ...shortage } });
}

/** A candidate lot as locked for allocation: what the planner needs, and what a response shows. */
export interface LockedLot {
  id: string;
  remaining_quantity: number;
  cost_per_thousand: string;
  expiry_date: string | null;
  purchase_date: string;
  status: string;
  supplier: string | null;
}

const LOCKED_LOT_COLUMNS = sql.raw(`id, remaining_quantity, cost_per_thousand::text AS cost_per_thousand, expiry_date::text AS expiry_date,
  purchase_date::text AS purchase_date, status, supplier`);

/**
 * The lots an allocation may draw from, locked in id order, as a CTE `locked` (a caller may
 * read other things in the same statement). FOR NO KEY UPDATE is the lock the taking UPDATE
 * takes anyway: allocators and releasers queue on it, while foreign-key checks of rows pointing at
 * the lot (KEY SHARE) are not held up; a row another transaction changed meanwhile is re-read, and
 * re-checked, after its lock. Placeholders: agency_id, account_id, and lot_ids (CHOSEN: the
 * manual choice, comma-joined, whatever the lots' state — the planner says why one cannot serve)
 * or today (ELIGIBLE: only the lots that can be eligible that day).
 */
export const LOCK_CHOSEN_LOTS_CTE = sql`locked AS (
    SELECT ${LOCKED_LOT_COLUMNS} FROM mile_lots
    WHERE agency_id = ${sql.placeholder('agency_id')} AND account_id = ${sql.placeholder('account_id')} AND deleted_at IS NULL
      AND id = ANY(string_to_array(${sql.placeholder('lot_ids')}, ',')::uuid[])
    ORDER BY id FOR NO KEY UPDATE
  )`;
export const LOCK_ELIGIBLE_LOTS_CTE = sql`locked AS (
    SELECT ${LOCKED_LOT_COLUMNS} FROM mile_lots
    WHERE agency_id = ${sql.placeholder('agency_id')} AND account_id = ${sql.placeholder('account_id')} AND deleted_at IS NULL
      AND status = 'available' AND remaining_quantity > 0
      AND (expiry_date IS NULL OR expiry_date >= ${sql.placeholder('today')}::date)
    ORDER BY id FOR NO KEY UPDATE
  )`;

const lockChosenLots = preparedStatement<LockedLot>('allocation_lock_chosen_lots', sql`WITH ${LOCK_CHOSEN_LOTS_CTE} SELECT * FROM locked ORDER BY id`);
const lockEligibleLots = preparedStatement<LockedLot>('allocation_lock_eligible_lots', sql`WITH ${LOCK_ELIGIBLE_LOTS_CTE} SELECT * FROM locked ORDER BY id`);

/** The values of the lock CTEs: a manual choice (deduplicated, lower-case), or the day's eligible lots. */
export function lockLotsValues(params: { agencyId: string; accountId: string; lotIds?: string[]; today: string }) {
  const lotIds = params.lotIds ? [...new Set(params.lotIds.map((id) => id.toLowerCase()))] : undefined;
  const base = { agency_id: params.agencyId, account_id: params.accountId };
  return lotIds ? { chosen: lotIds, values: { ...base, lot_ids: lotIds.join(',') } } : { chosen: undefined, values: { ...base, today: params.today } };
}

/** Every chosen lot must be of this account (and this agency), else LOT_NOT_FOUND. */
export function assertChosenLotsFound(locked: readonly LockedLot[], chosen: readonly string[] | undefined) {
  if (chosen && locked.length !== chosen.length) {
    throw new AppError('LOT_NOT_FOUND', ALLOCATION_MESSAGES.lotNotInAccount, { status: 404, fields: { lot_ids: ALLOCATION_MESSAGES.lotNotInAccount } });
  }
}

/** Locks the lots an allocation may draw from (see the lock CTEs). */
export async function lockAllocationCandidates(
  tx: Transaction,
  params: { agencyId: string; accountId: string; lotIds?: string[]; today: string },
): Promise<LockedLot[]> {
  const { chosen, values } = lockLotsValues(params);
  const candidates = await (chosen ? lockChosenLots : lockEligibleLots)(tx, values);
  assertChosenLotsFound(candidates, chosen);
  return candidates;
}

export type AllocationPlanned = Extract<ReturnType<typeof planAllocation>, { ok: true }>;

/** The domain's plan over the locked lots; a shortage is logged (spec's English line) and refused with INSUFFICIENT_MILES. */
export function planOrRefuse(
  candidates: readonly LockedLot[],
  miles: number,
  options: { policy: AllocationPolicy; today: string; logger?: Pick<Logger, 'warn'>; context: Record<string, unknown> },
): AllocationPlanned {
  const plan = planAllocation(candidates, miles, { policy: options.policy, today: options.today });
  if (!plan.ok) {
    options.logger?.warn({ ...options.context, ...plan.shortage }, SHORTAGE_MESSAGE_LOG(plan.shortage.missing));
    throw insufficientMiles(plan.shortage);
  }
  return plan;
}

/**
 * The two common table expressions that write a plan: `taken` takes the miles from the lots
 * (remaining and the status they now have), `allocated` records which lot gave what to the
 * emission, only for a lot actually updated, RETURNING id, lot_id, miles, cost_per_thousand and
 * cost_cents. Inside one statement, so the lots' locks are held for one round trip and the commit;
 * a caller's statement may add its own CTEs (the emission itself, before them). Its placeholders
 * are agency_id, emission_id and those of takeMilesValues.
 */
export const TAKE_MILES_CTES = sql`taken AS (
    UPDATE mile_lots l SET remaining_quantity = l.remaining_quantity - v.miles, status = v.status, updated_at = now()
    FROM jsonb_to_recordset(${sql.placeholder('take_lots')}::jsonb) AS v(lot_id uuid, miles integer, status text)
    WHERE l.agency_id = ${sql.placeholder('agency_id')} AND l.id = ANY(string_to_array(${sql.placeholder('take_lot_ids')}, ',')::uuid[])
      AND l.id = v.lot_id
    RETURNING l.id
  ), allocated AS (
    INSERT INTO emission_allocations (agency_id, emission_id, lot_id, miles, cost_per_thousand, cost_cents)
    SELECT ${sql.placeholder('agency_id')}, ${sql.placeholder('emission_id')}, p.lot_id, p.miles, p.cost_per_thousand, p.cost_cents
    FROM jsonb_to_recordset(${sql.placeholder('take_allocations')}::jsonb)
      AS p(lot_id uuid, miles integer, cost_per_thousand numeric, cost_cents bigint)
    JOIN taken ON taken.id = p.lot_id
    RETURNING id, lot_id, miles, cost_per_thousand, cost_cents
  )`;

/** The values of TAKE_MILES_CTES for a plan over the locked lots. */
export function takeMilesValues(plan: AllocationPlanned, candidates: readonly LockedLot[]) {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const lots = plan.allocations.map((a) => ({
    lot_id: a.lot_id,
    miles: a.miles,
    status: lotStatusAfterAllocation(byId.get(a.lot_id)!.remaining_quantity - a.miles),
  }));
  return {
    take_lots: JSON.stringify(lots),
    take_lot_ids: lots.map((l) => l.lot_id).join(','),
    take_allocations: JSON.stringify(plan.allocations),
  };
}

const writeAllocation = preparedStatement<{ id: string; lot_id: string }>('allocation_write', sql`WITH ${TAKE_MILES_CTES} SELECT id, lot_id FROM allocated`);

/**
 * Takes `miles` from the account's eligible lots in the policy's order and records which lot
 * gave what (emission_allocations), inside the caller's transaction, for an emission that already
 * exists. On shortage nothing is written and INSUFFICIENT_MILES (409) says how many miles are
 * missing. (Creating an emission writes the same CTEs in its own statement: emissions.service.)
 */
export async function allocateMiles(tx: Transaction, params: AllocateMilesParams): Promise<AllocationResult> {
  const { agencyId, accountId, miles, emissionId } = params;
  if (!Number.isSafeInteger(miles) || miles <= 0) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.validation, { fields: { miles: ALLOCATION_MESSAGES.milesPositive } });
  }
  const today = params.today ?? todayIso();
  // The emission (whose account the miles must come from) and the agency's policy, in one read.
  const [emission] = await tx
    .select({ account_id: emissions.account_id, settings: agencies.settings })
    .from(emissions)
    .innerJoin(agencies, eq(agencies.id, emissions.agency_id))
    .where(and(eq(emissions.agency_id, agencyId), eq(emissions.id, emissionId)));
  if (!emission) throw new AppError('EMISSION_NOT_FOUND', ALLOCATION_MESSAGES.emissionNotFound, { status: 404 });
  if (emission.account_id !== accountId) throw new AppError('ACCOUNT_MISMATCH', ALLOCATION_MESSAGES.accountMismatch, { status: 409 });
  const policy = params.policy ?? readSettings(emission.settings).lot_allocation_policy;

  const candidates = await lockAllocationCandidates(tx, { agencyId, accountId, lotIds: params.lotIds, today });
  const plan = planOrRefuse(candidates, miles, { policy, today, logger: params.logger, context: { agencyId, accountId, emissionId } });
  const written = await writeAllocation(tx, { agency_id: agencyId, emission_id: emissionId, ...takeMilesValues(plan, candidates) });
  const ids = new Map(written.map((r) => [r.lot_id, r.id]));
  if (ids.size !== plan.allocations.length) throw new Error('allocation: a planned lot was not updated');

  return {
    policy,
    allocations: plan.allocations.map((a) => ({ id: ids.get(a.lot_id)!, ...a })),
    total_miles: plan.total_miles,
    total_cost_cents: plan.total_cost_cents,
    weighted_cost_per_thousand: plan.weighted_cost_per_thousand,
  };
}

const lockReleasableLotsStatement = preparedStatement<{ id: string }>(
  'allocation_lock_releasable_lots',
  sql`SELECT l.id FROM mile_lots l
    WHERE l.agency_id = ${sql.placeholder('agency_id')} AND l.id IN (
      SELECT a.lot_id FROM emission_allocations a
      WHERE a.agency_id = ${sql.placeholder('agency_id')} AND a.emission_id = ${sql.placeholder('emission_id')} AND a.released_at IS NULL)
    ORDER BY l.id FOR NO KEY UPDATE`,
);

/**
 * Locks, in id order, the lots an emission's cancellation will give miles back to — before the
 * emission itself is locked, as a creation locks its lots before its client: lots first, always.
 * The set is read before the emission is locked: a racing cancellation that released the miles
 * first leaves the second with nothing to give back (it is refused on the emission's status), and
 * no route adds miles to an existing emission (allocateMiles' callers would have to lock first).
 */
export async function lockReleasableLots(tx: Transaction, params: { agencyId: string; emissionId: string }): Promise<void> {
  await lockReleasableLotsStatement(tx, { agency_id: params.agencyId, emission_id: params.emissionId });
}

export interface ReleaseResult {
  released_miles: number;
  lots: { lot_id: string; miles: number; status: string }[];
}

/**
 * Gives an emission's miles back to their lots (its cancellation): each lot gets its miles back
 * and the status lotStatusAfterRelease gives (available; expired once past its day). The
 * allocation rows stay as history, marked released_at, and count no more. Releasing twice
 * returns nothing the second time.
 */
export async function releaseMiles(tx: Transaction, params: { agencyId: string; emissionId: string; today?: string }): Promise<ReleaseResult> {
  const { agencyId, emissionId } = params;
  const today = params.today ?? todayIso();
  const allocations = await tx
    .select({ id: emission_allocations.id, lot_id: emission_allocations.lot_id, miles: emission_allocations.miles })
    .from(emission_allocations)
    .where(and(eq(emission_allocations.agency_id, agencyId), eq(emission_allocations.emission_id, emissionId), isNull(emission_allocations.released_at)))
    .orderBy(asc(emission_allocations.id))
    .for('no key update');
  if (allocations.length === 0) return { released_miles: 0, lots: [] };

  const milesByLot = new Map<string, number>();
  for (const a of allocations) milesByLot.set(a.lot_id, (milesByLot.get(a.lot_id) ?? 0) + a.miles);
  const lots = await tx
    .select({ id: mile_lots.id, status: mile_lots.status, expiry_date: mile_lots.expiry_date })
    .from(mile_lots)
    .where(and(eq(mile_lots.agency_id, agencyId), inArray(mile_lots.id, [...milesByLot.keys()])))
    .orderBy(asc(mile_lots.id))
    .for('no key update');
  const back = lots.map((l) => ({ lot_id: l.id, miles: milesByLot.get(l.id)!, status: lotStatusAfterRelease(l, today) }));

  await tx.execute(sql`
    UPDATE mile_lots l SET remaining_quantity = l.remaining_quantity + v.miles, status = v.status, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(back)}::jsonb) AS v(lot_id uuid, miles integer, status text)
    WHERE l.agency_id = ${agencyId} AND l.id = v.lot_id`);
  await tx
    .update(emission_allocations)
    .set({ released_at: sql`now()` })
    .where(and(eq(emission_allocations.agency_id, agencyId), inArray(emission_allocations.id, allocations.map((a) => a.id))));

  return { released_miles: back.reduce((s, l) => s + l.miles, 0), lots: back };
}

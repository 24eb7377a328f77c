// The allocation engine (DESIGN.md §2 "Lot allocation" and invariants): which lots feed an
// emission, written in the caller's transaction. Creating an emission takes its miles with the
// pieces here (the lock CTEs, planOrRefuse, TAKE_MILES_CTES, in emissions.queries' one statement);
// a cancellation or a soft delete gives them back (releaseMiles), and restoring soft-deleted
// emissions takes them again (retakeReleasedMiles). Every change to a lot's remaining miles made
// for an emission is written here.
//
// Concurrency: every path that changes a lot's miles locks the lots it reads with FOR UPDATE,
// in id order, before anything else it locks (the emission, the client) — so two emissions racing
// for the same miles queue on the locks, the second plans with what the first left, and none
// deadlocks (the whole order: docs/decisions/0011-lock-order-and-retries.md). The plan itself is
// the domain's (src/domain/lots/allocation.ts); nothing here ranks lots.

import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { planAllocation, SHORTAGE_MESSAGE_LOG, type AllocationPolicy } from '../../domain/lots/allocation';
import { lotStatusAfterAllocation, lotStatusAfterRelease, type LotReleaseState } from '../../domain/lots/lot.rules';
import { todayIso } from '../../domain/format';
import type { Transaction } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { rowsOf, uuidArray } from '../db/rows';
import { insufficientMiles, lotNotInAccount } from './allocation.errors';

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

const LOCKED_LOT_COLUMNS =
  sql.raw(`id, remaining_quantity, cost_per_thousand::text AS cost_per_thousand, expiry_date::text AS expiry_date,
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

/** The values of the lock CTEs: a manual choice (deduplicated, lower-case), or the day's eligible lots. */
export function lockLotsValues(params: { agencyId: string; accountId: string; lotIds?: string[]; today: string }) {
  const lotIds = params.lotIds ? [...new Set(params.lotIds.map((id) => id.toLowerCase()))] : undefined;
  const base = { agency_id: params.agencyId, account_id: params.accountId };
  return lotIds
    ? { chosen: lotIds, values: { ...base, lot_ids: lotIds.join(',') } }
    : { chosen: undefined, values: { ...base, today: params.today } };
}

/** Every chosen lot must be of this account (and this agency), else LOT_NOT_FOUND. */
export function assertChosenLotsFound(locked: readonly LockedLot[], chosen: readonly string[] | undefined) {
  if (chosen && locked.length !== chosen.length) {
    throw lotNotInAccount();
  }
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

const lockReleasableLotsStatement = preparedStatement<{ id: string }>(
  'allocation_lock_releasable_lots',
  sql`SELECT l.id FROM mile_lots l
    WHERE l.agency_id = ${sql.placeholder('agency_id')} AND l.id IN (
      SELECT a.lot_id FROM emission_allocations a
      WHERE a.agency_id = ${sql.placeholder('agency_id')} AND a.emission_id = ANY(${sql.placeholder('emission_ids')}::uuid[]) AND a.released_at IS NULL)
    ORDER BY l.id FOR NO KEY UPDATE`,
);

/**
 * Locks, in id order, the lots the emissions' cancellation or soft delete will give miles back to
 * — before the emissions themselves are locked, as a creation locks its lots before its client:
 * lots first, always. The set is read before the emissions are locked: a racing cancellation that
 * released the miles first leaves the second with nothing to give back (it is refused on the
 * emission's status), and no route adds miles to an existing emission.
 */
export async function lockReleasableLots(
  tx: Transaction,
  params: { agencyId: string; emissionIds: readonly string[] },
): Promise<void> {
  if (params.emissionIds.length === 0) return;
  await lockReleasableLotsStatement(tx, { agency_id: params.agencyId, emission_ids: uuidArray(params.emissionIds) });
}

export interface ReleaseResult {
  released_miles: number;
  lots: { lot_id: string; miles: number; status: string }[];
}

/**
 * Gives the emissions' miles back to their lots (a cancellation, or a soft delete): each lot gets
 * its miles back and the status lotStatusAfterRelease gives (available; expired once past its
 * day). The allocation rows stay as history, marked released_at, and count no more. Releasing
 * twice returns nothing the second time. Set-based: one row per lot comes to the server, however
 * many emissions, and each statement touches each row once.
 */
export async function releaseMiles(
  tx: Transaction,
  params: { agencyId: string; emissionIds: readonly string[]; today?: string },
): Promise<ReleaseResult> {
  const { agencyId, emissionIds } = params;
  if (emissionIds.length === 0) return { released_miles: 0, lots: [] };
  const today = params.today ?? todayIso();
  const ids = uuidArray(emissionIds);
  const lots = rowsOf<{
    id: string;
    status: LotReleaseState['status'];
    expiry_date: string | null;
    miles: string | number;
  }>(
    await tx.execute(sql`
      WITH released AS (
        UPDATE emission_allocations a SET released_at = now()
        WHERE a.agency_id = ${agencyId} AND a.emission_id = ANY(${ids}::uuid[]) AND a.released_at IS NULL
        RETURNING a.lot_id, a.miles
      )
      SELECT l.id, l.status, l.expiry_date, r.miles
      FROM (SELECT lot_id, sum(miles) AS miles FROM released GROUP BY lot_id) r
      JOIN mile_lots l ON l.agency_id = ${agencyId} AND l.id = r.lot_id
      ORDER BY l.id`),
  );
  if (lots.length === 0) return { released_miles: 0, lots: [] };
  const back = lots.map((l) => ({ lot_id: l.id, miles: Number(l.miles), status: lotStatusAfterRelease(l, today) }));
  await tx.execute(sql`
    UPDATE mile_lots l SET remaining_quantity = l.remaining_quantity + v.miles, status = v.status, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(back)}::jsonb) AS v(lot_id uuid, miles integer, status text)
    WHERE l.agency_id = ${agencyId} AND l.id = v.lot_id`);
  return { released_miles: back.reduce((s, l) => s + l.miles, 0), lots: back };
}

/** A lot whose released miles are taken again, as locked and checked by the caller. */
export interface RetakenLot {
  id: string;
  status: string;
  remaining_quantity: number;
  miles: number;
}

/**
 * Takes again from each lot the miles a soft delete released (restoring the emissions): the
 * caller has locked the lots, lots first (decision 0011), and checked that each still has them. A
 * spendable lot (available, or used) is used up at 0; so is an expired one (a lot spent to its
 * last mile before its expiry was used, not expired, and the delete made it expired only while
 * it held miles again); a reserved one, or an expired one that keeps miles, keeps its status.
 */
export async function retakeReleasedMiles(
  tx: Transaction,
  { agencyId, lots }: { agencyId: string; lots: readonly RetakenLot[] },
): Promise<void> {
  if (lots.length === 0) return;
  const taken = lots.map((l) => ({
    lot_id: l.id,
    miles: l.miles,
    status:
      l.status === 'available' || l.status === 'used'
        ? lotStatusAfterAllocation(l.remaining_quantity - l.miles)
        : l.status === 'expired' && l.remaining_quantity === l.miles
          ? 'used'
          : l.status,
  }));
  await tx.execute(sql`
    UPDATE mile_lots l SET remaining_quantity = l.remaining_quantity - v.miles, status = v.status, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(taken)}::jsonb) AS v(lot_id uuid, miles integer, status text)
    WHERE l.agency_id = ${agencyId} AND l.id = v.lot_id`);
}

// Which lots feed an emission (DESIGN.md §2 "Lot allocation"; spec part 1 §7 "Allocate miles",
// part 2 §9 "Lot suggestion"). Pure: the service reads the account's lots, locks them, plans
// here, and writes the plan in the same transaction.

import { LOT_ALLOCATION_POLICIES, type LotAllocationPolicy } from '../agency/agency.schema';
import { formatNumber, isValidIsoDate } from '../format';
import { divRoundHalfAwayFromZero, type Cents } from '../money';
import { isLotExpired, milesCostCents, numericToScaled, scaledToNumeric } from './lot.rules';

/** A lot as the planner sees it; callers may pass richer rows and get them back in suggestions. */
export interface CandidateLot {
  id: string;
  remaining_quantity: number;
  /** numeric(14,4) as PostgreSQL writes it, e.g. "15.5000". */
  cost_per_thousand: string;
  expiry_date: string | null;
  purchase_date?: string;
  status: string;
}

/** The agency setting `lot_allocation_policy`: 'cheapest' | 'expiring_first'. */
export const ALLOCATION_POLICIES = LOT_ALLOCATION_POLICIES;
export type AllocationPolicy = LotAllocationPolicy;

/** One row of emission_allocations; spec "Allocation record" lotId, milesAllocated, costPerMile, totalCost. */
export interface PlannedAllocation {
  lot_id: string;
  miles: number;
  /** The lot's cost per thousand, normalised to 4 places. */
  cost_per_thousand: string;
  cost_cents: Cents;
}

export interface AllocationShortage {
  requested: number;
  /** Miles in eligible lots. */
  available: number;
  missing: number;
}

export type AllocationPlan =
  | {
      ok: true;
      allocations: PlannedAllocation[];
      total_miles: number;
      total_cost_cents: Cents;
      /** Σ miles × cpm ÷ Σ miles, exact, rounded half away from zero to 4 places. */
      weighted_cost_per_thousand: string;
    }
  | { ok: false; shortage: AllocationShortage };

export interface PlanAllocationOptions {
  policy?: AllocationPolicy;
  /** yyyy-MM-dd, the agency's calendar day. */
  today: string;
}

/** Portuguese, for the user: 'Milhas insuficientes: faltam 1.500 milhas.' */
export function SHORTAGE_MESSAGE_PT(missing: number): string {
  return missing === 1
    ? 'Milhas insuficientes: falta 1 milha.'
    : `Milhas insuficientes: faltam ${formatNumber(missing)} milhas.`;
}

/** The spec's English text (part 1 §8), for logs only. */
export function SHORTAGE_MESSAGE_LOG(missing: number): string {
  return `Insufficient miles available. Missing: ${missing} miles`;
}

/** Spec part 2 §9, shown when no lot or combination covers the emission. */
export function NO_LOTS_MESSAGE(miles: number): string {
  return `Não há lotes suficientes disponíveis para atender ${formatNumber(miles)} milhas.`;
}

function assertMilesNeeded(milesNeeded: number): void {
  if (!Number.isSafeInteger(milesNeeded) || milesNeeded <= 0) {
    throw new TypeError(`Milhas solicitadas devem ser um inteiro positivo: ${String(milesNeeded)}`);
  }
}

function assertToday(today: string): void {
  if (typeof today !== 'string' || !isValidIsoDate(today))
    throw new TypeError(`Data de hoje inválida: ${String(today)}`);
}

/**
 * Eligible to feed an emission: status available, miles left, and not expired; a lot whose
 * expiry is today is still usable (see isLotExpired).
 */
export function isEligibleLot(lot: CandidateLot, today: string): boolean {
  return lot.status === 'available' && lot.remaining_quantity > 0 && !isLotExpired(lot.expiry_date, today);
}

interface Ranked<T> {
  lot: T;
  cpm: bigint;
}

function compareExpiry(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
// Code-unit order, not localeCompare: the same on every machine and in PostgreSQL's "C" collation.
const compareId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function comparator<T extends CandidateLot>(policy: AllocationPolicy): (a: Ranked<T>, b: Ranked<T>) => number {
  if (policy === 'cheapest') {
    // Document 2's suggestion order: CPM, then earliest expiry (none last), then most miles.
    return (a, b) =>
      compareBig(a.cpm, b.cpm) ||
      compareExpiry(a.lot.expiry_date, b.lot.expiry_date) ||
      b.lot.remaining_quantity - a.lot.remaining_quantity ||
      compareId(a.lot.id, b.lot.id);
  }
  // Document 1's allocation order: earliest expiry first (none last), then CPM.
  return (a, b) =>
    compareExpiry(a.lot.expiry_date, b.lot.expiry_date) || compareBig(a.cpm, b.cpm) || compareId(a.lot.id, b.lot.id);
}

/**
 * The eligible lots in the order the policy consumes them. Throws a TypeError on data that can
 * only be a programming error: a non-integer quantity, a cost that is not numeric text, a
 * repeated id.
 */
export function rankLots<T extends CandidateLot>(
  candidates: readonly T[],
  today: string,
  policy: AllocationPolicy = 'cheapest',
): T[] {
  return rank(candidates, today, policy).map((r) => r.lot);
}

function rank<T extends CandidateLot>(candidates: readonly T[], today: string, policy: AllocationPolicy): Ranked<T>[] {
  assertToday(today);
  if (!(ALLOCATION_POLICIES as readonly string[]).includes(policy))
    throw new TypeError(`Política de alocação inválida: ${String(policy)}`);
  const seen = new Set<string>();
  const ranked: Ranked<T>[] = [];
  for (const lot of candidates) {
    if (seen.has(lot.id)) throw new TypeError(`Lote repetido: ${lot.id}`);
    seen.add(lot.id);
    if (!Number.isSafeInteger(lot.remaining_quantity)) {
      throw new TypeError(`Saldo do lote ${lot.id} deve ser inteiro: ${String(lot.remaining_quantity)}`);
    }
    const cpm = numericToScaled(lot.cost_per_thousand);
    if (isEligibleLot(lot, today)) ranked.push({ lot, cpm });
  }
  return ranked.sort(comparator(policy));
}

function allocationOf(r: Ranked<CandidateLot>, miles: number): PlannedAllocation {
  const cost_per_thousand = scaledToNumeric(r.cpm);
  return { lot_id: r.lot.id, miles, cost_per_thousand, cost_cents: milesCostCents(miles, cost_per_thousand) };
}

function weightedCostPerThousand(allocations: readonly PlannedAllocation[]): string {
  let miles = 0n;
  let weighted = 0n;
  for (const a of allocations) {
    miles += BigInt(a.miles);
    weighted += BigInt(a.miles) * numericToScaled(a.cost_per_thousand);
  }
  return scaledToNumeric(miles === 0n ? 0n : divRoundHalfAwayFromZero(weighted, miles));
}

function planOf(allocations: PlannedAllocation[]): Extract<AllocationPlan, { ok: true }> {
  return {
    ok: true,
    allocations,
    total_miles: allocations.reduce((s, a) => s + a.miles, 0),
    // The sum of the rounded parts, so emission_allocations.cost_cents add up to the
    // emission's miles_cost_cents exactly, line by line, and a cancellation returns each part.
    total_cost_cents: allocations.reduce((s, a) => s + a.cost_cents, 0),
    weighted_cost_per_thousand: weightedCostPerThousand(allocations),
  };
}

/**
 * Plans which lots feed `milesNeeded` miles: the eligible lots in policy order, each consumed as
 * far as needed, any number of them. The allocations sum exactly to the request, none takes more
 * than its lot holds, or nothing is allocated and the shortage says how much is missing.
 *
 * Greedy by CPM is also the cheapest possible plan: miles are interchangeable units, so taking
 * the cheapest first can never be beaten (the fractional knapsack argument).
 *
 * cost_cents per allocation = miles × CPM ÷ 1000, exact on the 4-place text, rounded half away
 * from zero to centavos; the total is the sum of those rounded parts.
 */
export function planAllocation(
  candidates: readonly CandidateLot[],
  milesNeeded: number,
  options: PlanAllocationOptions,
): AllocationPlan {
  assertMilesNeeded(milesNeeded);
  const ranked = rank(candidates, options.today, options.policy ?? 'cheapest');
  const available = ranked.reduce((s, r) => s + r.lot.remaining_quantity, 0);
  if (available < milesNeeded) {
    return { ok: false, shortage: { requested: milesNeeded, available, missing: milesNeeded - available } };
  }
  const allocations: PlannedAllocation[] = [];
  let left = milesNeeded;
  for (const r of ranked) {
    if (left === 0) break;
    const take = Math.min(left, r.lot.remaining_quantity);
    allocations.push(allocationOf(r, take));
    left -= take;
  }
  return planOf(allocations);
}

export type LotSuggestion<T extends CandidateLot = CandidateLot> =
  | { kind: 'single'; lot: T; allocation: PlannedAllocation }
  | { kind: 'multiple'; allocations: PlannedAllocation[]; weighted_cost_per_thousand: string; total_cost_cents: Cents }
  | { kind: 'none'; message: string; shortage: AllocationShortage };

/**
 * The emission wizard's suggestion (spec part 2 §9): the cheapest eligible lot that covers the
 * need alone, since one lot is simpler to follow than several; otherwise the cheapest
 * combination of any number of lots; otherwise 'none' with the spec's message.
 * Same argument rules as planAllocation.
 */
export function suggestLots<T extends CandidateLot>(
  candidates: readonly T[],
  milesNeeded: number,
  today: string,
): LotSuggestion<T> {
  assertMilesNeeded(milesNeeded);
  const ranked = rank(candidates, today, 'cheapest');
  const single = ranked.find((r) => r.lot.remaining_quantity >= milesNeeded);
  if (single) return { kind: 'single', lot: single.lot, allocation: allocationOf(single, milesNeeded) };
  const plan = planAllocation(candidates, milesNeeded, { policy: 'cheapest', today });
  if (!plan.ok) return { kind: 'none', message: NO_LOTS_MESSAGE(milesNeeded), shortage: plan.shortage };
  return {
    kind: 'multiple',
    allocations: plan.allocations,
    weighted_cost_per_thousand: plan.weighted_cost_per_thousand,
    total_cost_cents: plan.total_cost_cents,
  };
}

/** The wizard's manual lot list: eligible lots that cover the need alone, cheapest first. */
export function manualLotOptions<T extends CandidateLot>(
  candidates: readonly T[],
  milesNeeded: number,
  today: string,
): T[] {
  assertMilesNeeded(milesNeeded);
  return rankLots(candidates, today, 'cheapest').filter((lot) => lot.remaining_quantity >= milesNeeded);
}

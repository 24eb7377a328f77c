// Transfers of points with bonus (issue #23, docs/decisions/0029-transfers-and-credits.md): how
// many miles a transfer gives, and how the cost of the points (plus any extra cost) is spread over
// the miles credited. Exact: miles are integers, money integer centavos, ratios and costs per
// thousand decimals read into scaled integers, never binary floating point.

import { divRoundHalfAwayFromZero, type Cents } from '../money';
import { milesCostCents, numericToScaled, scaledToNumeric } from '../lots/lot.rules';

/** Ratios travel as numeric text with 4 places ("1.0000" miles per point). */
export const RATIO_SCALE = 4;
const RATIO_UNIT = 10n ** BigInt(RATIO_SCALE);

export interface TransferQuantities {
  /** Miles the points become at the ratio (whole miles, rounded down as programmes do). */
  base_miles: number;
  /** The promotion's bonus on the base miles (whole miles, rounded down). */
  bonus_miles: number;
}

/** 100 000 points at "1.0000" with 100 % bonus → 100 000 base + 100 000 bonus miles. */
export function transferQuantities(points: number, ratio: string, bonusPercent: number): TransferQuantities {
  const base = (BigInt(points) * numericToScaled(ratio, RATIO_SCALE)) / RATIO_UNIT;
  const bonus = (base * BigInt(bonusPercent)) / 100n;
  return { base_miles: Number(base), bonus_miles: Number(bonus) };
}

export interface CostSplit {
  base_cost_cents: Cents;
  bonus_cost_cents: Cents;
}

/**
 * The transfer's cost over the miles it is to credit: base and bonus at one cost per thousand,
 * the base's share rounded half away from zero and the bonus getting the rest, so the two add up
 * to the total to the centavo. No bonus: the base carries it all.
 */
export function splitTransferCost(totalCents: Cents, { base_miles, bonus_miles }: TransferQuantities): CostSplit {
  const miles = BigInt(base_miles + bonus_miles);
  if (miles === 0n) return { base_cost_cents: totalCents, bonus_cost_cents: 0 };
  const base = Number(divRoundHalfAwayFromZero(BigInt(totalCents) * BigInt(base_miles), miles));
  return { base_cost_cents: base, bonus_cost_cents: totalCents - base };
}

/**
 * The cost per thousand of `quantity` miles that cost `costCents` in all, at 4 places (rounded half
 * away from zero): 175 000 centavos over 100 000 miles → "17.5000".
 */
export function costPerThousandOf(costCents: Cents, quantity: number): string {
  if (quantity <= 0) return '0.0000';
  // R$ per thousand = centavos ÷ 100 ÷ (quantity ÷ 1000) = centavos × 10 ÷ quantity; × 10^4 for the scale.
  return scaledToNumeric(divRoundHalfAwayFromZero(BigInt(costCents) * 10n * 10n ** 4n, BigInt(quantity)));
}

/**
 * Where the cost of a credit that will never come goes (decision 0029): to the transfer's other
 * credit while it is still to come (its miles will carry it); else onto the miles left in the lot
 * the other credit became; else, with no mile of the transfer left to carry it, it is a loss of the
 * transfer, counted with expired miles. Issued emissions keep the cost they were issued at.
 */
export type CancelledCostDestination =
  { to: 'credit'; credit_id: string } | { to: 'lot'; lot_id: string } | { to: 'loss' };

export interface SiblingCredit {
  id: string;
  status: 'pending' | 'credited' | 'cancelled';
  lot_id: string | null;
  /** Miles left in the lot it became (credited only). */
  lot_remaining: number | null;
}

export function cancelledCostDestination(siblings: readonly SiblingCredit[]): CancelledCostDestination {
  const pending = siblings.find((s) => s.status === 'pending');
  if (pending) return { to: 'credit', credit_id: pending.id };
  const credited = siblings.find((s) => s.status === 'credited' && s.lot_id && (s.lot_remaining ?? 0) > 0);
  if (credited?.lot_id) return { to: 'lot', lot_id: credited.lot_id };
  return { to: 'loss' };
}

/**
 * A lot's cost per thousand once `addedCents` more is laid on its `remaining` miles: what the
 * remaining miles were worth at the old price, plus the addition, over them.
 */
export function costPerThousandWithAddedCost(remaining: number, costPerThousand: string, addedCents: Cents): string {
  return costPerThousandOf(milesCostCents(remaining, costPerThousand) + addedCents, remaining);
}

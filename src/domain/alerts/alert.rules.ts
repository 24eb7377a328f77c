import type { Cents } from '../money';
import { RULE_DEFAULT_MIN_MARGIN_CENTS, RULE_DEFAULT_MIN_MARGIN_PERCENT } from '../rules/rule.schema';

/** What the margin alert reads of a program's rule (none: the defaults, 10 % and R$ 0). */
export interface MarginMinimum {
  min_margin_cents: Cents;
  /** Decimal text, up to 2 places: "10.00". */
  min_margin_percent: string;
}

/** Hundredths of a percent, exactly: "12.5" → 1250. */
function hundredthsOfPercent(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/**
 * A margin critical alert's cause (spec part 2 §9, decision 0020): margin below the program's
 * minimum in R$, or below its minimum % of the revenue — margin × 100 < revenue × min %, in exact
 * integers, as the alerts' SQL compares them (syncAlerts).
 */
export function isMarginCritical(
  emission: { margin_cents: Cents; revenue_cents: Cents },
  rule: MarginMinimum | null | undefined,
): boolean {
  const minCents = rule?.min_margin_cents ?? RULE_DEFAULT_MIN_MARGIN_CENTS;
  if (emission.margin_cents < minCents) return true;
  const minHundredths = hundredthsOfPercent(rule?.min_margin_percent ?? RULE_DEFAULT_MIN_MARGIN_PERCENT);
  return BigInt(emission.margin_cents) * 10_000n < BigInt(emission.revenue_cents) * minHundredths;
}

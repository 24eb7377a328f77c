import { formatBRL, formatNumber } from '@domain/format';
import { COST_SCALE, numericToScaled } from '@domain/lots/lot.rules';
import { programName } from '@domain/programs';

/**
 * "R$ 0,0155": a cost per mile (numeric text with 4 places) as shown everywhere (DESIGN.md §2).
 * The text already has its 4 places, so the number is only a carrier for display.
 */
export function formatCostPerMile(perMile: string | null | undefined): string {
  if (perMile === null || perMile === undefined) return '—';
  try {
    return formatBRL(Number(numericToScaled(perMile, COST_SCALE)) / 10 ** COST_SCALE, 4);
  } catch {
    return '—';
  }
}

export { formatCostPerThousand } from '@/lib/cost-format';

/**
 * How a lot is named in confirmations and lists: "LATAM Pass · 10.000 milhas (conta 123456)". Any
 * program text, and no account number, are named too.
 */
export function lotLabel(lot: { program: string; original_quantity: number; account_number: string | null }): string {
  const base = `${programName(lot.program)} · ${formatNumber(lot.original_quantity)} milhas`;
  return lot.account_number ? `${base} (conta ${lot.account_number})` : base;
}

import { formatCents } from '@domain/format';
import { numericToScaled } from '@domain/lots/lot.rules';

/** "R$ 15,51": a cost per thousand miles with 2 places, rounded half away from zero on the exact text. */
export function formatCostPerThousand(perThousand: string | null | undefined): string {
  if (perThousand === null || perThousand === undefined) return '—';
  try {
    return formatCents(numericToScaled(perThousand, 2));
  } catch {
    return '—';
  }
}

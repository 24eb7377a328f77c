// Sales of miles (issue #23, docs/decisions/0029-transfers-and-credits.md, "Sales of miles"): what
// a sale is worth, what it earns, and when its instalments fall due.

import { splitInstalments } from '../cards/card.rules';
import { addMonthsIso } from '../format';
import { milesCostCents } from '../lots/lot.rules';
import type { Cents } from '../money';

/** R$ per thousand as centavos (2850) → numeric text with 4 places ("28.5000"). */
export function pricePerThousandText(cents: Cents): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}00`;
}

/** The price of `miles` at `pricePerThousandCents` the thousand, in centavos rounded half away from zero. */
export function salePriceCents(miles: number, pricePerThousandCents: Cents): Cents {
  return milesCostCents(miles, pricePerThousandText(pricePerThousandCents));
}

export interface PlannedReceivable {
  instalment: number;
  amount_cents: Cents;
  due_date: string;
}

/**
 * The price in `instalments` monthly parts adding up to it to the centavo (the first taking the
 * centavos left over), the first due on `firstDue` and each next one a month later on the same day
 * (the month's last when shorter: 31/01 → 28/02 → 31/03).
 */
export function planReceivables(priceCents: Cents, instalments: number, firstDue: string): PlannedReceivable[] {
  const amounts = splitInstalments(priceCents, instalments);
  return amounts.map((amount_cents, k) => ({
    instalment: k + 1,
    amount_cents,
    due_date: addMonthsIso(firstDue, k)!,
  }));
}

export type ReceivableStatus = 'pending' | 'received' | 'overdue';

/** Received once received; overdue once its due day has passed; pending until then. */
export function receivableStatus(r: { due_date: string; received_on: string | null }, today: string): ReceivableStatus {
  if (r.received_on !== null) return 'received';
  return r.due_date < today ? 'overdue' : 'pending';
}

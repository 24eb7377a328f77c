// Cards and purchases in instalments (issue #23, docs/decisions/0029-transfers-and-credits.md,
// "Cards"): on which bill a purchase falls, when each bill is due, and how a total splits into
// instalments in exact centavos.

import { daysInMonth } from '../format';
import type { Cents } from '../money';

export interface CardCalendar {
  /** 1–31: the day the bill closes (the month's last when shorter). */
  closing_day: number;
  /** 1–31: the day the bill is due (the month's last when shorter). */
  due_day: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
}

function addMonths(year: number, month: number, months: number): [number, number] {
  const index = year * 12 + (month - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/**
 * The due dates of `instalments` bills for a purchase on `purchaseDate`: a purchase after the
 * month's closing day falls on the next bill; a bill is due on the due day after it closes (the
 * same month when the due day is after the closing day, the next otherwise); a day past a month's
 * end is its last day.
 */
export function cardDueDates(card: CardCalendar, purchaseDate: string, instalments: number): string[] {
  const year = Number(purchaseDate.slice(0, 4));
  const month = Number(purchaseDate.slice(5, 7));
  const closing = dayOf(year, month, card.closing_day);
  // The month whose bill takes the purchase (it closes in that month).
  const [billYear, billMonth] = purchaseDate <= closing ? [year, month] : addMonths(year, month, 1);
  const dueShift = card.due_day > card.closing_day ? 0 : 1;
  return Array.from({ length: instalments }, (_, k) => {
    const [y, m] = addMonths(billYear, billMonth, dueShift + k);
    return dayOf(y, m, card.due_day);
  });
}

/**
 * `total` in `instalments` parts that add up to it to the centavo: equal parts, the first taking
 * the centavos left over (as card issuers do). R$ 1.000,00 in 3× → 333,34 + 333,33 + 333,33.
 */
export function splitInstalments(total: Cents, instalments: number): Cents[] {
  const base = Math.floor(total / instalments);
  const rest = total - base * instalments;
  return Array.from({ length: instalments }, (_, k) => (k === 0 ? base + rest : base));
}

export type PayableStatus = 'pending' | 'paid' | 'overdue';

/** Paid once paid; overdue once its due day has passed unpaid; pending until then. */
export function payableStatus(payable: { due_date: string; paid_on: string | null }, today: string): PayableStatus {
  if (payable.paid_on !== null) return 'paid';
  return payable.due_date < today ? 'overdue' : 'pending';
}

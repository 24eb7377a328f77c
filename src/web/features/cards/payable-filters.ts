import { PAYABLES_MONTHS, type PayableStatusKey } from '@domain/cards/card.schema';
import { addDaysIso, addMonthsIso, formatCents, formatDate, formatNumber } from '@domain/format';
import { LOT_MIN_DATE } from '@domain/lots/lot.schema';
import type { Payable, PayableList } from './types';

/** The status filter of 'Contas a pagar'. */
export type PayableFilter = 'all' | PayableStatusKey;

export const PAYABLE_FILTERS: readonly { value: PayableFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'pending', label: 'A vencer' },
  { value: 'overdue', label: 'Vencidas' },
  { value: 'paid', label: 'Pagas' },
];

/** What GET /payables is asked; a null date is the API's default period. */
export interface PayableListParams {
  status: PayableStatusKey | null;
  from: string | null;
  to: string | null;
  page: number;
}

/**
 * Each filter's period. By default the API lists this month and the eleven after; the late ones
 * are listed back to the earliest day a lot can be bought (its `overdue` total counts them all,
 * whatever the period), and the paid ones over the last twelve months, this one included.
 */
export function payableListParams(filter: PayableFilter, today: string, page: number): PayableListParams {
  const month = `${today.slice(0, 7)}-01`;
  switch (filter) {
    case 'all':
      return { status: null, from: null, to: null, page };
    case 'pending':
      return { status: 'pending', from: null, to: null, page };
    case 'overdue':
      return { status: 'overdue', from: LOT_MIN_DATE, to: today, page };
    case 'paid':
      return {
        status: 'paid',
        from: addMonthsIso(month, 1 - PAYABLES_MONTHS),
        to: addDaysIso(addMonthsIso(month, 1)!, -1),
        page,
      };
  }
}

/** Under the filter: which due dates are listed. */
export function periodText(filter: PayableFilter, list: PayableList): string {
  if (filter === 'overdue') return 'Todas as parcelas vencidas e ainda não pagas.';
  return `Vencimentos de ${formatDate(list.from)} a ${formatDate(list.to)}.`;
}

export const instalmentsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'parcela' : 'parcelas'}`;

/** "R$ 350,00 vencidos em 2 parcelas". */
export const overdueText = (overdue: PayableList['overdue']) =>
  `${formatCents(overdue.cents)} vencidos em ${instalmentsText(overdue.count)}`;

export interface PayableMonthGroup {
  /** Its first day. */
  month: string;
  /** The whole month's sums under the filter (the page may hold only part of its rows). */
  summary: PayableList['months'][number] | undefined;
  rows: Payable[];
}

/** The page's rows (by due date) under their months. */
export function groupByMonth(rows: readonly Payable[], months: PayableList['months']): PayableMonthGroup[] {
  const groups: PayableMonthGroup[] = [];
  for (const row of rows) {
    const month = `${row.due_date.slice(0, 7)}-01`;
    const last = groups.at(-1);
    if (last?.month === month) last.rows.push(row);
    else groups.push({ month, summary: months.find((m) => m.month === month), rows: [row] });
  }
  return groups;
}

/** "Parcela 3/10 do cartão Itaú Azul, vencimento em 15/01/2027": a row's name for its button. */
export const payableLabel = (payable: Payable) =>
  `parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card.name}, vencimento em ${formatDate(payable.due_date)}`;

import { PAYABLES_MONTHS } from '@domain/cards/card.schema';
import { addDaysIso, addMonthsIso, formatCents, formatDate, formatNumber } from '@domain/format';
import { LOT_MIN_DATE } from '@domain/lots/lot.schema';

// What /financeiro's instalment lists share (issue #23): 'Contas a pagar' (card instalments) and
// 'Contas a receber' (sales of miles): a status filter with its period, the rows under their
// months, and the overdue banner's words.

/** A list's status filter: all, still to come, late, or settled (paid or received). */
export type DueFilter<Settled extends string> = 'all' | 'pending' | 'overdue' | Settled;

/** What GET /payables or /receivables is asked; a null date is the API's default period. */
export interface DueListParams<Status extends string> {
  status: Status | null;
  from: string | null;
  to: string | null;
  page: number;
}

/**
 * Each filter's period. By default the API lists this month and the eleven after; the late ones
 * are listed back to the earliest day a lot can be bought (the `overdue` total counts them all,
 * whatever the period), and the settled ones over the last twelve months, this one included.
 */
export function dueListParams<Settled extends string>(
  filter: DueFilter<Settled>,
  today: string,
  page: number,
): DueListParams<'pending' | 'overdue' | Settled> {
  const month = `${today.slice(0, 7)}-01`;
  if (filter === 'all') return { status: null, from: null, to: null, page };
  if (filter === 'pending') return { status: 'pending', from: null, to: null, page };
  if (filter === 'overdue') return { status: 'overdue', from: LOT_MIN_DATE, to: today, page };
  return {
    status: filter,
    from: addMonthsIso(month, 1 - PAYABLES_MONTHS),
    to: addDaysIso(addMonthsIso(month, 1)!, -1),
    page,
  };
}

/** Under the filter: which due dates are listed ("pagas", "recebidas": what the late ones are not yet). */
export function duePeriodText(filter: string, list: { from: string; to: string }, notYet: string): string {
  if (filter === 'overdue') return `Todas as parcelas vencidas e ainda não ${notYet}.`;
  return `Vencimentos de ${formatDate(list.from)} a ${formatDate(list.to)}.`;
}

export const instalmentsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'parcela' : 'parcelas'}`;

/** "R$ 350,00 vencidos em 2 parcelas". */
export const overdueText = (overdue: { cents: number; count: number }) =>
  `${formatCents(overdue.cents)} vencidos em ${instalmentsText(overdue.count)}`;

export interface DueMonthGroup<Row, Month> {
  /** Its first day. */
  month: string;
  /** The whole month's sums under the filter (the page may hold only part of its rows). */
  summary: Month | undefined;
  rows: Row[];
}

/** The page's rows (by due date) under their months. */
export function groupByMonth<Row extends { due_date: string }, Month extends { month: string }>(
  rows: readonly Row[],
  months: readonly Month[],
): DueMonthGroup<Row, Month>[] {
  const groups: DueMonthGroup<Row, Month>[] = [];
  for (const row of rows) {
    const month = `${row.due_date.slice(0, 7)}-01`;
    const last = groups.at(-1);
    if (last?.month === month) last.rows.push(row);
    else groups.push({ month, summary: months.find((m) => m.month === month), rows: [row] });
  }
  return groups;
}

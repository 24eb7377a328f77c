import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { PAYABLES_MONTHS } from '@domain/cards/card.schema';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@domain/finance/entry.schema';
import { addDaysIso, addMonthsIso, formatCents, formatDate, formatNumber } from '@domain/format';
import { LOT_MIN_DATE } from '@domain/lots/lot.schema';
import { programName } from '@domain/programs';
import { makeReceiptSchema, type ReceivableStatusKey } from '@domain/sales/sale.schema';
import type { Receipt, Receivable, ReceivableList } from './types';

/** The status filter of 'Contas a receber'. */
export type ReceivableFilter = 'all' | ReceivableStatusKey;

export const RECEIVABLE_FILTERS: readonly { value: ReceivableFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'pending', label: 'A receber' },
  { value: 'overdue', label: 'Vencidas' },
  { value: 'received', label: 'Recebidas' },
];

/** What GET /receivables is asked; a null date is the API's default period. */
export interface ReceivableListParams {
  status: ReceivableStatusKey | null;
  from: string | null;
  to: string | null;
  page: number;
}

/**
 * Each filter's period, as 'Contas a pagar' does: by default the API lists this month and the
 * eleven after (the same twelve months as the payables); the late ones are listed from the
 * earliest day there can be one (the `overdue` total counts them all, whatever the period), and
 * the received ones by due date over the last twelve months, this one included.
 */
export function receivableListParams(filter: ReceivableFilter, today: string, page: number): ReceivableListParams {
  const month = `${today.slice(0, 7)}-01`;
  switch (filter) {
    case 'all':
      return { status: null, from: null, to: null, page };
    case 'pending':
      return { status: 'pending', from: null, to: null, page };
    case 'overdue':
      return { status: 'overdue', from: LOT_MIN_DATE, to: today, page };
    case 'received':
      return {
        status: 'received',
        from: addMonthsIso(month, 1 - PAYABLES_MONTHS),
        to: addDaysIso(addMonthsIso(month, 1)!, -1),
        page,
      };
  }
}

/** Under the filter: which due dates are listed. */
export function periodText(filter: ReceivableFilter, list: Pick<ReceivableList, 'from' | 'to'>): string {
  if (filter === 'overdue') return 'Todas as parcelas vencidas e ainda não recebidas.';
  return `Vencimentos de ${formatDate(list.from)} a ${formatDate(list.to)}.`;
}

export const instalmentsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'parcela' : 'parcelas'}`;

/** "R$ 350,00 vencidos em 2 parcelas". */
export const overdueText = (overdue: ReceivableList['overdue']) =>
  `${formatCents(overdue.cents)} vencidos em ${instalmentsText(overdue.count)}`;

export interface ReceivableMonthGroup {
  /** Its first day. */
  month: string;
  /** The whole month's sums under the filter (the page may hold only part of its rows). */
  summary: ReceivableList['months'][number] | undefined;
  rows: Receivable[];
}

/** The page's rows (by due date) under their months. */
export function groupByMonth(rows: readonly Receivable[], months: ReceivableList['months']): ReceivableMonthGroup[] {
  const groups: ReceivableMonthGroup[] = [];
  for (const row of rows) {
    const month = `${row.due_date.slice(0, 7)}-01`;
    const last = groups.at(-1);
    if (last?.month === month) last.rows.push(row);
    else groups.push({ month, summary: months.find((m) => m.month === month), rows: [row] });
  }
  return groups;
}

/** "parcela 2/3 da venda a Maria Silva (LATAM Pass), vencimento em 15/04/2026": a row's name for its button and dialog. */
export const receivableLabel = (receivable: Receivable) =>
  `parcela ${receivable.instalment}/${receivable.instalments} da venda a ${receivable.sale.buyer_name} (${programName(receivable.sale.account.program)}), vencimento em ${formatDate(receivable.due_date)}`;

// ---------------------------------------------------------------------------------------------
// 'Recebido'

/** The ways money comes in, in the order the dialog offers them. */
export const RECEIPT_METHODS: readonly PaymentMethod[] = ['pix', 'transfer', 'cash', 'card'];

export const RECEIPT_METHOD_OPTIONS = RECEIPT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** What the receipt dialog's inputs hold, as typed. */
export interface ReceiptFormState {
  received_on: string;
  payment_method: PaymentMethod;
}

export const RECEIPT_FORM_FIELDS = [
  'received_on',
  'payment_method',
] as const satisfies readonly FieldPath<ReceiptFormState>[];

/** Received today, by PIX. */
export function toReceiptFormState(today: string): ReceiptFormState {
  return { received_on: today, payment_method: 'pix' };
}

/** The form validates with the schema the API re-parses (STYLE.md habit 1), as of `today`. */
export function receiptFormResolver(today: string): Resolver<ReceiptFormState, unknown, Receipt> {
  return zodResolver(makeReceiptSchema(() => today)) as unknown as Resolver<ReceiptFormState, unknown, Receipt>;
}

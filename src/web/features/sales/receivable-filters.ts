import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@domain/finance/entry.schema';
import { formatDate } from '@domain/format';
import { programName } from '@domain/programs';
import { makeReceiptSchema, type ReceivableStatusKey } from '@domain/sales/sale.schema';
import {
  dueListParams,
  duePeriodText,
  groupByMonth,
  instalmentsText,
  overdueText,
  type DueListParams,
  type DueMonthGroup,
} from '@/lib/due-list';
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
export type ReceivableListParams = DueListParams<ReceivableStatusKey>;

/** Each filter's period, as 'Contas a pagar' does (the settled ones: received, over the last twelve months). */
export const receivableListParams = (filter: ReceivableFilter, today: string, page: number): ReceivableListParams =>
  dueListParams(filter, today, page);

/** Under the filter: which due dates are listed. */
export const periodText = (filter: ReceivableFilter, list: Pick<ReceivableList, 'from' | 'to'>) =>
  duePeriodText(filter, list, 'recebidas');

export { groupByMonth, instalmentsText, overdueText };

export type ReceivableMonthGroup = DueMonthGroup<Receivable, ReceivableList['months'][number]>;

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

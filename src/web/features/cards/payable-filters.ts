import type { PayableStatusKey } from '@domain/cards/card.schema';
import { formatDate } from '@domain/format';
import {
  dueListParams,
  duePeriodText,
  groupByMonth,
  instalmentsText,
  overdueText,
  type DueListParams,
  type DueMonthGroup,
} from '@/lib/due-list';
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
export type PayableListParams = DueListParams<PayableStatusKey>;

/** Each filter's period (the settled ones: paid over the last twelve months). */
export const payableListParams = (filter: PayableFilter, today: string, page: number): PayableListParams =>
  dueListParams(filter, today, page);

/** Under the filter: which due dates are listed. */
export const periodText = (filter: PayableFilter, list: Pick<PayableList, 'from' | 'to'>) =>
  duePeriodText(filter, list, 'pagas');

export { groupByMonth, instalmentsText, overdueText };

export type PayableMonthGroup = DueMonthGroup<Payable, PayableList['months'][number]>;

/** "Parcela 3/10 do cartão Itaú Azul, vencimento em 15/01/2027": a row's name for its button. */
export const payableLabel = (payable: Payable) =>
  `parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card.name}, vencimento em ${formatDate(payable.due_date)}`;

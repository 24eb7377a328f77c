import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { entryInputSchema, type EntryInput, type PaymentMethod } from '@domain/finance/entry.schema';
import { RECONCILED_POSTING, type Reconciled } from '@domain/finance/reconciliation.schema';
import { centsToInput } from '@domain/money';
import type { ReconciliationRow } from './types';

/** The action button of each category, in the order the page shows them (spec part 2 §2 "/conciliador"). */
export const POSTING_ACTIONS: readonly { category: Reconciled; label: string }[] = [
  { category: 'fees', label: 'Taxas' },
  { category: 'miles_cost', label: 'Milhas' },
  { category: 'rav', label: 'RAV' },
  { category: 'revenue', label: 'Receita' },
];

/** What the posting dialog's inputs hold: the amount as typed, '' for empty. Kind, category and emission are fixed by the button. */
export interface PostingFormState {
  kind: EntryInput['kind'];
  category: Reconciled;
  emission_id: string;
  amount_cents: string;
  entry_date: string;
  description: string;
  payment_method: PaymentMethod | '';
  installments: string;
}

/** The fields the server's messages may land on; the rest is toasted. */
export const POSTING_FORM_FIELDS = [
  'amount_cents',
  'entry_date',
  'description',
  'payment_method',
  'installments',
] as const satisfies readonly FieldPath<PostingFormState>[];

/** "Taxas — ABC123 GRU-MIA": the posting's default description. */
export function postingDescription(row: Pick<ReconciliationRow, 'pnr' | 'route'>, category: Reconciled): string {
  return `${RECONCILED_POSTING[category].label} — ${[row.pnr, row.route].filter(Boolean).join(' ')}`;
}

/** The dialog prefilled: the emission, the category and its kind, what is missing, today, PIX. */
export function toPostingFormState(row: ReconciliationRow, category: Reconciled, today: string): PostingFormState {
  return {
    kind: RECONCILED_POSTING[category].kind,
    category,
    emission_id: row.emission_id,
    amount_cents: row.missing[category] > 0 ? centsToInput(row.missing[category]) : '',
    entry_date: today,
    description: postingDescription(row, category),
    payment_method: 'pix',
    installments: '',
  };
}

/** Digits and decimal separators, as money is typed in Brazil ("1.234,56"). */
export function maskMoney(typed: string): string {
  return typed.replace(/[^\d.,]/g, '').slice(0, 16);
}

/** The form validates with the schema the API re-parses (STYLE.md habit 1). */
export const postingFormResolver = zodResolver(entryInputSchema) as unknown as Resolver<
  PostingFormState,
  unknown,
  EntryInput
>;

import type { FieldPath, Resolver } from 'react-hook-form';
import { formatDate, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { CREDIT_KIND_LABELS, makeCreditReceiptSchema, type CreditReceipt } from '@domain/transfers/transfer.schema';
import type { Credit } from './types';
import { schemaResolver } from '@/lib/schema-resolver';

/** "Transferência Livelo"; "Bônus da transferência" (its programme said apart, in `detail`); "Clube". */
export function creditOrigin(credit: Pick<Credit, 'kind' | 'from_program'>): { label: string; detail: string | null } {
  const from = credit.from_program ? programName(credit.from_program) : null;
  if (credit.kind === 'transfer_base') {
    return {
      label: from ? `${CREDIT_KIND_LABELS.transfer_base} ${from}` : CREDIT_KIND_LABELS.transfer_base,
      detail: null,
    };
  }
  if (credit.kind === 'club') return { label: CREDIT_KIND_LABELS.club, detail: null };
  return { label: CREDIT_KIND_LABELS.transfer_bonus, detail: from ? `De ${from}` : null };
}

/** "LATAM Pass · conta 123456": the account a credit goes to. */
export function creditAccountText(credit: Pick<Credit, 'account'>): string {
  return `${programName(credit.account.program)} · conta ${credit.account.account_number}`;
}

/** "Titular: Maria Silva", or the agency's own account. */
export function creditHolderText(credit: Pick<Credit, 'account'>): string {
  return credit.account.holder_name ?? 'Conta da agência';
}

/** How a credit is named in its buttons and dialogs: "100.000 milhas em LATAM Pass · conta 123456, previstas para 10/04/2026". */
export function creditLabel(credit: Pick<Credit, 'expected_quantity' | 'account' | 'credit_date'>): string {
  return `${formatNumber(credit.expected_quantity)} milhas em ${creditAccountText(credit)}, previstas para ${formatDate(credit.credit_date)}`;
}

/** Its day has passed and the miles have not been marked as received. */
export function isOverdue(credit: Pick<Credit, 'status' | 'credit_date'>, today: string): boolean {
  return credit.status === 'pending' && credit.credit_date < today;
}

// ---------------------------------------------------------------------------------------------
// 'Marcar como recebido'

/** What the receipt dialog's inputs hold, as typed. */
export interface ReceiptFormState {
  quantity: string;
  received_on: string;
}

export const RECEIPT_FORM_FIELDS = [
  'quantity',
  'received_on',
] as const satisfies readonly FieldPath<ReceiptFormState>[];

/** Prefilled with the miles expected, received today. */
export function toReceiptFormState(credit: Pick<Credit, 'expected_quantity'>, today: string): ReceiptFormState {
  return { quantity: String(credit.expected_quantity), received_on: today };
}

/** The form validates with the schema the API re-parses (STYLE.md habit 1), as of `today`. */
export function receiptFormResolver(today: string): Resolver<ReceiptFormState, unknown, CreditReceipt> {
  return schemaResolver<ReceiptFormState, CreditReceipt>(makeCreditReceiptSchema(() => today));
}

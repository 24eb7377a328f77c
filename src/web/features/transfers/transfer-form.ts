import type { FieldPath, Resolver, UseFormReturn } from 'react-hook-form';
import { formatNumber } from '@domain/format';
import { isPointsProgram, PROGRAM_KEYS, programName } from '@domain/programs';
import {
  bonusPercentSchema,
  makeTransferInputSchema,
  ratioSchema,
  TRANSFER_MESSAGES,
  transferPointsSchema,
  type TransferFormValues,
  type TransferInput,
} from '@domain/transfers/transfer.schema';
import { transferQuantities, type TransferQuantities } from '@domain/transfers/transfer.rules';
import type { AccountLots, AccountOption, Transfer } from './types';
import { schemaResolver } from '@/lib/schema-resolver';

/** What the transfer dialog's inputs hold: numbers and amounts as typed, '' for empty (the schema makes them the API's values). */
export interface TransferFormState {
  source_account_id: string;
  destination_account_id: string;
  points: string;
  ratio: string;
  bonus_percent: string;
  transfer_date: string;
  base_credit_date: string;
  bonus_credit_date: string;
  extra_cost_cents: string;
  notes: string;
}

// Keeps the resolver cast in transferFormResolver honest: this fails to compile unless every form
// value is one the schema accepts.
type Assignable<T extends U, U> = T;
type _FormFitsSchema = Assignable<TransferFormState, TransferFormValues>;

export type TransferForm = UseFormReturn<TransferFormState, unknown, TransferInput>;

/** The fields the server's messages may land on; the rest is toasted. */
export const TRANSFER_FORM_FIELDS = [
  'source_account_id',
  'destination_account_id',
  'points',
  'ratio',
  'bonus_percent',
  'transfer_date',
  'base_credit_date',
  'bonus_credit_date',
  'extra_cost_cents',
  'notes',
] as const satisfies readonly FieldPath<TransferFormState>[];

/**
 * A new transfer: made and credited today, no bonus. The bonus's credit day is left for the user
 * to type (programmes credit it weeks later, each on its own calendar): with a bonus it is required.
 */
export function toTransferFormState(today: string): TransferFormState {
  return {
    source_account_id: '',
    destination_account_id: '',
    points: '',
    ratio: '',
    bonus_percent: '',
    transfer_date: today,
    base_credit_date: today,
    bonus_credit_date: '',
    extra_cost_cents: '',
    notes: '',
  };
}

/** The form validates with the schema the API re-parses (STYLE.md habit 1), as of `today`. */
export function transferFormResolver(today: string): Resolver<TransferFormState, unknown, TransferInput> {
  // The form's values are a narrower shape of the schema's input (no undefined fields, strings as typed).
  return schemaResolver<TransferFormState, TransferInput>(makeTransferInputSchema(() => today));
}

/** Digits and decimal separators, as money is typed in Brazil ("1.234,56"). */
export function maskMoney(typed: string): string {
  return typed.replace(/[^\d.,]/g, '').slice(0, 16);
}

/** The bonus as typed: digits only, at most three (0 to 300 %). */
export function maskPercent(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 3);
}

/** The bonus typed, as a number; 0 while blank or unreadable (the schema says why on submit). */
export function typedBonus(bonus: string): number {
  const parsed = bonusPercentSchema.safeParse(bonus);
  return parsed.success ? parsed.data : 0;
}

// ---------------------------------------------------------------------------------------------
// Accounts

/** "Maria Silva", or "Agência" for one of the agency's own accounts. */
export function holderName(account: Pick<AccountOption, 'client_name'>): string {
  return account.client_name ?? 'Agência';
}

/** One holder: the same client, or both the agency's own (the API refuses any other pair). */
export function sameHolder(a: Pick<AccountOption, 'client_id'>, b: Pick<AccountOption, 'client_id'>): boolean {
  return (a.client_id ?? null) === (b.client_id ?? null);
}

/** The accounts points leave from: those of a points programme (Livelo, Esfera, another). */
export function transferSources(accounts: readonly AccountOption[]): AccountOption[] {
  return accounts.filter((account) => isPointsProgram(account.program));
}

/** The accounts the miles may go to: an airline programme's, of the source's holder. */
export function transferDestinations(
  accounts: readonly AccountOption[],
  source: AccountOption | undefined,
): AccountOption[] {
  if (!source) return [];
  return accounts.filter(
    (account) => account.id !== source.id && !isPointsProgram(account.program) && sameHolder(account, source),
  );
}

/** Accounts in the catalogue's programme order (Livelo before Esfera, LATAM before Smiles), each programme's as the API listed them. */
export function sortByProgram(accounts: readonly AccountOption[]): AccountOption[] {
  return PROGRAM_KEYS.flatMap((program) => accounts.filter((account) => account.program === program));
}

/** The points an account holds: what is left in its available lots. */
export function accountBalance(lots: Pick<AccountLots, 'data'> | undefined): number | null {
  if (!lots) return null;
  return lots.data.reduce((sum, lot) => sum + lot.remaining_quantity, 0);
}

/** "25.000 pontos", "1 ponto". */
export function pointsText(points: number): string {
  return `${formatNumber(points)} ${points === 1 ? 'ponto' : 'pontos'}`;
}

/** "Livelo · 123456 · Pessoal — Maria Silva", and a points account's balance once known: "(25.000 pontos)". */
export function accountOptionLabel(
  account: Pick<AccountOption, 'program' | 'account_number' | 'nickname' | 'client_name'>,
  balance?: number | null,
): string {
  const nickname = account.nickname ? ` · ${account.nickname}` : '';
  const base = `${programName(account.program)} · ${account.account_number}${nickname} — ${holderName(account)}`;
  return balance === null || balance === undefined ? base : `${base} (${pointsText(balance)})`;
}

// ---------------------------------------------------------------------------------------------
// Preview

export type TransferPreview =
  | { kind: 'empty' }
  | { kind: 'no-miles'; message: string }
  | ({ kind: 'miles'; bonus_percent: number } & TransferQuantities);

/**
 * What the points typed become, with the parsers the schema uses: at the ratio typed, or else the
 * agency's for the pair (`pairRatio`, null while unknown). 'empty' until points and a ratio are readable.
 */
export function transferPreview(
  values: Pick<TransferFormState, 'points' | 'ratio' | 'bonus_percent'>,
  pairRatio: string | null,
): TransferPreview {
  const points = transferPointsSchema.safeParse(values.points);
  const typedRatio = ratioSchema.safeParse(values.ratio);
  const bonus = bonusPercentSchema.safeParse(values.bonus_percent);
  if (!points.success || !typedRatio.success || !bonus.success) return { kind: 'empty' };
  const ratio = typedRatio.data ?? pairRatio;
  if (ratio === null) return { kind: 'empty' };
  const quantities = transferQuantities(points.data, ratio, bonus.data);
  if (quantities.base_miles === 0) return { kind: 'no-miles', message: TRANSFER_MESSAGES.noMiles };
  return { kind: 'miles', bonus_percent: bonus.data, ...quantities };
}

/** "1 milha", "100.000 milhas". */
export function milesText(miles: number): string {
  return `${formatNumber(miles)} ${miles === 1 ? 'milha' : 'milhas'}`;
}

/** "Você receberá 100.000 milhas + 100.000 de bônus" (no bonus: "Você receberá 100.000 milhas"). */
export function previewText({ base_miles, bonus_miles, bonus_percent }: Extract<TransferPreview, { kind: 'miles' }>) {
  const base = `Você receberá ${milesText(base_miles)}`;
  return bonus_percent > 0 ? `${base} + ${formatNumber(bonus_miles)} de bônus` : base;
}

/** The points typed exceed the source's balance (the API refuses it; the form says so as it is typed). */
export function exceedsBalance(points: string, balance: number | null): boolean {
  if (balance === null) return false;
  const parsed = transferPointsSchema.safeParse(points);
  return parsed.success && parsed.data > balance;
}

/**
 * The toast once saved: a credit dated today is credited in the transfer itself (decision 0029),
 * the others wait. "20.000 milhas creditadas e 16.000 a creditar em LATAM Pass."
 */
export function transferSavedText(transfer: Pick<Transfer, 'credits' | 'destination_account'>): string {
  const credited = transfer.credits
    .filter((c) => c.status === 'credited')
    .reduce((sum, c) => sum + (c.quantity ?? c.expected_quantity), 0);
  const pending = transfer.credits
    .filter((c) => c.status === 'pending')
    .reduce((sum, c) => sum + c.expected_quantity, 0);
  const where = `em ${programName(transfer.destination_account.program)}`;
  if (credited > 0 && pending > 0) {
    return `${formatNumber(credited)} ${credited === 1 ? 'milha creditada' : 'milhas creditadas'} e ${formatNumber(pending)} a creditar ${where}.`;
  }
  if (credited > 0)
    return `${formatNumber(credited)} ${credited === 1 ? 'milha creditada' : 'milhas creditadas'} ${where}.`;
  return `${milesText(pending)} a creditar ${where}.`;
}

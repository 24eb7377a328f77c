import type { FieldPath, Resolver, UseFormReturn } from 'react-hook-form';
import type { LotAllocationPolicy } from '@domain/agency/agency.schema';
import { formatCpfOrCnpj, onlyDigits, CNPJ_LENGTH } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { planAllocation, type CandidateLot } from '@domain/lots/allocation';
import { isPointsProgram, programName } from '@domain/programs';
import { planReceivables, salePriceCents, type PlannedReceivable } from '@domain/sales/sale.rules';
import { makeSaleInputSchema, SALE_MESSAGES, type SaleFormValues, type SaleInput } from '@domain/sales/sale.schema';
import { costPerThousandOf } from '@domain/transfers/transfer.rules';
import type { Sale } from './types';
import { schemaResolver } from '@/lib/schema-resolver';

/** What the sale dialog's inputs hold: numbers, amounts and dates as typed, '' for empty (the schema makes them the API's values). */
export interface SaleFormState {
  account_id: string;
  buyer_name: string;
  buyer_document: string;
  buyer_contact: string;
  miles: string;
  price_per_thousand_cents: string;
  sale_date: string;
  instalments: string;
  first_due_date: string;
  notes: string;
}

// Keeps the resolver cast in saleFormResolver honest: this fails to compile unless every form
// value is one the schema accepts.
type Assignable<T extends U, U> = T;
type _FormFitsSchema = Assignable<SaleFormState, SaleFormValues>;

export type SaleForm = UseFormReturn<SaleFormState, unknown, SaleInput>;

/** The fields the server's messages may land on (a 409 for want of miles lands on 'miles'); the rest is toasted. */
export const SALE_FORM_FIELDS = [
  'account_id',
  'buyer_name',
  'buyer_document',
  'buyer_contact',
  'miles',
  'price_per_thousand_cents',
  'sale_date',
  'instalments',
  'first_due_date',
  'notes',
] as const satisfies readonly FieldPath<SaleFormState>[];

/** A new sale: sold today, in one instalment due on the sale's day (the first due date left blank means that). */
export function toSaleFormState(today: string): SaleFormState {
  return {
    account_id: '',
    buyer_name: '',
    buyer_document: '',
    buyer_contact: '',
    miles: '',
    price_per_thousand_cents: '',
    sale_date: today,
    instalments: '1',
    first_due_date: '',
    notes: '',
  };
}

/** The form validates with the schema the API re-parses (STYLE.md habit 1), as of `today`. */
export function saleFormResolver(today: string): Resolver<SaleFormState, unknown, SaleInput> {
  // The form's values are a narrower shape of the schema's input (no undefined fields, strings as typed).
  return schemaResolver<SaleFormState, SaleInput>(makeSaleInputSchema(() => today));
}

/** Instalments as typed: digits only, at most two (1 to 24). */
export function maskInstalments(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 2);
}

// ---------------------------------------------------------------------------------------------
// Preview

let fieldsCache: { today: string; shape: ReturnType<typeof makeSaleInputSchema>['in']['shape'] } | null = null;

/** Each field's own parser, the one the schema runs (as of `today`), to read a half-typed form. */
function saleFields(today: string) {
  if (fieldsCache?.today !== today) fieldsCache = { today, shape: makeSaleInputSchema(() => today).in.shape };
  return fieldsCache.shape;
}

export type SalePreview =
  | { kind: 'empty' }
  | { kind: 'too-low'; message: string }
  | {
      kind: 'priced';
      miles: number;
      price_per_thousand_cents: number;
      price_cents: number;
      /** Null until the dates and the instalments typed can be read (the schema says why on submit). */
      receivables: PlannedReceivable[] | null;
    };

/**
 * What the sale is worth and when it is received, live from what is typed, with the parsers the
 * schema uses: 'empty' until the miles and the price can be read.
 */
export function salePreview(
  values: Pick<SaleFormState, 'miles' | 'price_per_thousand_cents' | 'sale_date' | 'instalments' | 'first_due_date'>,
  today: string,
): SalePreview {
  const fields = saleFields(today);
  const miles = fields.miles.safeParse(values.miles);
  const price = fields.price_per_thousand_cents.safeParse(values.price_per_thousand_cents);
  if (!miles.success || !price.success) return { kind: 'empty' };
  const price_cents = salePriceCents(miles.data, price.data);
  if (price_cents <= 0) return { kind: 'too-low', message: SALE_MESSAGES.priceTooLow };

  const saleDate = fields.sale_date.safeParse(values.sale_date);
  const firstDue = fields.first_due_date.safeParse(values.first_due_date);
  const instalments = fields.instalments.safeParse(values.instalments);
  let receivables: PlannedReceivable[] | null = null;
  if (saleDate.success && firstDue.success && instalments.success) {
    const day = saleDate.data ?? today;
    const first = firstDue.data ?? day;
    if (first >= day) receivables = planReceivables(price_cents, instalments.data, first);
  }
  return { kind: 'priced', miles: miles.data, price_per_thousand_cents: price.data, price_cents, receivables };
}

/**
 * "1× de R$ 855,00 em 15/03/2026"; "3× de R$ 285,00, de 15/03/2026 a 15/05/2026"; when the
 * centavos do not split evenly the first takes the rest: "3× de R$ 285,00 (a 1ª de R$ 285,01), …".
 */
export function receivablesPlanText(plan: readonly PlannedReceivable[]): string {
  const [first, second] = plan;
  const last = plan.at(-1);
  if (!first || !last) return '';
  if (plan.length === 1) return `1× de ${formatCents(first.amount_cents)} em ${formatDate(first.due_date)}`;
  const rest = second!.amount_cents;
  const uneven = first.amount_cents !== rest ? ` (a 1ª de ${formatCents(first.amount_cents)})` : '';
  return `${plan.length}× de ${formatCents(rest)}${uneven}, de ${formatDate(first.due_date)} a ${formatDate(last.due_date)}`;
}

export interface SaleEstimate {
  cost_cents: number;
  /** R$ per thousand of the miles taken, 4 places. */
  cost_per_thousand: string;
  profit_cents: number;
}

/**
 * What the miles would cost if taken now from the account's lots by the agency's policy, and the
 * profit at `priceCents`: an estimate (the server plans again, on the lots as they are when it
 * saves). Null while the lots are unknown, or when they hold fewer miles.
 */
export function estimateSale(
  lots: { data: readonly CandidateLot[]; today: string } | undefined,
  miles: number,
  priceCents: number,
  policy: LotAllocationPolicy,
): SaleEstimate | null {
  if (!lots) return null;
  const plan = planAllocation(lots.data, miles, { policy, today: lots.today });
  if (!plan.ok) return null;
  return {
    cost_cents: plan.total_cost_cents,
    cost_per_thousand: costPerThousandOf(plan.total_cost_cents, miles),
    profit_cents: priceCents - plan.total_cost_cents,
  };
}

// ---------------------------------------------------------------------------------------------
// Display

/** "30.000 milhas" in an airline account, "25.000 pontos" in a points one ("1 milha", "1 ponto"). */
export function balanceText(program: string, quantity: number): string {
  const [one, many] = isPointsProgram(program) ? ['ponto', 'pontos'] : ['milha', 'milhas'];
  return `${formatNumber(quantity)} ${quantity === 1 ? one : many}`;
}

/** "lucro de R$ 255,00", or "prejuízo de R$ 40,00" below cost (said in words, not by colour alone). */
export function profitText(profitCents: number): string {
  return profitCents < 0 ? `prejuízo de ${formatCents(-profitCents)}` : `lucro de ${formatCents(profitCents)}`;
}

/** The toast once saved: "30.000 milhas LATAM Pass para Maria Silva por R$ 855,00, lucro de R$ 255,00." */
export function saleSavedText(sale: Pick<Sale, 'miles' | 'account' | 'buyer_name' | 'price_cents' | 'profit_cents'>) {
  return `${formatNumber(sale.miles)} milhas ${programName(sale.account.program)} para ${sale.buyer_name} por ${formatCents(sale.price_cents)}, ${profitText(sale.profit_cents)}.`;
}

/** "CPF 123.456.789-09", "CNPJ 12.345.678/0001-95"; null without a document. */
export function buyerDocumentText(document: string | null): string | null {
  if (!document) return null;
  return `${onlyDigits(document).length === CNPJ_LENGTH ? 'CNPJ' : 'CPF'} ${formatCpfOrCnpj(document)}`;
}

/** Instalments received of the sale's. */
export function receivedCount(sale: Pick<Sale, 'receivables'>): number {
  return sale.receivables.filter((r) => r.status === 'received').length;
}

/** Why 'Cancelar venda' cannot be used; null when it can (an active sale with nothing received yet). */
export function cancelBlocker(sale: Pick<Sale, 'status' | 'receivables'>): string | null {
  if (sale.status === 'cancelled') return SALE_MESSAGES.saleCancelled;
  return receivedCount(sale) > 0 ? SALE_MESSAGES.saleWithReceipts : null;
}

/** How a sale is named in its buttons and dialogs: "venda de 30.000 milhas para Maria Silva em 15/03/2026". */
export function saleLabel(sale: Pick<Sale, 'miles' | 'buyer_name' | 'sale_date'>): string {
  return `venda de ${formatNumber(sale.miles)} milhas para ${sale.buyer_name} em ${formatDate(sale.sale_date)}`;
}

import type { z } from 'zod';
import type { FieldPath, Resolver, UseFormReturn } from 'react-hook-form';
import { formatNumber, isValidIsoDate } from '@domain/format';
import {
  costPerMileSchema,
  LOT_MESSAGES,
  lotFormDefaults,
  lotInputSchema,
  lotQuantitySchema,
  makeLotInputSchema,
  type LotInput,
} from '@domain/lots/lot.schema';
import { costPerThousandFromPerMile, daysToExpiry, lotTotalCostCents } from '@domain/lots/lot.rules';
import { isProgramKey, type ProgramKey } from '@domain/programs';
import type { Cents } from '@domain/money';
import type { Lot } from './types';
import { schemaResolver } from '@/lib/schema-resolver';

/** What the lot form's inputs hold: quantity and cost as typed, '' for empty (lotInputSchema makes them the API's values). */
export interface LotFormState {
  program: ProgramKey;
  account_id: string | null;
  account_number: string;
  original_quantity: string;
  cost_per_mile: string;
  purchase_date: string;
  expiry_date: string;
  /**
   * Always '' (issue #23): the supplier is chosen from the registry (`supplier_id`); a typed name
   * would be found or added to it by the API.
   */
  supplier: string;
  /** The supplier chosen from the registry, '' for 'Sem fornecedor'. */
  supplier_id: string;
  /**
   * A lot a transfer or a club credited has a supplier text ("Transferência Livelo") and no
   * supplier: shown as its origin under 'Fornecedor'. Not part of lotInputSchema, so never sent.
   */
  supplier_origin?: string;
  notes: string;
  /**
   * How a new lot is paid (issue #23), sent beside the lot's fields: '' is à vista; a card's id
   * with its instalments ('1'–'24'). Not part of lotInputSchema: the API reads and checks them.
   */
  card_id?: string;
  instalments?: string;
}

// Keeps the resolver cast in lotFormResolver honest: this fails to compile unless every form
// value is one the schema accepts.
type Assignable<T extends U, U> = T;
type _FormFitsSchema = Assignable<LotFormState, z.input<typeof lotInputSchema>>;

export type LotForm = UseFormReturn<LotFormState, unknown, LotInput>;

/** The id of a field's control, unique per dialog: `lot-new-cost-per-mile`. */
export type LotFieldId = (name: FieldPath<LotFormState>) => string;

/** The fields the server's messages may land on. */
export const LOT_FORM_FIELDS = [
  'program',
  'account_id',
  'account_number',
  'original_quantity',
  'cost_per_mile',
  'purchase_date',
  'expiry_date',
  'supplier',
  'supplier_id',
  'notes',
  'card_id',
  'instalments',
] as const satisfies readonly FieldPath<LotFormState>[];

/** "0.0155" → "0,0155": the stored cost as a Brazilian reader types it. */
export function costToInput(perMile: string): string {
  return perMile.replace('.', ',');
}

/**
 * The form's starting values: the lot's, or the spec's defaults for a new one (program LATAM,
 * today, one year ahead, no supplier). The supplier is the lot's `supplier_id`; its text is only
 * kept (as `supplier_origin`) for a lot without one.
 */
export function toLotFormState(lot: Lot | null, today: string): LotFormState {
  if (!lot) return { ...lotFormDefaults(today), supplier_id: '' };
  return {
    program: isProgramKey(lot.program) ? lot.program : 'OTHER',
    account_id: lot.account_id,
    account_number: '',
    original_quantity: String(lot.original_quantity),
    cost_per_mile: costToInput(lot.cost_per_mile),
    purchase_date: lot.purchase_date,
    expiry_date: lot.expiry_date ?? '',
    supplier: '',
    supplier_id: lot.supplier_id ?? '',
    ...(lot.supplier_id === null && lot.supplier ? { supplier_origin: lot.supplier } : {}),
    notes: lot.notes ?? '',
  };
}

export interface LotFormSummary {
  /** Null until quantity and cost are both valid. */
  total_cost_cents: Cents | null;
  /** R$ per thousand miles, numeric text; null until the cost is valid. */
  cost_per_thousand: string | null;
  /** Null without a complete expiry date ('N/A'). */
  days_to_expiry: number | null;
}

/** The form's summary box, from what is typed, with the same parsers the schema uses. */
export function lotFormSummary(
  values: Pick<LotFormState, 'original_quantity' | 'cost_per_mile' | 'expiry_date'>,
  today: string,
): LotFormSummary {
  const quantity = lotQuantitySchema.safeParse(values.original_quantity);
  const cost = costPerMileSchema.safeParse(values.cost_per_mile);
  const expiry = values.expiry_date && isValidIsoDate(values.expiry_date) ? values.expiry_date : null;
  return {
    total_cost_cents: quantity.success && cost.success ? lotTotalCostCents(quantity.data, cost.data) : null,
    cost_per_thousand: cost.success ? costPerThousandFromPerMile(cost.data) : null,
    days_to_expiry: daysToExpiry(expiry, today),
  };
}

/** "45 dias", "1 dia", "Expirado" for the summary's badge; 'N/A' without a date (spec part 1 §2). */
export function daysBadgeText(days: number | null): string {
  if (days === null) return 'N/A';
  if (days < 0) return 'Expirado';
  return `${formatNumber(days)} ${days === 1 ? 'dia' : 'dias'}`;
}

/**
 * The form's validation: lotInputSchema as of `today`. Editing a lot whose expiry has already
 * passed keeps that expiry acceptable while it is left unchanged, as the API does
 * (src/server/lots/lots.service.ts parseLotUpdate): the lot is then judged as of its expiry day.
 */
export function lotFormResolver(
  lot: Pick<Lot, 'expiry_date'> | null,
  today: string,
): Resolver<LotFormState, unknown, LotInput> {
  // The form's values are a narrower shape of the schema's input (no undefined fields, strings as typed).
  const asOf = (day: string) => schemaResolver<LotFormState, LotInput>(makeLotInputSchema(() => day));
  const current = asOf(today);
  const stored = lot?.expiry_date ?? null;
  if (stored === null || stored >= today) return current;
  const asOfExpiry = asOf(stored);
  return async (values, context, options) => {
    const result = await current(values, context, options);
    const unchangedPastExpiry =
      values.expiry_date === stored && result.errors.expiry_date?.message === LOT_MESSAGES.expiryPast;
    return unchangedPastExpiry ? asOfExpiry(values, context, options) : result;
  };
}

/** The payment sent with a new lot: nothing à vista; the card and its instalments otherwise. */
export function lotPayment(cardId: string | undefined, instalments: string | undefined) {
  return cardId ? { card_id: cardId, instalments: instalments || '1' } : {};
}

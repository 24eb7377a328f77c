import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import { countBeneficiaries, beneficiarySummary, beneficiaryWarning } from '@domain/emissions/beneficiaries';
import {
  computeEmissionFinancials,
  NO_ELIGIBLE_LOT_MESSAGE,
  suggestionLotIds,
  suggestionMilesCostCents,
  validateLotChoice,
  type EmissionFinancials,
} from '@domain/emissions/emission.rules';
import {
  emissionStep1Schema,
  emissionStep2Schema,
  emissionWizardSchema,
  feesCentsSchema,
  milesUsedSchema,
  ravCentsSchema,
  wizardRevenueCentsSchema,
  type EmissionFormValues,
} from '@domain/emissions/emission.schema';
import { isValidCpf, onlyDigits } from '@domain/documents';
import { manualLotOptions, suggestLots, type LotSuggestion, type PlannedAllocation } from '@domain/lots/allocation';
import type { Cents } from '@domain/money';
import { programName } from '@domain/programs';
import type { AccountBeneficiaries, AccountLot, AccountLots } from './types';

// The wizard's live figures, computed with the domain's rules from what is typed: nothing here
// decides a rule, it only reads the form's text into the rules' inputs.

/** One form spans the three steps; each step's component takes it. */
export type WizardForm = UseFormReturn<EmissionFormValues>;

export const WIZARD_STEPS = ['Cliente e conta', 'Dados da emissão', 'Revisão'] as const;

/** The fields each step shows, so a server message goes back to the step that has its field. */
const STEP_FIELDS: readonly (readonly string[])[] = [
  ['client_id', 'account_id'],
  ['route', 'pnr', 'departure_date', 'miles_used', 'fees_cents', 'revenue_cents', 'rav_cents', 'passengers', 'lot_ids'],
];

/** The first step showing one of `fields` (dotted paths, as the API names them); null when none does. */
export function wizardStepOf(fields: readonly string[]): number | null {
  const steps = fields
    .map((field) => STEP_FIELDS.findIndex((names) => names.includes(field.split('.')[0]!)))
    .filter((i) => i >= 0);
  return steps.length > 0 ? Math.min(...steps) : null;
}

/** Every field a server message may land on, with `passengers` passengers. */
export function wizardKnownFields(passengers: number): string[] {
  return [
    ...STEP_FIELDS.flat(),
    ...Array.from({ length: passengers }, (_, i) => [`passengers.${i}.name`, `passengers.${i}.cpf`]).flat(),
  ];
}

/** Puts zod-style dotted errors into a nested FieldErrors object. */
function setNestedError(errors: Record<string, unknown>, path: string, message: string, type: string) {
  const keys = path.split('.');
  let node: Record<string, unknown> = errors;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      if (!node[key]) node[key] = { type, message };
      return;
    }
    node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

/**
 * What the wizard's resolver reads at each validation: useForm's `context`, so the latest render's
 * step and lot check, and one form (and one resolver) spans the three steps.
 */
export interface WizardContext {
  /** The step shown, 0 to 2. */
  step: number;
  /** Why the chosen lots cannot cover the miles typed; null when they can (or no miles are typed yet). */
  lotCheck: (values: EmissionFormValues) => string | null;
}

/**
 * The wizard's validation: step 1's schema, step 2's, then the whole wizard's on the review; from
 * step 2 on, the context's `lotCheck` adds why the chosen lots cannot cover the miles.
 */
export function wizardResolver(): Resolver<EmissionFormValues, WizardContext> {
  const step1 = zodResolver(emissionStep1Schema) as unknown as Resolver<EmissionFormValues>;
  const step2 = zodResolver(emissionStep2Schema) as unknown as Resolver<EmissionFormValues>;
  const all = zodResolver(emissionWizardSchema) as unknown as Resolver<EmissionFormValues>;
  return async (values, context, options) => {
    const current = context?.step ?? 0;
    const result = await (current === 0 ? step1 : current === 1 ? step2 : all)(values, context, options);
    if (current === 0 || !context) return result;
    const lotError = context.lotCheck(values);
    if (!lotError) return result;
    const errors = { ...(result.errors as Record<string, unknown>) };
    setNestedError(errors, 'lot_ids', lotError, 'lots');
    return { values: {}, errors: errors as FieldErrors<EmissionFormValues> };
  };
}

/** 'suggested' follows the suggestion as the miles change; 'manual' is one lot from the manual list. */
export type LotSelection = { mode: 'suggested' } | { mode: 'manual'; lot_id: string };

export const SUGGESTED: LotSelection = { mode: 'suggested' };

/** The typed miles as the schema reads them; null while blank or invalid. */
export function parsedMiles(value: EmissionFormValues['miles_used']): number | null {
  const parsed = milesUsedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function parsedCents(schema: typeof feesCentsSchema, value: unknown): Cents | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface LotPanel {
  suggestion: LotSuggestion<AccountLot> | null;
  manual: AccountLot[];
}

/** The suggestion and the manual list for `miles`; both empty without miles. */
export function lotPanel(lots: readonly AccountLot[], miles: number | null, today: string): LotPanel {
  if (miles === null) return { suggestion: null, manual: [] };
  return { suggestion: suggestLots(lots, miles, today), manual: manualLotOptions(lots, miles, today) };
}

/** Step 2's lots: the account's candidates as read, the typed miles, the plans for them and the one chosen. */
export interface LotChoice {
  lots: UseQueryResult<AccountLots>;
  /** The day the lots were read on (the server's), for their expiry. */
  today: string;
  miles: number | null;
  panel: LotPanel;
  selection: LotSelection;
  onSelectionChange: (selection: LotSelection) => void;
}

/** The lot ids an emission is created with for this selection. */
export function selectedLotIds(selection: LotSelection, suggestion: LotSuggestion | null): string[] {
  if (selection.mode === 'manual') return [selection.lot_id];
  return suggestion ? suggestionLotIds(suggestion) : [];
}

export interface ChosenPlan {
  allocations: PlannedAllocation[];
  total_cost_cents: Cents;
  weighted_cost_per_thousand: string;
}

/** The plan of the chosen lots, or the message that says why none fits. */
export function chosenPlan(
  lots: readonly AccountLot[],
  miles: number,
  lotIds: readonly string[],
  today: string,
): { ok: true; plan: ChosenPlan } | { ok: false; message: string } {
  const choice = validateLotChoice(lots, miles, { lot_ids: lotIds, today });
  if (choice.ok) return { ok: true, plan: choice.plan };
  return { ok: false, message: lotIds.length === 0 ? NO_ELIGIBLE_LOT_MESSAGE : choice.message };
}

/** Miles cost of the current selection; null when no lot fits. */
export function selectionMilesCost(
  lots: readonly AccountLot[],
  miles: number | null,
  selection: LotSelection,
  suggestion: LotSuggestion | null,
  today: string,
): Cents | null {
  if (miles === null) return null;
  if (selection.mode === 'suggested') return suggestion ? suggestionMilesCostCents(suggestion) : null;
  const result = chosenPlan(lots, miles, [selection.lot_id], today);
  return result.ok ? result.plan.total_cost_cents : null;
}

export interface Estimate {
  miles_cost_cents: Cents;
  fees_cents: Cents;
  rav_cents: Cents;
  revenue_cents: Cents;
  financials: EmissionFinancials;
}

/** Margin estimate; null until miles cost, revenue, fees and RAV all read. */
export function estimate(
  values: Pick<EmissionFormValues, 'fees_cents' | 'rav_cents' | 'revenue_cents'>,
  milesCostCents: Cents | null,
): Estimate | null {
  if (milesCostCents === null) return null;
  const fees = parsedCents(feesCentsSchema, values.fees_cents);
  const rav = parsedCents(ravCentsSchema, values.rav_cents);
  const revenue = parsedCents(wizardRevenueCentsSchema, values.revenue_cents);
  if (fees === null || rav === null || revenue === null) return null;
  const amounts = { miles_cost_cents: milesCostCents, fees_cents: fees, rav_cents: rav, revenue_cents: revenue };
  try {
    return { ...amounts, financials: computeEmissionFinancials(amounts) };
  } catch {
    return null;
  }
}

export interface BeneficiaryInfo {
  summary: string | null;
  warning: string | null;
}

/** The account's beneficiary slots and whether this emission's passengers would pass the limit. */
export function beneficiaryInfo(
  data: AccountBeneficiaries | undefined,
  passengers: readonly { cpf?: string | null }[],
): BeneficiaryInfo {
  if (!data) return { summary: null, warning: null };
  try {
    const result = countBeneficiaries({
      program: data.program,
      holderCpf: data.holder_cpf,
      pastPassengers: data.past_passengers,
      newPassengers: passengers.map((p) => ({ cpf: onlyDigits(p.cpf ?? '') })).filter((p) => isValidCpf(p.cpf)),
      today: data.today,
    });
    return { summary: beneficiarySummary(result), warning: beneficiaryWarning(result, programName(data.program)) };
  } catch {
    return { summary: null, warning: null };
  }
}

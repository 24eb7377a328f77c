import { refuse, z } from '../zod';
import { CPF_LENGTH, isValidCpf, onlyDigits } from '../documents';
import { isTypedDocument } from '../documents.schema';
import { isValidIsoDate } from '../format';
import { EMISSION_STATUSES, EMISSIONS_MAX_PAGE_SIZE, EMISSIONS_PAGE_SIZE, type EmissionStatus } from '../list-defaults';
import { LOT_QUANTITY_MAX } from '../lots/lot.schema';
import { parseBRLToCents, type Cents } from '../money';
import { PROGRAM_KEYS } from '../programs';
import {
  emptyToUndefined,
  limitParamSchema,
  optionalIsoDateParam,
  optionalUuidParam,
  pageParamSchema,
  periodRefinement,
} from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { isBlank, optionalUuidSchema, searchParamSchema, textSchema } from '../text.schema';

// The emission form and API (spec part 2 §2 "/emissoes", §5 "Emission wizard"). One set of field
// rules: the wizard validates step by step with the step schemas, and the API re-parses the
// whole with emissionCreateSchema. Parsing is idempotent (parse(parse(x)) = parse(x)), so the
// web may send either what the user typed or what the wizard already parsed.

/** The page sizes of the clients and lots lists. */
export { EMISSIONS_PAGE_SIZE, EMISSIONS_MAX_PAGE_SIZE };

/** One PNR holds at most 9 passengers (the airlines' booking limit). */
export const EMISSION_MAX_PASSENGERS = 9;
export const EMISSION_MAX_LOTS = 50;
export const ROUTE_MAX_AIRPORTS = 10;
export const PASSENGER_NAME_MAX_LENGTH = 120;
/** R$ 100 milhões: far above any ticket, and keeps every sum a safe integer of centavos. */
export const EMISSION_AMOUNT_MAX_CENTS: Cents = 10_000_000_000;
export const EMISSION_MILES_MAX = LOT_QUANTITY_MAX;

// ---------------------------------------------------------------------------------------------
// Status vocabulary (DESIGN.md §2 "Emission status")

// In zod-free modules, which /emissoes reads its address and draws its badges with (#14).
export { EMISSION_STATUSES, type EmissionStatus };
export {
  EMISSION_STATUS_LABELS,
  emissionStatusBadgeVariant,
  emissionStatusLabel,
  isEmissionStatus,
  type EmissionBadgeVariant,
} from './emission.status';

// ---------------------------------------------------------------------------------------------
// Messages (spec part 2 §5 where it gives them; the rest where it is silent)

export const EMISSION_MESSAGES = {
  clientRequired: 'Cliente obrigatório',
  clientInvalid: 'Cliente inválido',
  accountRequired: 'Conta obrigatória',
  accountInvalid: 'Conta inválida',
  routeRequired: 'Rota obrigatória',
  routeInvalid: 'Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU',
  routeTooLong: `Rota deve ter no máximo ${ROUTE_MAX_AIRPORTS} aeroportos`,
  milesRequired: 'Milhas obrigatórias',
  milesPositive: 'Milhas devem ser maior que 0',
  milesDigits: 'Milhas devem conter apenas números',
  milesMax: 'Milhas devem ser no máximo 1.000.000.000',
  feesInvalid: 'Taxas inválidas',
  feesNegative: 'Taxas devem ser positivas',
  revenueRequired: 'Receita obrigatória',
  revenueInvalid: 'Receita inválida',
  /** The wizard's rule (step 2). */
  revenuePositive: 'Receita deve ser maior que 0',
  /** The final schema's rule (≥ 0). */
  revenueNegative: 'Receita deve ser positiva',
  ravInvalid: 'RAV inválida',
  ravNegative: 'RAV deve ser positiva',
  amountMax: 'Valor deve ser no máximo R$ 100.000.000,00',
  pnrInvalid: 'PNR inválido',
  departureInvalid: 'Data de embarque inválida',
  passengersRequired: 'Informe ao menos um passageiro',
  passengerInvalid: 'Passageiro inválido',
  passengersMax: `No máximo ${EMISSION_MAX_PASSENGERS} passageiros por emissão`,
  passengerName: 'Nome do passageiro obrigatório',
  passengerNameTooLong: `Nome do passageiro deve ter no máximo ${PASSENGER_NAME_MAX_LENGTH} caracteres`,
  passengerCpfRequired: 'CPF obrigatório',
  passengerCpfInvalid: 'CPF inválido',
  passengerRepeated: 'Passageiro repetido',
  lotInvalid: 'Lote inválido',
  quoteInvalid: 'Cotação inválida',
  lotsMax: `Selecione no máximo ${EMISSION_MAX_LOTS} lotes`,
  statusInvalid: 'Status inválido',
  programInvalid: 'Programa inválido',
  dateInvalid: 'Data inválida',
  periodInvalid: 'Período inválido',
} as const;

const M = EMISSION_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Fields

/** Built once, not per value. */
const uuidFormat = z.uuid();

function requiredUuid(required: string, invalid: string) {
  return z
    .string({ error: invalid })
    .nullable()
    .optional()
    .transform((v, ctx): string => {
      if (isBlank(v)) {
        return refuse(ctx, required);
      }
      const parsed = uuidFormat.safeParse(v?.trim());
      if (!parsed.success) {
        return refuse(ctx, invalid);
      }
      return parsed.data.toLowerCase();
    });
}

export const emissionClientIdSchema = requiredUuid(M.clientRequired, M.clientInvalid);
export const emissionAccountIdSchema = requiredUuid(M.accountRequired, M.accountInvalid);

const IATA = /^[A-Z]{3}$/;

/**
 * The route as airport codes: trimmed, upper-cased, "-" between codes. People also type
 * "nat gru", "NAT/GRU" or "NAT - GRU"; those become "NAT-GRU". At least two codes, no code
 * repeated next to itself ("NAT-NAT" is not a flight); a round trip repeats the origin at the end.
 */
export const routeSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? M.routeRequired : M.routeInvalid) })
  .transform((v, ctx): string => {
    const s = v.trim().toUpperCase();
    if (s === '') {
      return refuse(ctx, M.routeRequired);
    }
    const codes = s.split(/\s*[-/–—>]\s*|\s+/);
    if (codes.length < 2 || !codes.every((c) => IATA.test(c)) || codes.some((c, i) => i > 0 && c === codes[i - 1])) {
      return refuse(ctx, M.routeInvalid);
    }
    if (codes.length > ROUTE_MAX_AIRPORTS) {
      return refuse(ctx, M.routeTooLong);
    }
    return codes.join('-');
  });

/**
 * Miles as typed ("12000") or a number → a positive integer. Digits only, as for a lot's
 * quantity: "12.000" is refused rather than guessed. A leading "-" is read so that a negative
 * number gets the "maior que 0" message.
 */
export const milesUsedSchema = z
  .union([z.string(), z.number()], { error: M.milesDigits })
  .nullable()
  .optional()
  .transform((v, ctx): number => {
    if (isBlank(v)) return refuse(ctx, M.milesRequired);
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || !Number.isInteger(v)) return refuse(ctx, M.milesDigits);
      if (v <= 0) return refuse(ctx, M.milesPositive);
      if (v > EMISSION_MILES_MAX) return refuse(ctx, M.milesMax);
      return v;
    }
    const m = /^(-?)(\d+)$/.exec((v ?? '').trim());
    if (!m) return refuse(ctx, M.milesDigits);
    const n = BigInt(m[2]!);
    if (m[1] === '-' || n === 0n) return refuse(ctx, M.milesPositive);
    if (n > BigInt(EMISSION_MILES_MAX)) return refuse(ctx, M.milesMax);
    return Number(n);
  });

interface MoneyRules {
  invalid: string;
  negative: string;
  /** Message for a blank field; absent = blank means 0. */
  required?: string;
  /** Message for 0 when the amount must be above zero. */
  zero?: string;
}

/**
 * An amount → integer centavos. A string is reais as typed in Brazil ("1.234,56", "R$ 50",
 * "80.5"), read by parseBRLToCents; a number is already centavos (what this schema outputs and
 * what the API carries in *_cents), and must be a safe integer.
 */
function moneyCentsSchema(rules: MoneyRules) {
  return z
    .union([z.string(), z.number()], { error: rules.invalid })
    .nullable()
    .optional()
    .transform((v, ctx): Cents => {
      if (isBlank(v)) {
        if (rules.required) return refuse(ctx, rules.required);
        return 0;
      }
      const cents = typeof v === 'number' ? (Number.isSafeInteger(v) ? v : null) : parseBRLToCents(v ?? '');
      if (cents === null) return refuse(ctx, rules.invalid);
      if (cents < 0) return refuse(ctx, rules.zero ?? rules.negative);
      if (cents === 0 && rules.zero) return refuse(ctx, rules.zero);
      if (cents > EMISSION_AMOUNT_MAX_CENTS) return refuse(ctx, M.amountMax);
      return cents;
    });
}

/** Boarding taxes; blank means none. */
export const feesCentsSchema = moneyCentsSchema({ invalid: M.feesInvalid, negative: M.feesNegative });
/** RAV (the agency's service fee); blank means none. */
export const ravCentsSchema = moneyCentsSchema({ invalid: M.ravInvalid, negative: M.ravNegative });
/** The final schema's revenue: required, ≥ 0 (an import may carry a courtesy ticket). */
export const revenueCentsSchema = moneyCentsSchema({
  invalid: M.revenueInvalid,
  negative: M.revenueNegative,
  required: M.revenueRequired,
});
/** The wizard's revenue: required, > 0. */
export const wizardRevenueCentsSchema = moneyCentsSchema({
  invalid: M.revenueInvalid,
  negative: M.revenuePositive,
  required: M.revenueRequired,
  zero: M.revenuePositive,
});

/** The airline's booking code: 5 to 8 letters or digits, upper-cased; blank → null. */
export const pnrSchema = z
  .string({ error: M.pnrInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): string | null => {
    const s = (v ?? '').trim().toUpperCase();
    if (s === '') return null;
    if (!/^[A-Z0-9]{5,8}$/.test(s)) {
      return refuse(ctx, M.pnrInvalid);
    }
    return s;
  });

/** yyyy-MM-dd; blank → null. Any real date: imports carry past flights. */
export const departureDateSchema = z
  .string({ error: M.departureInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): string | null => {
    const s = (v ?? '').trim();
    if (s === '') return null;
    if (!isValidIsoDate(s) || s < '1900-01-01') {
      return refuse(ctx, M.departureInvalid);
    }
    return s;
  });

export const passengerSchema = z.object(
  {
    name: textSchema({ required: M.passengerName, invalid: M.passengerName })
      .transform((v) => v.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(2, M.passengerName).max(PASSENGER_NAME_MAX_LENGTH, M.passengerNameTooLong)),
    cpf: z
      .string({
        error: (iss) =>
          iss.input === undefined || iss.input === null ? M.passengerCpfRequired : M.passengerCpfInvalid,
      })
      .transform((v, ctx): string => {
        if (v.trim() === '') {
          return refuse(ctx, M.passengerCpfRequired);
        }
        // Letters are refused, not stripped to whatever digits they hide.
        const d = onlyDigits(v);
        if (!isTypedDocument(v) || !isValidCpf(d)) {
          return refuse(ctx, M.passengerCpfInvalid);
        }
        return d;
      }),
  },
  { error: M.passengerInvalid },
);

/** Who flies; the same CPF twice is refused on the later row, so the form marks that field. */
export const passengersSchema = z
  .array(passengerSchema, { error: M.passengersRequired })
  .min(1, M.passengersRequired)
  .max(EMISSION_MAX_PASSENGERS, M.passengersMax)
  .superRefine(
    (passengers, ctx) => {
      // Also runs when some rows failed (see `when`), so a value may still be as typed.
      const seen = new Set<string>();
      passengers.forEach((p, i) => {
        const cpf = typeof p?.cpf === 'string' ? onlyDigits(p.cpf) : '';
        if (cpf.length !== CPF_LENGTH) return;
        if (seen.has(cpf)) ctx.addIssue({ code: 'custom', message: M.passengerRepeated, path: [i, 'cpf'] });
        seen.add(cpf);
      });
    },
    { when: (payload) => Array.isArray(payload.value) },
  );

/** The lots the user picked, lower-cased and without repeats; [] = let the planner choose. */
export const lotIdsSchema = z
  .array(z.uuid({ error: M.lotInvalid }), { error: M.lotInvalid })
  .max(EMISSION_MAX_LOTS, M.lotsMax)
  .nullable()
  .optional()
  .transform((ids) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))]);

// ---------------------------------------------------------------------------------------------
// Wizard steps and the final schema

/** Step 1: client and loyalty account. */
export const emissionStep1Schema = z.object({
  client_id: emissionClientIdSchema,
  account_id: emissionAccountIdSchema,
});

const emissionDataShape = <R extends z.ZodType>(revenue: R) => ({
  route: routeSchema,
  miles_used: milesUsedSchema,
  fees_cents: feesCentsSchema,
  revenue_cents: revenue,
  rav_cents: ravCentsSchema,
  pnr: pnrSchema,
  departure_date: departureDateSchema,
  passengers: passengersSchema,
  lot_ids: lotIdsSchema,
});

/**
 * Step 2: the issuance data. Whether the account's lots cover the miles needs the lots, so the
 * wizard checks it with validateLotChoice (emission.rules.ts) and shows 'Nenhum lote disponível
 * com milhas suficientes'.
 */
export const emissionStep2Schema = z.object(emissionDataShape(wizardRevenueCentsSchema));

/**
 * The quote an emission converts ("Converter em emissão", issue #19): the emission's creation
 * accepts it and links the two in the same transaction. Blank → null.
 */
export const emissionQuoteIdSchema = optionalUuidSchema(M.quoteInvalid);

/** The whole wizard, as checked on "Confirmar" (with the quote it converts, when opened from one). */
export const emissionWizardSchema = z.object({
  ...emissionStep1Schema.shape,
  ...emissionStep2Schema.shape,
  quote_id: emissionQuoteIdSchema,
});
export type EmissionWizardValues = z.infer<typeof emissionWizardSchema>;
/** What the wizard holds before parsing (amounts and miles as typed, '' for empty). */
export type EmissionFormValues = z.input<typeof emissionWizardSchema>;

/** POST /api/v1/emissions: spec part 2 §5 "Final schema", and the quote it converts, if any. */
export const emissionCreateSchema = z.object({
  ...emissionStep1Schema.shape,
  ...emissionDataShape(revenueCentsSchema),
  quote_id: emissionQuoteIdSchema,
});
export type EmissionCreateInput = z.infer<typeof emissionCreateSchema>;

export function emissionFormDefaults() {
  return {
    client_id: '',
    account_id: '',
    route: '',
    miles_used: '',
    fees_cents: '',
    revenue_cents: '',
    rav_cents: '',
    pnr: '',
    departure_date: '',
    passengers: [{ name: '', cpf: '' }],
    lot_ids: [],
  } satisfies EmissionFormValues;
}

// ---------------------------------------------------------------------------------------------
// List

const optionalIsoDate = optionalIsoDateParam(M.dateInvalid);

/**
 * Query string of GET /api/v1/emissions. date_from and date_to are inclusive calendar days of
 * created_at in the agency's time zone; search looks at PNR, route and client name.
 */
export const emissionListQuerySchema = z
  .object({
    page: pageParamSchema,
    limit: limitParamSchema(EMISSIONS_PAGE_SIZE, EMISSIONS_MAX_PAGE_SIZE),
    search: searchParamSchema,
    status: z.preprocess(emptyToUndefined, z.enum(EMISSION_STATUSES, { error: M.statusInvalid }).optional()),
    client_id: optionalUuidParam(M.clientInvalid),
    program: z.preprocess(emptyToUndefined, z.enum(PROGRAM_KEYS, { error: M.programInvalid }).optional()),
    date_from: optionalIsoDate,
    date_to: optionalIsoDate,
  })
  .superRefine(periodRefinement(M.periodInvalid));
export type EmissionListQuery = z.infer<typeof emissionListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers (STYLE.md habit 10)

/** One of the client's emissions (GET /api/v1/clients/:id/emissions). */
export const clientEmissionSchema = z.object({
  id: idSchema,
  pnr: z.string().nullable(),
  route: z.string(),
  program: z.enum(PROGRAM_KEYS),
  miles_used: z.number().int(),
  revenue_cents: centsSchema,
  margin_cents: centsSchema,
  status: z.enum(EMISSION_STATUSES),
  created_at: timestampSchema,
});
export type ClientEmission = z.infer<typeof clientEmissionSchema>;

export const clientEmissionListSchema = pagedSchema(clientEmissionSchema);
export type ClientEmissionList = z.infer<typeof clientEmissionListSchema>;

/** One emission as GET /api/v1/emissions lists it. */
export const emissionSchema = z.object({
  id: idSchema,
  pnr: z.string().nullable(),
  route: z.string(),
  departure_date: dateSchema.nullable(),
  client_id: idSchema,
  client_name: z.string(),
  account_id: idSchema,
  program: z.enum(PROGRAM_KEYS),
  account_number: z.string(),
  miles_used: z.number().int(),
  fees_cents: centsSchema,
  revenue_cents: centsSchema,
  rav_cents: centsSchema,
  miles_cost_cents: centsSchema,
  margin_cents: centsSchema,
  /** Margin over revenue, in percent (marginPercent). */
  margin_percent: z.number(),
  status: z.enum(EMISSION_STATUSES),
  created_at: timestampSchema,
  submitted_at: timestampSchema.nullable(),
  issued_at: timestampSchema.nullable(),
  failed_at: timestampSchema.nullable(),
  cancelled_at: timestampSchema.nullable(),
});
export type Emission = z.infer<typeof emissionSchema>;

/** The cards of /emissoes, over the same filter and search as the list (`total` is the list's total). */
export const emissionSummarySchema = z.object({
  total: z.number().int(),
  issued: z.number().int(),
  /** Pending and processing. */
  pending: z.number().int(),
  revenue_issued_cents: centsSchema,
});
export type EmissionSummary = z.infer<typeof emissionSummarySchema>;

/** GET /api/v1/emissions. */
export const emissionListSchema = pagedSchema(emissionSchema).extend({ summary: emissionSummarySchema });
export type EmissionList = z.infer<typeof emissionListSchema>;

export const emissionPassengerSchema = z.object({ id: idSchema, name: z.string(), cpf: z.string() });

/** Which lot fed the emission, and with what (released rows too, as history). */
export const emissionAllocationSchema = z.object({
  lot_id: idSchema,
  miles: z.number().int(),
  /** R$ per thousand miles, exact decimal text. */
  cost_per_thousand: z.string(),
  cost_cents: centsSchema,
  lot_supplier: z.string().nullable(),
  lot_expiry_date: dateSchema.nullable(),
});
export type EmissionAllocation = z.infer<typeof emissionAllocationSchema>;

export const EMISSION_TIMELINE_KINDS = ['created', 'submitted', 'issued', 'failed', 'cancelled'] as const;
export type EmissionTimelineKind = (typeof EMISSION_TIMELINE_KINDS)[number];

export const emissionTimelineEntrySchema = z.object({ kind: z.enum(EMISSION_TIMELINE_KINDS), at: timestampSchema });
export type EmissionTimelineEntry = z.infer<typeof emissionTimelineEntrySchema>;

/** The agency's SLA statistic (spec part 2 §9) and the program's target. */
export const emissionSlaSchema = z.object({
  count: z.number().int(),
  average_hours: z.number().nullable(),
  p95_hours: z.number().nullable(),
  target_hours: z.number(),
});
export type EmissionSla = z.infer<typeof emissionSlaSchema>;

/** GET /api/v1/emissions/:id, and what creating or transitioning one answers. */
export const emissionDetailSchema = z.object({
  emission: emissionSchema.extend({ client_email: z.string().nullable() }),
  passengers: z.array(emissionPassengerSchema),
  allocations: z.array(emissionAllocationSchema),
  timeline: z.array(emissionTimelineEntrySchema),
  sla: emissionSlaSchema,
});
export type EmissionDetail = z.infer<typeof emissionDetailSchema>;

import { refuse, z } from '../zod';
import { addMonthsIso, isValidIsoDate, todayIso } from '../format';
import {
  DEFAULT_SORT_ORDER,
  LOT_SORTS,
  LOT_STATUSES,
  LOTS_DEFAULT_SORT,
  LOTS_MAX_PAGE_SIZE,
  LOTS_PAGE_SIZE,
  SORT_ORDERS,
  type LotSort,
  type LotStatus,
  type SortOrder,
} from '../list-defaults';
import { PROGRAM_KEYS, type ProgramKey } from '../programs';
import {
  emptyToUndefined,
  exportFormatParamSchema,
  limitParamSchema,
  pageParamSchema,
  queryIntegerSchema,
} from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { optionalTextSchema, searchParamSchema, textSchema } from '../text.schema';

/** Spec part 1 §9. */
export { LOTS_PAGE_SIZE, LOTS_MAX_PAGE_SIZE };
export const MAX_BULK_LOT_OPERATIONS = 1000;

export const LOT_QUANTITY_MAX = 1_000_000_000;
/** R$ per mile; far above any real price, and keeps quantity × cost a safe integer of centavos. */
export const LOT_COST_PER_MILE_MAX = 1000;
export const LOT_COST_DECIMALS = 4;
export const LOT_MIN_DATE = '1900-01-01';

// The list's vocabulary lives in the zod-free list-defaults.ts, which /lotes reads its address with (#14).
export { LOT_SORTS, LOT_STATUSES, type LotSort, type LotStatus };

/** Spec part 1 §3 "Miles lot". */
export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  available: 'Disponível',
  reserved: 'Reservado',
  used: 'Usado',
  expired: 'Expirado',
};

/** The variants of the web's Badge (src/web/components/ui/badge.tsx), named here so the domain stays framework-free. */
export type LotBadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning';

export const LOT_STATUS_BADGE_VARIANTS: Record<LotStatus, LotBadgeVariant> = {
  available: 'success',
  reserved: 'warning',
  used: 'secondary',
  expired: 'destructive',
};

export function isLotStatus(status: string): status is LotStatus {
  return (LOT_STATUSES as readonly string[]).includes(status);
}

export function lotStatusLabel(status: string): string {
  return isLotStatus(status) ? LOT_STATUS_LABELS[status] : status;
}

export function lotStatusBadgeVariant(status: string): LotBadgeVariant {
  return isLotStatus(status) ? LOT_STATUS_BADGE_VARIANTS[status] : 'outline';
}

export type LotSortOrder = SortOrder;

// ---------------------------------------------------------------------------------------------
// Messages (spec part 1 §5 and part 2 §5; the rest where the spec is silent)

export const LOT_MESSAGES = {
  program: 'Programa inválido',
  account: 'Conta inválida',
  accountNumberRequired: 'Número da conta é obrigatório',
  accountNumberTooLong: 'Número da conta deve ter no máximo 60 caracteres',
  accountNumberInvalid: 'Número da conta inválido',
  accountBoth: 'Informe a conta cadastrada ou o número da conta, não ambos',
  quantityRequired: 'Quantidade é obrigatória',
  quantityPositive: 'Quantidade deve ser maior que 0',
  quantityDigits: 'Quantidade deve conter apenas números',
  quantityMax: 'Quantidade deve ser no máximo 1.000.000.000',
  costRequired: 'Custo por milha é obrigatório',
  costInvalid: 'Custo por milha inválido',
  costPositive: 'Custo por milha deve ser maior que 0',
  costDecimals: 'Use no máximo 4 casas decimais',
  costMax: 'Custo por milha deve ser no máximo R$ 1.000,00',
  purchaseRequired: 'Data de compra é obrigatória',
  purchaseInvalid: 'Data de compra inválida',
  purchaseFuture: 'Data de compra não pode estar no futuro',
  expiryInvalid: 'Data de vencimento inválida',
  expiryPast: 'Data de vencimento não pode estar no passado',
  expiryBeforePurchase: 'Vencimento deve ser posterior à compra',
  supplierTooLong: 'Fornecedor deve ter no máximo 200 caracteres',
  supplierInvalid: 'Fornecedor inválido',
  notesTooLong: 'Observações devem ter no máximo 2000 caracteres',
} as const;

const M = LOT_MESSAGES;

const optionalText = optionalTextSchema;

/**
 * Miles as typed ("10000") or sent as a number → a positive integer. Digits only: "1.000" is
 * refused rather than guessed (pt-BR thousands or a decimal?). A leading "-" is read so that a
 * negative amount gets the "maior que 0" message a person expects.
 */
export const lotQuantitySchema = z
  .union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined || iss.input === null ? M.quantityRequired : M.quantityDigits),
  })
  .transform((v, ctx): number => {
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || !Number.isInteger(v)) return refuse(ctx, M.quantityDigits);
      if (v <= 0) return refuse(ctx, M.quantityPositive);
      if (v > LOT_QUANTITY_MAX) return refuse(ctx, M.quantityMax);
      return v;
    }
    const s = v.trim();
    if (s === '') return refuse(ctx, M.quantityRequired);
    const m = /^(-?)(\d+)$/.exec(s);
    if (!m) return refuse(ctx, M.quantityDigits);
    const n = BigInt(m[2]!);
    if (m[1] === '-' || n === 0n) return refuse(ctx, M.quantityPositive);
    if (n > BigInt(LOT_QUANTITY_MAX)) return refuse(ctx, M.quantityMax);
    return Number(n);
  });

/**
 * R$ per mile as typed ("0,0155", "0.0155") or a number → "0.0155": a decimal string with exactly
 * 4 places, so it goes into a PostgreSQL numeric without binary floating point. Comma or dot is
 * the decimal separator (spec part 1 §5); there are no thousands separators at this scale.
 * More than 4 significant decimals is refused rather than silently rounded.
 */
export const costPerMileSchema = z
  .union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined || iss.input === null ? M.costRequired : M.costInvalid),
  })
  .transform((v, ctx): string => {
    let s: string;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return refuse(ctx, M.costInvalid);
      // Ranges first, so String(v) below is a plain decimal (no "1e-7" or "1e+21").
      if (v < 0.0001) return refuse(ctx, M.costPositive);
      if (v > LOT_COST_PER_MILE_MAX) return refuse(ctx, M.costMax);
      s = String(v);
    } else {
      s = v.trim();
      if (s === '') return refuse(ctx, M.costRequired);
    }
    const m = /^(-?)(\d*)(?:[.,](\d*))?$/.exec(s);
    if (!m || !/\d/.test(s)) return refuse(ctx, M.costInvalid);
    const negative = m[1] === '-';
    const int = (m[2] ?? '').replace(/^0+/, '') || '0';
    const frac = (m[3] ?? '').replace(/0+$/, '');
    // Below 0.0001 means nothing but zeros in the integer part and the first four decimals.
    if (negative || (int === '0' && /^0*$/.test(frac.slice(0, LOT_COST_DECIMALS)))) return refuse(ctx, M.costPositive);
    if (
      int.length > 4 ||
      BigInt(int) > BigInt(LOT_COST_PER_MILE_MAX) ||
      (BigInt(int) === BigInt(LOT_COST_PER_MILE_MAX) && frac !== '')
    ) {
      return refuse(ctx, M.costMax);
    }
    if (frac.length > LOT_COST_DECIMALS) return refuse(ctx, M.costDecimals);
    return `${int}.${frac.padEnd(LOT_COST_DECIMALS, '0')}`;
  });

function purchaseDateSchema(today: () => string) {
  return textSchema({ required: M.purchaseRequired, invalid: M.purchaseInvalid })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: M.purchaseRequired });
      else if (!isValidIsoDate(v) || v < LOT_MIN_DATE) ctx.addIssue({ code: 'custom', message: M.purchaseInvalid });
      else if (v > today()) ctx.addIssue({ code: 'custom', message: M.purchaseFuture });
    });
}

/** yyyy-MM-dd or none ('' and null mean "Sem vencimento"). An expiry of today is still valid. */
function expiryDateSchema(today: () => string) {
  return textSchema({ invalid: M.expiryInvalid })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      if (v === null) return;
      if (!isValidIsoDate(v)) ctx.addIssue({ code: 'custom', message: M.expiryInvalid });
      else if (v < today()) ctx.addIssue({ code: 'custom', message: M.expiryPast });
    });
}

/**
 * The lot form (spec part 1 §5, part 2 §5 "Legacy lot form"), validated by the web form and
 * re-parsed by the API. A lot goes into one loyalty account: either an existing one
 * (`account_id`) or, as the legacy form does, a program plus an account number, which the
 * server resolves to the agency's account. Exactly one of the two.
 *
 * `today` is read at parse time (yyyy-MM-dd), so tests can fix it and a long-running server
 * does not keep the day it started on.
 */
export function makeLotInputSchema(today: () => string) {
  return z
    .object({
      program: z.enum(PROGRAM_KEYS, { error: M.program }),
      account_id: z
        .union([z.literal(''), z.uuid({ error: M.account })], { error: M.account })
        .nullable()
        .optional()
        .transform((v) => (v ? v.toLowerCase() : null)),
      account_number: textSchema({ invalid: M.accountNumberInvalid })
        .trim()
        .max(60, M.accountNumberTooLong)
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
      original_quantity: lotQuantitySchema,
      cost_per_mile: costPerMileSchema,
      purchase_date: purchaseDateSchema(today),
      expiry_date: expiryDateSchema(today),
      supplier: optionalText(200, M.supplierTooLong),
      /** The supplier chosen from the registry (issue #23); its name wins over `supplier`. */
      supplier_id: z
        .union([z.literal(''), z.uuid({ error: M.supplierInvalid })], { error: M.supplierInvalid })
        .nullable()
        .optional()
        .transform((v) => (v ? v.toLowerCase() : null)),
      notes: optionalText(2000, M.notesTooLong),
    })
    .superRefine(
      (lot, ctx) => {
        // Runs even when other fields failed (see `when`), so the form shows every error at once;
        // hence the defensive typeof checks on values that may not have parsed.
        const hasId = lot.account_id !== null && lot.account_id !== undefined && lot.account_id !== '';
        const hasNumber = typeof lot.account_number === 'string' && lot.account_number.trim() !== '';
        if (!hasId && !hasNumber) {
          ctx.addIssue({ code: 'custom', message: M.accountNumberRequired, path: ['account_number'] });
        } else if (hasId && hasNumber) {
          ctx.addIssue({ code: 'custom', message: M.accountBoth, path: ['account_number'] });
        }
        const { purchase_date: purchase, expiry_date: expiry } = lot;
        if (
          typeof purchase === 'string' &&
          typeof expiry === 'string' &&
          isValidIsoDate(purchase) &&
          isValidIsoDate(expiry) &&
          expiry < purchase
        ) {
          ctx.addIssue({ code: 'custom', message: M.expiryBeforePurchase, path: ['expiry_date'] });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
}

export const lotInputSchema = makeLotInputSchema(todayIso);
export type LotInput = z.infer<typeof lotInputSchema>;
/** What the form holds before parsing (quantity and cost as typed, '' for empty). */
export type LotFormValues = z.input<typeof lotInputSchema>;

/**
 * Editing a lot takes the same fields and rules (lotInputSchema). That original_quantity may not go
 * below the miles already allocated needs the stored lot, so the server checks it.
 */
export type LotUpdate = LotInput;

/** Spec part 1 §5 and part 2 §5: program LATAM, purchased today, expiring one year ahead. */
export function lotFormDefaults(today: string = todayIso()) {
  return {
    program: 'LATAM' as ProgramKey,
    account_id: null,
    account_number: '',
    original_quantity: '',
    cost_per_mile: '',
    purchase_date: today,
    expiry_date: addMonthsIso(today, 12) ?? '',
    supplier: '',
    notes: '',
  } satisfies LotFormValues;
}

// ---------------------------------------------------------------------------------------------
// List and bulk operations

const lotFiltersShape = {
  search: searchParamSchema,
  program: z.preprocess(emptyToUndefined, z.enum(PROGRAM_KEYS, { error: M.program }).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(LOT_STATUSES, { error: 'Status inválido' }).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(LOT_SORTS, { error: 'Ordenação inválida' }).default(LOTS_DEFAULT_SORT)),
  order: z.preprocess(emptyToUndefined, z.enum(SORT_ORDERS, { error: 'Ordem inválida' }).default(DEFAULT_SORT_ORDER)),
};

const pageShape = {
  page: pageParamSchema,
  limit: limitParamSchema(LOTS_PAGE_SIZE, LOTS_MAX_PAGE_SIZE),
};

/** Query string of GET /api/v1/lots (every value arrives as a string). */
export const lotListQuerySchema = z.object({ ...lotFiltersShape, ...pageShape });
export type LotListQuery = z.infer<typeof lotListQuerySchema>;

/** Query string of GET /api/v1/lots/:id/allocations: a page of the lot's allocation history. */
export const lotAllocationsQuerySchema = z.object(pageShape);

/** Query string of GET /api/v1/lots/export: the list's filters and order, every page, and the file's form. */
export const lotExportQuerySchema = z.object({ ...lotFiltersShape, formato: exportFormatParamSchema });

export const BULK_LOT_LIMIT_MESSAGE = 'Selecione no máximo 1000 lotes por vez.';
export const BULK_LOT_EMPTY_MESSAGE = 'Selecione pelo menos um lote.';

export const bulkLotDeleteSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Identificador inválido' }), { error: BULK_LOT_EMPTY_MESSAGE })
    .min(1, BULK_LOT_EMPTY_MESSAGE)
    .max(MAX_BULK_LOT_OPERATIONS, BULK_LOT_LIMIT_MESSAGE)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type BulkLotDelete = z.infer<typeof bulkLotDeleteSchema>;

// ---------------------------------------------------------------------------------------------
// Read models' query strings

export const LOT_EXPIRING_DAYS_MAX = 3650;
const DAYS_MESSAGE = `Dias deve ser um número inteiro entre 0 e ${LOT_EXPIRING_DAYS_MAX}`;

/** Query string of GET /api/v1/lots/expiring: the window in days (absent: the agency's expiry_alert_days). */
export const lotExpiringQuerySchema = z.object({
  days: queryIntegerSchema(DAYS_MESSAGE, { min: 0, max: LOT_EXPIRING_DAYS_MAX }),
});

/** Query string of GET /api/v1/lots/average-cost and /lots/available: one program, or all of them. */
export const lotProgramQuerySchema = z.object({ program: lotFiltersShape.program });

// ---------------------------------------------------------------------------------------------
// Answers (STYLE.md habit 10): the server builds them typed by these, the web reads them as these.

/** Numeric text with 4 places, as PostgreSQL writes numeric(14, 4): "15.5000". */
const numericTextSchema = z.string().meta({ description: 'Exact decimal as text, 4 places' });

/** The API's Lot (GET /api/v1/lots, /lots/:id, and what POST and PUT answer). */
export const lotSchema = z.object({
  id: idSchema,
  account_id: idSchema,
  program: z.enum(PROGRAM_KEYS),
  account_number: z.string(),
  account_nickname: z.string().nullable(),
  /** Null: one of the agency's own accounts. */
  client_id: idSchema.nullable(),
  client_name: z.string().nullable(),
  original_quantity: z.number().int(),
  remaining_quantity: z.number().int(),
  used_quantity: z.number().int(),
  /** R$ per mile: "0.0155". */
  cost_per_mile: numericTextSchema,
  /** R$ per thousand miles, the "milheiro": "15.5000". */
  cost_per_thousand: numericTextSchema,
  total_cost_cents: centsSchema,
  remaining_value_cents: centsSchema,
  purchase_date: dateSchema,
  /** Null for miles that do not expire. */
  expiry_date: dateSchema.nullable(),
  supplier: z.string().nullable(),
  /** The supplier in the registry (issue #23); null for a lot without one, or one a transfer or club credited. */
  supplier_id: idSchema.nullable(),
  notes: z.string().nullable(),
  status: z.enum(LOT_STATUSES),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Lot = z.infer<typeof lotSchema>;

/** The four cards of /lotes, over every lot matching the filters (not only the page); available lots only. */
export const lotTotalsSchema = z.object({
  total_miles: z.number().int(),
  total_value_cents: centsSchema,
  /** Weighted by remaining miles ("0.0155"); null when there is nothing to average. */
  avg_cost_per_mile: numericTextSchema.nullable(),
  /** Lots expiring within the agency's alert window. */
  expiring_lots: z.number().int(),
});
export type LotTotals = z.infer<typeof lotTotalsSchema>;

/** GET /api/v1/lots. */
export const lotListSchema = pagedSchema(lotSchema).extend({ totals: lotTotalsSchema });
export type LotList = z.infer<typeof lotListSchema>;

/** GET /api/v1/lots/:id. */
export const lotDetailSchema = z.object({ lot: lotSchema });
export type LotDetail = z.infer<typeof lotDetailSchema>;

/** GET /api/v1/lots/expiring. */
export const lotExpiringListSchema = z.object({ data: z.array(lotSchema) });
export type LotExpiringList = z.infer<typeof lotExpiringListSchema>;

/** One emission the lot fed (GET /api/v1/lots/:id/allocations); released: the emission gave the miles back. */
export const lotAllocationSchema = z.object({
  id: idSchema,
  emission_id: idSchema,
  emission_pnr: z.string().nullable(),
  emission_route: z.string(),
  emission_status: z
    .string()
    .meta({ description: 'The emission status (pending, processing, issued, failed, cancelled)' }),
  client_name: z.string().nullable(),
  miles: z.number().int(),
  cost_per_thousand: numericTextSchema,
  cost_cents: centsSchema,
  created_at: timestampSchema,
  released_at: timestampSchema.nullable(),
});
export type LotAllocation = z.infer<typeof lotAllocationSchema>;

export const lotAllocationListSchema = pagedSchema(lotAllocationSchema);
export type LotAllocationList = z.infer<typeof lotAllocationListSchema>;

/** POST /api/v1/lots/bulk-delete: those deleted, those kept with why, and ids that were nothing. */
export const bulkLotDeleteResultSchema = z.object({
  deleted: z.number().int(),
  kept: z.array(z.object({ id: idSchema, reason: z.string() })),
  not_found: z.number().int(),
});
export type BulkLotDeleteResult = z.infer<typeof bulkLotDeleteResultSchema>;

/** POST /api/v1/lots/mark-expired. */
export const markExpiredResultSchema = z.object({ updated: z.number().int() });
export type MarkExpiredResult = z.infer<typeof markExpiredResultSchema>;

/** GET /api/v1/lots/stats: spec part 1 §3 "Lot utilisation stats", over every live lot. */
export const lotStatsSchema = z.object({
  total_lots: z.number().int(),
  active_lots: z.number().int(),
  expired_lots: z.number().int(),
  used_lots: z.number().int(),
  total_miles_purchased: z.number().int(),
  total_miles_remaining: z.number().int(),
  total_miles_used: z.number().int(),
  /** Percent with 2 places, 0 when nothing was bought. */
  utilization_rate: z.number(),
  total_investment_cents: centsSchema,
  remaining_value_cents: centsSchema,
});
export type LotStats = z.infer<typeof lotStatsSchema>;

/** GET /api/v1/lots/summary: per program, in catalogue order. */
export const lotSummarySchema = z.object({
  data: z.array(
    z.object({
      program: z.enum(PROGRAM_KEYS),
      total_lots: z.number().int(),
      total_miles: z.number().int(),
      remaining_miles: z.number().int(),
      total_investment_cents: centsSchema,
      average_cost_per_mile: numericTextSchema.nullable(),
      lots_expiring_soon: z.number().int(),
    }),
  ),
});
export type LotSummary = z.infer<typeof lotSummarySchema>;

/** GET /api/v1/lots/average-cost: per program, what emissions can draw now and its average cost. */
export const lotAverageCostSchema = z.object({
  data: z.array(
    z.object({
      program: z.enum(PROGRAM_KEYS),
      average_cost_per_mile: numericTextSchema.nullable(),
      average_cost_per_thousand: numericTextSchema.nullable(),
      available_miles: z.number().int(),
    }),
  ),
});
export type LotAverageCost = z.infer<typeof lotAverageCostSchema>;

/** GET /api/v1/lots/available: per program, the miles emissions can draw now. */
export const lotAvailableMilesSchema = z.object({
  data: z.array(
    z.object({ program: z.enum(PROGRAM_KEYS), available_miles: z.number().int(), available_lots: z.number().int() }),
  ),
  total_available_miles: z.number().int(),
});
export type LotAvailableMiles = z.infer<typeof lotAvailableMilesSchema>;

import { refuse, z } from '../zod';
import { isValidIsoDate, todayIso } from '../format';
import { parseBRLToCents, parseDecimalInput } from '../money';
import { AIRLINE_PROGRAM_KEYS, POINTS_PROGRAM_KEYS, PROGRAM_KEYS } from '../programs';
import { emptyToUndefined, limitParamSchema, pageParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { isBlank, optionalTextSchema } from '../text.schema';
import { LOT_MIN_DATE, LOT_QUANTITY_MAX } from '../lots/lot.schema';
import { RATIO_SCALE } from './transfer.rules';

// Transfers of points with bonus and the credits still to come (issue #23,
// docs/decisions/0029-transfers-and-credits.md).

export const BONUS_PERCENT_MAX = 300;
/** Miles per point: far above any real ratio (Livelo → TAP is 2 points per mile, "0.5"). */
export const RATIO_MAX = 100;
export const DEFAULT_RATIO = '1.0000';
export const TRANSFER_EXTRA_COST_MAX_CENTS = 100_000_000_00;
export const TRANSFERS_PAGE_SIZE = 20;
export const CREDITS_PAGE_SIZE = 20;
export const TRANSFERS_MAX_PAGE_SIZE = 100;

export const TRANSFER_MESSAGES = {
  sourceRequired: 'Conta de origem é obrigatória',
  sourceInvalid: 'Conta de origem inválida',
  destinationRequired: 'Conta de destino é obrigatória',
  destinationInvalid: 'Conta de destino inválida',
  sourceNotFound: 'Conta de origem não encontrada',
  destinationNotFound: 'Conta de destino não encontrada',
  sameAccount: 'A conta de destino deve ser diferente da de origem',
  destinationPoints: 'O destino deve ser uma conta de companhia aérea',
  otherHolder: 'A conta de destino deve ser do mesmo titular da origem',
  sourceAirline: 'Transferências saem de um programa de pontos (Livelo, Esfera ou outro)',
  pointsRequired: 'Pontos são obrigatórios',
  pointsDigits: 'Pontos devem conter apenas números',
  pointsPositive: 'Pontos devem ser maior que 0',
  pointsMax: 'Pontos devem ser no máximo 1.000.000.000',
  ratioInvalid: 'Paridade inválida',
  ratioPositive: 'Paridade deve ser maior que 0',
  ratioMax: `Paridade deve ser no máximo ${RATIO_MAX} milhas por ponto`,
  bonusInvalid: 'Bônus inválido',
  bonusRange: `Bônus deve estar entre 0% e ${BONUS_PERCENT_MAX}%`,
  transferDateInvalid: 'Data da transferência inválida',
  transferDateFuture: 'Data da transferência não pode estar no futuro',
  baseDateRequired: 'Data de crédito das milhas é obrigatória',
  baseDateInvalid: 'Data de crédito das milhas inválida',
  bonusDateRequired: 'Data de crédito do bônus é obrigatória',
  bonusDateInvalid: 'Data de crédito do bônus inválida',
  creditBeforeTransfer: 'O crédito não pode ser anterior à transferência',
  extraCostInvalid: 'Custo extra inválido',
  extraCostNegative: 'Custo extra não pode ser negativo',
  extraCostMax: 'Custo extra deve ser no máximo R$ 100.000.000,00',
  notesTooLong: 'Observações devem ter no máximo 2000 caracteres',
  noMiles: 'Com esta paridade os pontos não rendem nenhuma milha',
  transferNotFound: 'Transferência não encontrada',
  creditNotFound: 'Crédito não encontrado',
  creditNotPending: 'Este crédito já foi recebido ou cancelado',
  quantityRequired: 'Quantidade recebida é obrigatória',
  quantityDigits: 'Quantidade recebida deve conter apenas números',
  quantityPositive: 'Quantidade recebida deve ser maior que 0',
  quantityMax: 'Quantidade recebida deve ser no máximo 1.000.000.000',
  receivedInvalid: 'Data de recebimento inválida',
  receivedFuture: 'Data de recebimento não pode estar no futuro',
  conversionSource: 'Origem deve ser um programa de pontos',
  conversionDestination: 'Destino deve ser um programa de companhia aérea',
  pointsAccountEmission:
    'Contas de programas de pontos não emitem passagens: transfira os pontos para uma companhia aérea',
} as const;

const M = TRANSFER_MESSAGES;

/** A whole positive number as typed ("100000") or sent; digits only, as lot quantities. */
export function wholeSchema(m: { required: string; digits: string; positive: string; max: string }) {
  return z
    .union([z.string(), z.number()], {
      error: (iss) => (iss.input === undefined || iss.input === null ? m.required : m.digits),
    })
    .transform((v, ctx): number => {
      const s = typeof v === 'number' ? (Number.isInteger(v) ? String(v) : 'x') : v.trim();
      if (s === '') return refuse(ctx, m.required);
      const match = /^(-?)(\d+)$/.exec(s);
      if (!match) return refuse(ctx, m.digits);
      const n = BigInt(match[2]!);
      if (match[1] === '-' || n === 0n) return refuse(ctx, m.positive);
      if (n > BigInt(LOT_QUANTITY_MAX)) return refuse(ctx, m.max);
      return Number(n);
    });
}

export const transferPointsSchema = wholeSchema({
  required: M.pointsRequired,
  digits: M.pointsDigits,
  positive: M.pointsPositive,
  max: M.pointsMax,
});

export const creditQuantitySchema = wholeSchema({
  required: M.quantityRequired,
  digits: M.quantityDigits,
  positive: M.quantityPositive,
  max: M.quantityMax,
});

/** Miles per point, "1", "0,5" or 0.5 → "0.5000"; blank → null (the agency's ratio for the pair). */
export const ratioSchema = z
  .union([z.string(), z.number()], { error: M.ratioInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): string | null => {
    if (isBlank(v)) return null;
    const text = parseDecimalInput(v!, RATIO_SCALE);
    if (text === null || !/^\s*[-+]?[\d.,]+\s*$/.test(String(v))) {
      return refuse(ctx, M.ratioInvalid);
    }
    const n = Number(text);
    if (n <= 0) {
      return refuse(ctx, M.ratioPositive);
    }
    if (n > RATIO_MAX) {
      return refuse(ctx, M.ratioMax);
    }
    return text;
  });

/** A required ratio (the conversions form). */
export const requiredRatioSchema = ratioSchema.transform((v, ctx): string => {
  if (v === null) {
    return refuse(ctx, M.ratioInvalid);
  }
  return v;
});

export const bonusPercentSchema = z
  .union([z.string(), z.number()], { error: M.bonusInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): number => {
    if (isBlank(v)) return 0;
    const s = typeof v === 'number' ? String(v) : v!.trim().replace(/%$/, '').trim();
    if (!/^-?\d+$/.test(s)) {
      return refuse(ctx, M.bonusInvalid);
    }
    const n = Number(s);
    if (n < 0 || n > BONUS_PERCENT_MAX) {
      return refuse(ctx, M.bonusRange);
    }
    return n;
  });

const extraCostSchema = z
  .union([z.string(), z.number()], { error: M.extraCostInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): number => {
    if (isBlank(v)) return 0;
    const cents = typeof v === 'number' ? (Number.isSafeInteger(v) ? v : null) : parseBRLToCents(v!);
    if (cents === null) {
      return refuse(ctx, M.extraCostInvalid);
    }
    if (cents < 0) {
      return refuse(ctx, M.extraCostNegative);
    }
    if (cents > TRANSFER_EXTRA_COST_MAX_CENTS) {
      return refuse(ctx, M.extraCostMax);
    }
    return cents;
  });

export function requiredIdSchema(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(z.uuid({ error: invalid }))
    .transform((v) => v.toLowerCase());
}

/** yyyy-MM-dd; blank → null (then `required`, when given, is the message). */
export function dayField(m: { required?: string; invalid: string; future?: string }, today: () => string) {
  return z
    .union([z.string(), z.null()], { error: m.invalid })
    .optional()
    .transform((v, ctx): string | null => {
      const s = typeof v === 'string' ? v.trim() : '';
      if (s === '') {
        if (m.required) {
          return refuse(ctx, m.required);
        }
        return null;
      }
      if (!isValidIsoDate(s) || s < LOT_MIN_DATE) {
        return refuse(ctx, m.invalid);
      }
      if (m.future && s > today()) {
        return refuse(ctx, m.future);
      }
      return s;
    });
}

/**
 * POST /transfers: points from a points account to an airline account of the same holder, at a
 * ratio (blank: the agency's for the pair) and a bonus, credited on their dates. `today` is read at
 * parse time, so tests can fix it.
 */
export function makeTransferInputSchema(today: () => string) {
  return z
    .object({
      source_account_id: requiredIdSchema(M.sourceRequired, M.sourceInvalid),
      destination_account_id: requiredIdSchema(M.destinationRequired, M.destinationInvalid),
      points: transferPointsSchema,
      ratio: ratioSchema,
      bonus_percent: bonusPercentSchema,
      transfer_date: dayField({ invalid: M.transferDateInvalid, future: M.transferDateFuture }, today),
      base_credit_date: dayField({ required: M.baseDateRequired, invalid: M.baseDateInvalid }, today),
      bonus_credit_date: dayField({ invalid: M.bonusDateInvalid }, today),
      extra_cost_cents: extraCostSchema,
      notes: optionalTextSchema(2000, M.notesTooLong),
    })
    .transform((t, ctx) => {
      const transferDate = t.transfer_date ?? today();
      if (t.source_account_id === t.destination_account_id) {
        ctx.addIssue({ code: 'custom', message: M.sameAccount, path: ['destination_account_id'] });
      }
      if (t.base_credit_date && t.base_credit_date < transferDate) {
        ctx.addIssue({ code: 'custom', message: M.creditBeforeTransfer, path: ['base_credit_date'] });
      }
      const bonusDate = t.bonus_percent > 0 ? (t.bonus_credit_date ?? null) : null;
      if (t.bonus_percent > 0 && !bonusDate) {
        ctx.addIssue({ code: 'custom', message: M.bonusDateRequired, path: ['bonus_credit_date'] });
      } else if (bonusDate && bonusDate < transferDate) {
        ctx.addIssue({ code: 'custom', message: M.creditBeforeTransfer, path: ['bonus_credit_date'] });
      }
      return {
        ...t,
        transfer_date: transferDate,
        base_credit_date: t.base_credit_date!,
        bonus_credit_date: bonusDate,
        notes: t.notes ?? null,
      };
    });
}

export const transferInputSchema = makeTransferInputSchema(todayIso);
export type TransferInput = z.output<typeof transferInputSchema>;
export type TransferFormValues = z.input<typeof transferInputSchema>;

/** "Marcar como recebido": how many miles came (blank: all expected) and on which day (blank: today). */
export function makeCreditReceiptSchema(today: () => string) {
  return z.object({
    quantity: creditQuantitySchema.nullable().optional(),
    received_on: dayField({ invalid: M.receivedInvalid, future: M.receivedFuture }, today),
  });
}
export const creditReceiptSchema = makeCreditReceiptSchema(todayIso);
export type CreditReceipt = z.output<typeof creditReceiptSchema>;

export const conversionInputSchema = z.object({
  source_program: z.enum(POINTS_PROGRAM_KEYS as [string, ...string[]], { error: M.conversionSource }),
  destination_program: z.enum(AIRLINE_PROGRAM_KEYS as [string, ...string[]], { error: M.conversionDestination }),
  ratio: requiredRatioSchema,
});
export type ConversionInput = z.output<typeof conversionInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const CREDIT_STATUSES = ['pending', 'credited', 'cancelled'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  pending: 'A creditar',
  credited: 'Creditado',
  cancelled: 'Cancelado',
};
export const CREDIT_KINDS = ['transfer_base', 'transfer_bonus', 'club'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  transfer_base: 'Transferência',
  transfer_bonus: 'Bônus da transferência',
  club: 'Clube',
};

export const accountRefSchema = z.object({
  id: idSchema,
  program: z.enum(PROGRAM_KEYS),
  account_number: z.string(),
  /** The client holding it; null for the agency's own account. */
  holder_name: z.string().nullable(),
});

export const creditSchema = z.object({
  id: idSchema,
  kind: z.enum(CREDIT_KINDS),
  status: z.enum(CREDIT_STATUSES),
  transfer_id: idSchema.nullable(),
  account: accountRefSchema,
  /** The programme the miles come from (the transfer's source). */
  from_program: z.enum(PROGRAM_KEYS).nullable(),
  expected_quantity: z.number().int(),
  /** Miles actually credited; null until then. */
  quantity: z.number().int().nullable(),
  cost_cents: centsSchema,
  /** R$ per thousand of the miles expected (pending) or credited. */
  cost_per_thousand: z.string(),
  credit_date: dateSchema,
  credited_on: dateSchema.nullable(),
  lot_id: idSchema.nullable(),
});
export type Credit = z.infer<typeof creditSchema>;

export const creditListQuerySchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(CREDIT_STATUSES, { error: 'Status inválido' }).optional()),
  account_id: z.preprocess(emptyToUndefined, z.uuid({ error: 'Conta inválida' }).optional()),
  page: pageParamSchema,
  limit: limitParamSchema(CREDITS_PAGE_SIZE, TRANSFERS_MAX_PAGE_SIZE),
});
export type CreditListQuery = z.infer<typeof creditListQuerySchema>;

export const creditListSchema = pagedSchema(creditSchema).extend({
  /** Everything still to come (whatever the filter's status), per programme. */
  pending: z.array(
    z.object({
      program: z.enum(PROGRAM_KEYS),
      miles: z.number().int(),
      cost_cents: centsSchema,
      credits: z.number().int(),
    }),
  ),
});
export type CreditList = z.infer<typeof creditListSchema>;

export const transferSchema = z.object({
  id: idSchema,
  source_account: accountRefSchema,
  destination_account: accountRefSchema,
  points: z.number().int(),
  ratio: z.string(),
  bonus_percent: z.number().int(),
  base_miles: z.number().int(),
  bonus_miles: z.number().int(),
  /** What the points cost in the lots they came from. */
  points_cost_cents: centsSchema,
  extra_cost_cents: centsSchema,
  total_cost_cents: centsSchema,
  /** Cost of credits cancelled with no mile of the transfer left to carry it (decision 0029). */
  lost_cost_cents: centsSchema,
  transfer_date: dateSchema,
  notes: z.string().nullable(),
  created_at: timestampSchema,
  credits: z.array(creditSchema),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferListQuerySchema = z.object({
  page: pageParamSchema,
  limit: limitParamSchema(TRANSFERS_PAGE_SIZE, TRANSFERS_MAX_PAGE_SIZE),
});
export const transferListSchema = pagedSchema(transferSchema);
export type TransferList = z.infer<typeof transferListSchema>;

export const conversionSchema = z.object({
  source_program: z.enum(PROGRAM_KEYS),
  destination_program: z.enum(PROGRAM_KEYS),
  ratio: z.string(),
  /** True when the agency never set it (1:1). */
  is_default: z.boolean(),
});
export type Conversion = z.infer<typeof conversionSchema>;
export const conversionListSchema = z.object({ data: z.array(conversionSchema) });
export type ConversionList = z.infer<typeof conversionListSchema>;

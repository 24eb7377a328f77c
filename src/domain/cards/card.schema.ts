import { refuse, z } from '../zod';
import { isBlank } from '../text.schema';
import { dayOfMonthSchema, optionalPositiveCentsSchema } from '../input.schema';
import { emptyToUndefined, limitParamSchema, pageParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { PROGRAM_KEYS } from '../programs';
import { dayField } from '../transfers/transfer.schema';
import { isValidIsoDate, todayIso } from '../format';

// Cards and purchases in instalments (issue #23, docs/decisions/0029-transfers-and-credits.md,
// "Cards"): the agency's credit cards, a lot bought on one in 1–24 instalments, and the payables
// those instalments are until "Marcar como pago" posts each.

export const CARD_BRANDS = ['visa', 'mastercard', 'elo', 'amex', 'hipercard', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
  other: 'Outra',
};

export const INSTALMENTS_MAX = 24;
export const CARD_NAME_MAX = 60;
export const CARD_LIMIT_MAX_CENTS = 100_000_000_00;
/** How far ahead /financeiro lists payables by default: this month and the eleven after. */
export const PAYABLES_MONTHS = 12;
export const PAYABLES_PAGE_SIZE = 50;
export const PAYABLES_MAX_PAGE_SIZE = 200;

export const CARD_MESSAGES = {
  nameRequired: 'Nome do cartão é obrigatório',
  nameTooLong: `Nome do cartão deve ter no máximo ${CARD_NAME_MAX} caracteres`,
  brandInvalid: 'Bandeira inválida',
  closingRequired: 'Dia de fechamento é obrigatório',
  closingRange: 'Dia de fechamento deve estar entre 1 e 31',
  dueRequired: 'Dia de vencimento é obrigatório',
  dueRange: 'Dia de vencimento deve estar entre 1 e 31',
  limitInvalid: 'Limite inválido',
  limitPositive: 'Limite deve ser maior que R$ 0,00',
  limitMax: 'Limite deve ser no máximo R$ 100.000.000,00',
  cardInvalid: 'Cartão inválido',
  cardNotFound: 'Cartão não encontrado',
  instalmentsRequired: 'Número de parcelas é obrigatório',
  instalmentsRange: `Parcelas devem ser de 1 a ${INSTALMENTS_MAX}`,
  instalmentsWithoutCard: 'Parcelas só se aplicam a compras no cartão',
  payableNotFound: 'Parcela não encontrada',
  payableAlreadyPaid: 'Esta parcela já foi paga',
  payableNotPaid: 'Esta parcela ainda não foi paga',
  paidInvalid: 'Data de pagamento inválida',
  paidFuture: 'Data de pagamento não pode estar no futuro',
  costOfCardLot: 'O custo de um lote comprado no cartão vem das parcelas e não pode ser alterado',
  lotWithPaidInstalments: 'Este lote tem parcelas do cartão já pagas e não pode ser excluído',
  periodInvalid: 'Período inválido: use aaaa-mm-dd',
  statusInvalid: 'Status inválido',
} as const;

const M = CARD_MESSAGES;

const limitSchema = optionalPositiveCentsSchema(
  { invalid: M.limitInvalid, positive: M.limitPositive, max: M.limitMax },
  CARD_LIMIT_MAX_CENTS,
);

export const cardInputSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, M.nameRequired).max(CARD_NAME_MAX, M.nameTooLong)),
  brand: z.enum(CARD_BRANDS, { error: M.brandInvalid }),
  closing_day: dayOfMonthSchema({ required: M.closingRequired, range: M.closingRange }),
  due_day: dayOfMonthSchema({ required: M.dueRequired, range: M.dueRange }),
  limit_cents: limitSchema,
});
export type CardInput = z.output<typeof cardInputSchema>;
export type CardFormValues = z.input<typeof cardInputSchema>;

/**
 * How a new lot is paid, read beside the lot's own fields (POST /lots): blank is "à vista" (the
 * purchase posted at once, as before); a card with 1–24 instalments makes payables instead.
 */
export const lotPaymentSchema = z
  .object({
    card_id: z
      .union([z.literal(''), z.uuid({ error: M.cardInvalid })], { error: M.cardInvalid })
      .nullable()
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null)),
    instalments: z
      .union([z.string(), z.number()], { error: M.instalmentsRange })
      .nullable()
      .optional()
      .transform((v, ctx): number | null => {
        if (isBlank(v)) return null;
        const s = String(v).trim().replace(/x$/i, '');
        const n = /^\d{1,2}$/.test(s) ? Number(s) : NaN;
        if (!(n >= 1 && n <= INSTALMENTS_MAX)) {
          return refuse(ctx, M.instalmentsRange);
        }
        return n;
      }),
  })
  .transform((p, ctx) => {
    if (p.card_id === null && p.instalments !== null && p.instalments !== 1) {
      ctx.addIssue({ code: 'custom', message: M.instalmentsWithoutCard, path: ['instalments'] });
    }
    return { card_id: p.card_id, instalments: p.card_id === null ? null : (p.instalments ?? 1) };
  });
export type LotPayment = z.output<typeof lotPaymentSchema>;

/** "Marcar como pago": the day it was paid (today when blank). */
export function makePayablePaymentSchema(today: () => string) {
  return z.object({ paid_on: dayField({ invalid: M.paidInvalid, future: M.paidFuture }, today) });
}
export const payablePaymentSchema = makePayablePaymentSchema(todayIso);

export const PAYABLE_STATUSES = ['pending', 'paid', 'overdue'] as const;
export type PayableStatusKey = (typeof PAYABLE_STATUSES)[number];
export const PAYABLE_STATUS_LABELS: Record<PayableStatusKey, string> = {
  pending: 'A vencer',
  paid: 'Paga',
  overdue: 'Vencida',
};

const isoDay = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: M.periodInvalid })
    .refine((v) => isValidIsoDate(v), M.periodInvalid)
    .optional(),
);

/** GET /payables: the due dates from `from` to `to` (this month and the 11 after when blank; a lot's all). */
export const payableListQuerySchema = z.object({
  from: isoDay,
  to: isoDay,
  status: z.preprocess(emptyToUndefined, z.enum(PAYABLE_STATUSES, { error: M.statusInvalid }).optional()),
  card_id: z.preprocess(emptyToUndefined, z.uuid({ error: M.cardInvalid }).optional()),
  /** One lot's instalments (its page): all of them when no period is given. */
  lot_id: z.preprocess(emptyToUndefined, z.uuid({ error: 'Lote inválido' }).optional()),
  page: pageParamSchema,
  limit: limitParamSchema(PAYABLES_PAGE_SIZE, PAYABLES_MAX_PAGE_SIZE),
});
export type PayableListQuery = z.infer<typeof payableListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const cardSchema = z.object({
  id: idSchema,
  name: z.string(),
  brand: z.enum(CARD_BRANDS),
  closing_day: z.number().int(),
  due_day: z.number().int(),
  limit_cents: centsSchema.nullable(),
  /** What its unpaid instalments still owe (counted against the limit). */
  open_cents: centsSchema,
  created_at: timestampSchema,
});
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = z.object({ data: z.array(cardSchema) });
export type CardList = z.infer<typeof cardListSchema>;

export const payableSchema = z.object({
  id: idSchema,
  card: z.object({ id: idSchema, name: z.string(), brand: z.enum(CARD_BRANDS) }),
  lot: z.object({
    id: idSchema,
    program: z.enum(PROGRAM_KEYS),
    account_number: z.string(),
    original_quantity: z.number().int(),
    supplier: z.string().nullable(),
  }),
  /** 1-based, of `instalments`. */
  instalment: z.number().int(),
  instalments: z.number().int(),
  amount_cents: centsSchema,
  due_date: dateSchema,
  status: z.enum(PAYABLE_STATUSES),
  paid_on: dateSchema.nullable(),
  /** The cash posting "Marcar como pago" made. */
  entry_id: idSchema.nullable(),
});
export type Payable = z.infer<typeof payableSchema>;

/** A page of the period's payables by due date, with the period's months summed whatever the page. */
export const payableListSchema = pagedSchema(payableSchema).extend({
  from: dateSchema,
  to: dateSchema,
  /** Per month of the period (its first day), what falls due, by status. */
  months: z.array(
    z.object({
      month: dateSchema,
      pending_cents: centsSchema,
      overdue_cents: centsSchema,
      paid_cents: centsSchema,
      count: z.number().int(),
    }),
  ),
  /** Everything overdue, whatever the period: what the agency is late on. */
  overdue: z.object({ cents: centsSchema, count: z.number().int() }),
});
export type PayableList = z.infer<typeof payableListSchema>;

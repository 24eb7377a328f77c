import { refuse, z } from '../zod';
import { todayIso } from '../format';
import { isBlank } from '../text.schema';
import { dayOfMonthSchema, positiveCentsSchema } from '../input.schema';
import { limitParamSchema, pageParamSchema, emptyToUndefined } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { accountRefSchema, dayField, requiredIdSchema, wholeSchema } from '../transfers/transfer.schema';

// Club subscriptions (issue #23, docs/decisions/0029-transfers-and-credits.md, "Clubs").

export const CLUB_PAYMENT_METHODS = ['card', 'pix'] as const;
export type ClubPaymentMethod = (typeof CLUB_PAYMENT_METHODS)[number];
export const CLUB_PAYMENT_LABELS: Record<ClubPaymentMethod, string> = { card: 'Cartão', pix: 'PIX' };

export const CLUB_STATUSES = ['active', 'scheduled', 'ended'] as const;
export const CLUB_STATUS_LABELS: Record<(typeof CLUB_STATUSES)[number], string> = {
  active: 'Ativo',
  scheduled: 'Agendado',
  ended: 'Encerrado',
};

export const CLUB_PLAN_MAX = 80;
export const CLUB_PRICE_MAX_CENTS = 1_000_000_00;
export const CLUBS_PAGE_SIZE = 50;
export const CLUBS_MAX_PAGE_SIZE = 100;

export const CLUB_MESSAGES = {
  accountRequired: 'Conta é obrigatória',
  accountInvalid: 'Conta inválida',
  accountNotFound: 'Conta não encontrada',
  planRequired: 'Nome do plano é obrigatório',
  planTooLong: `Nome do plano deve ter no máximo ${CLUB_PLAN_MAX} caracteres`,
  milesRequired: 'Milhas por mês são obrigatórias',
  milesDigits: 'Milhas por mês devem conter apenas números',
  milesPositive: 'Milhas por mês devem ser maior que 0',
  milesMax: 'Milhas por mês devem ser no máximo 1.000.000.000',
  priceRequired: 'Mensalidade é obrigatória',
  priceInvalid: 'Mensalidade inválida',
  pricePositive: 'Mensalidade deve ser maior que R$ 0,00',
  priceMax: 'Mensalidade deve ser no máximo R$ 1.000.000,00',
  billingDayRequired: 'Dia de cobrança é obrigatório',
  billingDayRange: 'Dia de cobrança deve estar entre 1 e 31',
  startRequired: 'Início é obrigatório',
  startInvalid: 'Início inválido',
  endInvalid: 'Data de término inválida',
  endBeforeStart: 'O término não pode ser anterior ao início',
  paymentRequired: 'Forma de pagamento é obrigatória',
  paymentInvalid: 'Forma de pagamento deve ser Cartão ou PIX',
  clubNotFound: 'Clube não encontrado',
  clubEnded: 'Este clube já foi encerrado',
} as const;

const M = CLUB_MESSAGES;

export const clubMilesSchema = wholeSchema({
  required: M.milesRequired,
  digits: M.milesDigits,
  positive: M.milesPositive,
  max: M.milesMax,
});

/** "R$ 399,90", "399,90" or 39990 (centavos) → 39990; more than R$ 0,00. */
export const clubPriceSchema = positiveCentsSchema(
  { required: M.priceRequired, invalid: M.priceInvalid, positive: M.pricePositive, max: M.priceMax },
  CLUB_PRICE_MAX_CENTS,
);

export const billingDaySchema = dayOfMonthSchema({ required: M.billingDayRequired, range: M.billingDayRange });

const planSchema = z
  .union([z.string(), z.null()], { error: M.planRequired })
  .optional()
  .transform((v, ctx): string => {
    const s = (v ?? '').trim().replace(/\s+/g, ' ');
    if (s === '') {
      return refuse(ctx, M.planRequired);
    }
    if (s.length > CLUB_PLAN_MAX) {
      return refuse(ctx, M.planTooLong);
    }
    return s;
  });

const paymentSchema = z
  .union([z.string(), z.null()], { error: M.paymentInvalid })
  .optional()
  .transform((v, ctx): ClubPaymentMethod => {
    if (isBlank(v)) {
      return refuse(ctx, M.paymentRequired);
    }
    if (!(CLUB_PAYMENT_METHODS as readonly string[]).includes(v!)) {
      return refuse(ctx, M.paymentInvalid);
    }
    return v as ClubPaymentMethod;
  });

/**
 * POST /clubs: a subscription of an account (any programme: Clube Smiles, Clube Livelo…). Months
 * whose billing day has come since its start are billed at once; `today` is read at parse time so
 * tests can fix it (the start may be in the past: a club joined before the agency came).
 */
export function makeClubInputSchema(today: () => string) {
  return z
    .object({
      account_id: requiredIdSchema(M.accountRequired, M.accountInvalid),
      plan_name: planSchema,
      miles_per_month: clubMilesSchema,
      monthly_price_cents: clubPriceSchema,
      billing_day: billingDaySchema,
      start_date: dayField({ required: M.startRequired, invalid: M.startInvalid }, today),
      end_date: dayField({ invalid: M.endInvalid }, today),
      payment_method: paymentSchema,
    })
    .transform((c, ctx) => {
      if (c.end_date && c.start_date && c.end_date < c.start_date) {
        ctx.addIssue({ code: 'custom', message: M.endBeforeStart, path: ['end_date'] });
      }
      return { ...c, start_date: c.start_date!, end_date: c.end_date ?? null };
    });
}
export const clubInputSchema = makeClubInputSchema(todayIso);
export type ClubInput = z.output<typeof clubInputSchema>;
export type ClubFormValues = z.input<typeof clubInputSchema>;

/** "Encerrar clube": the last day it runs (today when blank); the months billed stay. */
export function makeClubEndSchema(today: () => string) {
  return z.object({ end_date: dayField({ invalid: M.endInvalid }, today) });
}
export const clubEndSchema = makeClubEndSchema(todayIso);

export const clubSchema = z.object({
  id: idSchema,
  account: accountRefSchema,
  plan_name: z.string(),
  miles_per_month: z.number().int(),
  monthly_price_cents: centsSchema,
  /** R$ per thousand miles at the monthly price. */
  cost_per_thousand: z.string(),
  billing_day: z.number().int(),
  start_date: dateSchema,
  end_date: dateSchema.nullable(),
  payment_method: z.enum(CLUB_PAYMENT_METHODS),
  status: z.enum(CLUB_STATUSES),
  /** The next billing day; null once ended. */
  next_charge_date: dateSchema.nullable(),
  /** The months billed so far, the miles they credited and what they cost. */
  charges: z.number().int(),
  miles_credited: z.number().int(),
  paid_cents: centsSchema,
  created_at: timestampSchema,
});
export type Club = z.infer<typeof clubSchema>;

export const clubListQuerySchema = z.object({
  account_id: z.preprocess(emptyToUndefined, z.uuid({ error: 'Conta inválida' }).optional()),
  page: pageParamSchema,
  limit: limitParamSchema(CLUBS_PAGE_SIZE, CLUBS_MAX_PAGE_SIZE),
});
export type ClubListQuery = z.infer<typeof clubListQuerySchema>;
export const clubListSchema = pagedSchema(clubSchema);
export type ClubList = z.infer<typeof clubListSchema>;

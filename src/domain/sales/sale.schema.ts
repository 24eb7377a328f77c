import { refuse, z } from '../zod';
import { clientDocumentSchema } from '../clients/client.schema';
import { isValidIsoDate, todayIso } from '../format';
import { positiveCentsSchema } from '../input.schema';
import { PAYMENT_METHODS } from '../finance/entry.schema';
import { emptyToUndefined, limitParamSchema, pageParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { isBlank, optionalTextSchema, textSchema } from '../text.schema';
import { accountRefSchema, dayField, wholeSchema } from '../transfers/transfer.schema';
import { salePriceCents } from './sale.rules';

// Sales of miles (issue #23, docs/decisions/0029-transfers-and-credits.md, "Sales of miles"):
// miles sold from an account to a buyer at a price per thousand, received in 1–24 instalments.

export const SALE_INSTALMENTS_MAX = 24;
/** R$ 10.000,00 the thousand: far above any real price (they trade at R$ 15–40). */
export const SALE_PRICE_MAX_CENTS = 1_000_000;
export const SALES_PAGE_SIZE = 20;
export const SALES_MAX_PAGE_SIZE = 100;
export const RECEIVABLES_PAGE_SIZE = 50;
export const RECEIVABLES_MAX_PAGE_SIZE = 200;
export const BUYER_NAME_MAX = 200;
export const BUYER_CONTACT_MAX = 200;

export const SALE_MESSAGES = {
  accountRequired: 'Conta é obrigatória',
  accountInvalid: 'Conta inválida',
  accountNotFound: 'Conta não encontrada',
  buyerRequired: 'Nome do comprador é obrigatório',
  buyerTooLong: `Nome do comprador deve ter no máximo ${BUYER_NAME_MAX} caracteres`,
  contactTooLong: `Contato deve ter no máximo ${BUYER_CONTACT_MAX} caracteres`,
  milesRequired: 'Quantidade de milhas é obrigatória',
  milesDigits: 'Quantidade de milhas deve conter apenas números',
  milesPositive: 'Quantidade de milhas deve ser maior que 0',
  milesMax: 'Quantidade de milhas deve ser no máximo 1.000.000.000',
  priceRequired: 'Preço do milheiro é obrigatório',
  priceInvalid: 'Preço do milheiro inválido',
  pricePositive: 'Preço do milheiro deve ser maior que R$ 0,00',
  priceMax: 'Preço do milheiro deve ser no máximo R$ 10.000,00',
  priceTooLow: 'Com este preço a venda não vale nem R$ 0,01',
  saleDateInvalid: 'Data da venda inválida',
  saleDateFuture: 'Data da venda não pode estar no futuro',
  instalmentsRange: `Parcelas devem ser de 1 a ${SALE_INSTALMENTS_MAX}`,
  firstDueInvalid: 'Data do primeiro vencimento inválida',
  firstDueBeforeSale: 'O primeiro vencimento não pode ser anterior à venda',
  notesTooLong: 'Observações devem ter no máximo 2000 caracteres',
  insufficientMiles: (available: string) => `Milhas insuficientes na conta: disponível ${available}`,
  saleNotFound: 'Venda não encontrada',
  saleCancelled: 'Esta venda já foi cancelada',
  saleWithReceipts: 'Esta venda já tem parcelas recebidas e não pode ser cancelada',
  receivableNotFound: 'Parcela não encontrada',
  receivableReceived: 'Esta parcela já foi recebida',
  receivableNotReceived: 'Esta parcela ainda não foi recebida',
  receivedInvalid: 'Data de recebimento inválida',
  receivedFuture: 'Data de recebimento não pode estar no futuro',
  receivedBeforeSale: 'O recebimento não pode ser anterior à venda',
  paymentMethod: 'Forma de recebimento inválida',
  periodInvalid: 'Período inválido: use aaaa-mm-dd',
  statusInvalid: 'Status inválido',
} as const;

const M = SALE_MESSAGES;

const saleMilesSchema = wholeSchema({
  required: M.milesRequired,
  digits: M.milesDigits,
  positive: M.milesPositive,
  max: M.milesMax,
});

const instalmentsSchema = z
  .union([z.string(), z.number()], { error: M.instalmentsRange })
  .nullable()
  .optional()
  .transform((v, ctx): number => {
    if (isBlank(v)) return 1;
    const s = String(v).trim().replace(/x$/i, '');
    const n = /^\d{1,2}$/.test(s) ? Number(s) : NaN;
    if (!(n >= 1 && n <= SALE_INSTALMENTS_MAX)) {
      return refuse(ctx, M.instalmentsRange);
    }
    return n;
  });

/**
 * POST /sales: `miles` from `account_id` to a buyer at `price_per_thousand_cents` ("R$ 28,50" or
 * 2850 centavos) the thousand, sold on `sale_date` (today when blank), received in `instalments`
 * monthly parts from `first_due_date` (the sale's day when blank). `today` is read at parse time.
 */
export function makeSaleInputSchema(today: () => string) {
  return z
    .object({
      account_id: z
        .string({ error: M.accountRequired })
        .trim()
        .min(1, M.accountRequired)
        .pipe(z.uuid({ error: M.accountInvalid }))
        .transform((v) => v.toLowerCase()),
      buyer_name: textSchema({ required: M.buyerRequired, invalid: M.buyerRequired })
        .transform((v) => v.trim().replace(/\s+/g, ' '))
        .pipe(z.string().min(1, M.buyerRequired).max(BUYER_NAME_MAX, M.buyerTooLong)),
      buyer_document: clientDocumentSchema,
      buyer_contact: optionalTextSchema(BUYER_CONTACT_MAX, M.contactTooLong),
      miles: saleMilesSchema,
      price_per_thousand_cents: positiveCentsSchema(
        { required: M.priceRequired, invalid: M.priceInvalid, positive: M.pricePositive, max: M.priceMax },
        SALE_PRICE_MAX_CENTS,
      ),
      sale_date: dayField({ invalid: M.saleDateInvalid, future: M.saleDateFuture }, today),
      instalments: instalmentsSchema,
      first_due_date: dayField({ invalid: M.firstDueInvalid }, today),
      notes: optionalTextSchema(2000, M.notesTooLong),
    })
    .transform((s, ctx) => {
      const saleDate = s.sale_date ?? today();
      const firstDue = s.first_due_date ?? saleDate;
      if (firstDue < saleDate) {
        ctx.addIssue({ code: 'custom', message: M.firstDueBeforeSale, path: ['first_due_date'] });
      }
      const price = salePriceCents(s.miles, s.price_per_thousand_cents);
      if (price <= 0) ctx.addIssue({ code: 'custom', message: M.priceTooLow, path: ['price_per_thousand_cents'] });
      return {
        ...s,
        buyer_contact: s.buyer_contact ?? null,
        notes: s.notes ?? null,
        sale_date: saleDate,
        first_due_date: firstDue,
        price_cents: price,
      };
    });
}
export const saleInputSchema = makeSaleInputSchema(todayIso);
export type SaleInput = z.output<typeof saleInputSchema>;
export type SaleFormValues = z.input<typeof saleInputSchema>;

/** "Recebido": the day the money came (today when blank) and how. */
export function makeReceiptSchema(today: () => string) {
  return z.object({
    received_on: dayField({ invalid: M.receivedInvalid, future: M.receivedFuture }, today),
    payment_method: z.preprocess(
      emptyToUndefined,
      z
        .enum(PAYMENT_METHODS, { error: M.paymentMethod })
        .nullable()
        .optional()
        .transform((v) => v ?? null),
    ),
  });
}
export const receiptSchema = makeReceiptSchema(todayIso);
export type Receipt = z.output<typeof receiptSchema>;

export const SALE_STATUSES = ['active', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = { active: 'Ativa', cancelled: 'Cancelada' };

export const RECEIVABLE_STATUSES = ['pending', 'received', 'overdue'] as const;
export type ReceivableStatusKey = (typeof RECEIVABLE_STATUSES)[number];
export const RECEIVABLE_STATUS_LABELS: Record<ReceivableStatusKey, string> = {
  pending: 'A receber',
  received: 'Recebida',
  overdue: 'Vencida',
};

const isoDay = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: M.periodInvalid })
    .refine((v) => isValidIsoDate(v), M.periodInvalid)
    .optional(),
);

/** GET /sales: newest first; `from`/`to` bound the sale's day (and the totals). */
export const saleListQuerySchema = z.object({
  from: isoDay,
  to: isoDay,
  status: z.preprocess(emptyToUndefined, z.enum(SALE_STATUSES, { error: M.statusInvalid }).optional()),
  account_id: z.preprocess(emptyToUndefined, z.uuid({ error: M.accountInvalid }).optional()),
  page: pageParamSchema,
  limit: limitParamSchema(SALES_PAGE_SIZE, SALES_MAX_PAGE_SIZE),
});
export type SaleListQuery = z.infer<typeof saleListQuerySchema>;

/** GET /receivables: due dates from `from` to `to` (this month and the 11 after when blank). */
export const receivableListQuerySchema = z.object({
  from: isoDay,
  to: isoDay,
  status: z.preprocess(emptyToUndefined, z.enum(RECEIVABLE_STATUSES, { error: M.statusInvalid }).optional()),
  sale_id: z.preprocess(emptyToUndefined, z.uuid({ error: M.saleNotFound }).optional()),
  page: pageParamSchema,
  limit: limitParamSchema(RECEIVABLES_PAGE_SIZE, RECEIVABLES_MAX_PAGE_SIZE),
});
export type ReceivableListQuery = z.infer<typeof receivableListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const saleReceivableSchema = z.object({
  id: idSchema,
  /** 1-based, of `instalments`. */
  instalment: z.number().int(),
  instalments: z.number().int(),
  amount_cents: centsSchema,
  due_date: dateSchema,
  status: z.enum(RECEIVABLE_STATUSES),
  received_on: dateSchema.nullable(),
  /** The cash posting "Recebido" made. */
  entry_id: idSchema.nullable(),
});
export type SaleReceivable = z.infer<typeof saleReceivableSchema>;

export const saleSchema = z.object({
  id: idSchema,
  account: accountRefSchema,
  buyer_name: z.string(),
  /** CPF (11 digits) or CNPJ (14). */
  buyer_document: z.string().nullable(),
  buyer_contact: z.string().nullable(),
  miles: z.number().int(),
  /** R$ per thousand, 4 places: "28.5000". */
  price_per_thousand: z.string(),
  price_cents: centsSchema,
  /** What the miles cost in the lots they left. */
  cost_cents: centsSchema,
  /** R$ per thousand of the miles taken, 4 places. */
  cost_per_thousand: z.string(),
  profit_cents: centsSchema,
  received_cents: centsSchema,
  sale_date: dateSchema,
  status: z.enum(SALE_STATUSES),
  cancelled_at: timestampSchema.nullable(),
  notes: z.string().nullable(),
  created_at: timestampSchema,
  receivables: z.array(saleReceivableSchema),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleListSchema = pagedSchema(saleSchema).extend({
  /** The active sales of the filter (every page): miles, price, cost and profit. */
  totals: z.object({
    sales: z.number().int(),
    miles: z.number().int(),
    price_cents: centsSchema,
    cost_cents: centsSchema,
    profit_cents: centsSchema,
  }),
});
export type SaleList = z.infer<typeof saleListSchema>;

export const receivableSchema = saleReceivableSchema.extend({
  sale: z.object({
    id: idSchema,
    buyer_name: z.string(),
    miles: z.number().int(),
    account: accountRefSchema,
  }),
});
export type Receivable = z.infer<typeof receivableSchema>;

export const receivableListSchema = pagedSchema(receivableSchema).extend({
  from: dateSchema,
  to: dateSchema,
  /** Per month of the period (its first day), what falls due, by status. */
  months: z.array(
    z.object({
      month: dateSchema,
      pending_cents: centsSchema,
      overdue_cents: centsSchema,
      received_cents: centsSchema,
      count: z.number().int(),
    }),
  ),
  /** Everything overdue, whatever the period. */
  overdue: z.object({ cents: centsSchema, count: z.number().int() }),
});
export type ReceivableList = z.infer<typeof receivableListSchema>;

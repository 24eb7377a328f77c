import { refuse, z } from '../zod';
import { isValidIsoDate } from '../format';
import { parseBRLToCents, type Cents } from '../money';
import { emptyToUndefined, limitParamSchema, optionalUuidParam, pageParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { optionalTextSchema, textSchema } from '../text.schema';

/*
 * Postings (lançamentos): money that came in or went out, by category and payment method, tied to
 * an emission, a lot or nothing (spec part 2 §3 financial_tx, §5 "Posting dialog"; issue #15).
 * Expenses are stored negative; what is sent is the amount, positive, and its kind. What the
 * cash and accrual figures make of them: docs/decisions/0019-finance-accrual-and-cash.md.
 */

export const ENTRIES_PAGE_SIZE = 20;
export const ENTRIES_MAX_PAGE_SIZE = 100;
/** R$ 100 million: above it a typing slip, not a posting. */
export const ENTRY_AMOUNT_MAX_CENTS = 10_000_000_000;
export const ENTRY_DESCRIPTION_MAX_LENGTH = 500;
export const INSTALLMENTS_MAX = 24;

export const ENTRY_KINDS = ['revenue', 'expense'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = { revenue: 'Receita', expense: 'Despesa' };

export const ENTRY_CATEGORIES = [
  'revenue',
  'fees',
  'miles_cost',
  'rav',
  'lot_purchase',
  'miles_sale',
  'other',
] as const;
export type EntryCategory = (typeof ENTRY_CATEGORIES)[number];
export const ENTRY_CATEGORY_LABELS: Record<EntryCategory, string> = {
  revenue: 'Receita',
  fees: 'Taxas',
  miles_cost: 'Custo de milhas',
  rav: 'RAV',
  lot_purchase: 'Compra de lote',
  miles_sale: 'Venda de milhas',
  other: 'Outros',
};
/** The kind each category is; `other` may be either. */
export const CATEGORY_KIND: Record<EntryCategory, EntryKind | null> = {
  revenue: 'revenue',
  fees: 'expense',
  miles_cost: 'expense',
  rav: 'expense',
  lot_purchase: 'expense',
  miles_sale: 'revenue',
  other: null,
};

export const PAYMENT_METHODS = ['pix', 'card', 'transfer', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'PIX',
  card: 'Cartão',
  transfer: 'Transferência',
  cash: 'Dinheiro',
};

export const ENTRY_MESSAGES = {
  kind: 'Tipo inválido: use Receita ou Despesa',
  category: 'Categoria inválida',
  categoryKind: (category: EntryCategory) =>
    `${ENTRY_CATEGORY_LABELS[category]} é ${CATEGORY_KIND[category] === 'revenue' ? 'uma receita' : 'uma despesa'}`,
  lotPurchase: 'A compra de um lote é lançada pelo próprio lote: altere o lote',
  milesSale: 'O recebimento de uma venda de milhas é lançado pela própria venda: use "Recebido" em Contas a receber',
  amountRequired: 'Informe o valor',
  amountInvalid: 'Valor inválido',
  amountPositive: 'O valor deve ser maior que zero',
  amountMax: 'Valor acima do máximo permitido',
  paymentMethod: 'Forma de pagamento inválida',
  installments: `Parcelas: de 1 a ${INSTALLMENTS_MAX}`,
  installmentsCardOnly: 'Parcelas só se aplicam a pagamento com cartão',
  date: 'Data inválida',
  dateRequired: 'Informe a data',
  description: `A descrição deve ter no máximo ${ENTRY_DESCRIPTION_MAX_LENGTH} caracteres`,
  reference: 'Informe a emissão ou o lote, não os dois',
  emission: 'Emissão não encontrada',
  lot: 'Lote não encontrado',
  notFound: 'Lançamento não encontrado.',
  systemEntry: 'Este lançamento é a compra de um lote: altere ou exclua o lote.',
  saleEntry: 'Este lançamento é o recebimento de uma venda de milhas: ele segue a venda.',
} as const;

const M = ENTRY_MESSAGES;

/** The amount as typed ("1.234,56", "R$ 50") or as centavos (a number): required, above zero. */
const amountSchema = z
  .union([z.string(), z.number()], { error: M.amountInvalid })
  .nullable()
  .optional()
  .transform((v, ctx): Cents => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))
      return refuse(ctx, M.amountRequired);
    const cents = typeof v === 'number' ? (Number.isSafeInteger(v) ? v : null) : parseBRLToCents(v);
    if (cents === null) return refuse(ctx, M.amountInvalid);
    if (cents <= 0) return refuse(ctx, M.amountPositive);
    if (cents > ENTRY_AMOUNT_MAX_CENTS) return refuse(ctx, M.amountMax);
    return cents;
  });

const isoDay = (messages: { required: string; invalid: string }) =>
  textSchema({ required: messages.required, invalid: messages.invalid })
    .trim()
    .refine((v) => isValidIsoDate(v), messages.invalid);

/** POST and PUT /api/v1/finance/entries. */
export const entryInputSchema = z
  .object({
    kind: z.enum(ENTRY_KINDS, { error: M.kind }),
    category: z.enum(ENTRY_CATEGORIES, { error: M.category }),
    amount_cents: amountSchema,
    entry_date: isoDay({ required: M.dateRequired, invalid: M.date }),
    description: optionalTextSchema(ENTRY_DESCRIPTION_MAX_LENGTH, M.description),
    payment_method: z.preprocess(emptyToUndefined, z.enum(PAYMENT_METHODS, { error: M.paymentMethod }).optional()),
    installments: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: M.installments })
        .int(M.installments)
        .min(1, M.installments)
        .max(INSTALLMENTS_MAX, M.installments)
        .optional(),
    ),
    emission_id: optionalUuidParam(M.emission),
    lot_id: optionalUuidParam(M.lot),
  })
  .superRefine((v, ctx) => {
    const kind = CATEGORY_KIND[v.category];
    if (kind && kind !== v.kind)
      ctx.addIssue({ code: 'custom', message: M.categoryKind(v.category), path: ['category'] });
    if (v.category === 'lot_purchase') ctx.addIssue({ code: 'custom', message: M.lotPurchase, path: ['category'] });
    if (v.category === 'miles_sale') ctx.addIssue({ code: 'custom', message: M.milesSale, path: ['category'] });
    if (v.installments !== undefined && v.payment_method !== 'card') {
      ctx.addIssue({ code: 'custom', message: M.installmentsCardOnly, path: ['installments'] });
    }
    if (v.emission_id && v.lot_id) ctx.addIssue({ code: 'custom', message: M.reference, path: ['lot_id'] });
  });
export type EntryInput = z.output<typeof entryInputSchema>;
export type EntryFormValues = z.input<typeof entryInputSchema>;

/** GET /api/v1/finance/entries: period (inclusive days), kind, category, payment method, reference, page. */
export const entryListQuerySchema = z
  .object({
    from: z.preprocess(emptyToUndefined, isoDay({ required: M.date, invalid: M.date }).optional()),
    to: z.preprocess(emptyToUndefined, isoDay({ required: M.date, invalid: M.date }).optional()),
    kind: z.preprocess(emptyToUndefined, z.enum(ENTRY_KINDS, { error: M.kind }).optional()),
    category: z.preprocess(emptyToUndefined, z.enum(ENTRY_CATEGORIES, { error: M.category }).optional()),
    payment_method: z.preprocess(emptyToUndefined, z.enum(PAYMENT_METHODS, { error: M.paymentMethod }).optional()),
    emission_id: optionalUuidParam(M.emission),
    lot_id: optionalUuidParam(M.lot),
    page: pageParamSchema,
    limit: limitParamSchema(ENTRIES_PAGE_SIZE, ENTRIES_MAX_PAGE_SIZE),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'A data inicial deve ser anterior à final',
    path: ['to'],
  });
export type EntryListQuery = z.output<typeof entryListQuerySchema>;

export const entrySchema = z.object({
  id: idSchema,
  kind: z.enum(ENTRY_KINDS),
  category: z.enum(ENTRY_CATEGORIES),
  /** Signed: expenses negative. */
  amount_cents: centsSchema,
  description: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  installments: z.number().int().nullable(),
  entry_date: dateSchema,
  ref_type: z.enum(['emission', 'lot', 'none']),
  emission_id: idSchema.nullable(),
  lot_id: idSchema.nullable(),
  created_at: timestampSchema,
});
export type Entry = z.infer<typeof entrySchema>;

export const entryListSchema = pagedSchema(entrySchema).extend({
  /** Over the whole filtered set: money in (≥ 0) and out (≤ 0). */
  totals: z.object({ in_cents: centsSchema, out_cents: centsSchema }),
});
export type EntryList = z.infer<typeof entryListSchema>;

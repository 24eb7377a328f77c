import { z } from '../zod';
import { clientDocumentSchema } from '../clients/client.schema';
import { isValidIsoDate } from '../format';
import { emptyToUndefined } from '../query.schema';
import { centsSchema, dateSchema, idSchema, timestampSchema } from '../response.schema';
import { optionalTextSchema, textSchema } from '../text.schema';

// Suppliers (issue #23, docs/decisions/0029-transfers-and-credits.md, "Suppliers"): who the agency
// buys miles and points from, chosen on a lot, with what it bought from each in a period.

export const SUPPLIER_NAME_MAX = 120;

export const SUPPLIER_MESSAGES = {
  nameRequired: 'Nome do fornecedor é obrigatório',
  nameTooLong: `Nome do fornecedor deve ter no máximo ${SUPPLIER_NAME_MAX} caracteres`,
  pixTooLong: 'Chave PIX deve ter no máximo 140 caracteres',
  contactTooLong: 'Contato deve ter no máximo 200 caracteres',
  notesTooLong: 'Observações devem ter no máximo 2000 caracteres',
  duplicate: 'Já existe um fornecedor com este nome',
  notFound: 'Fornecedor não encontrado',
  invalid: 'Fornecedor inválido',
  periodInvalid: 'Período inválido: use aaaa-mm-dd',
  periodOrder: 'A data inicial deve ser anterior à final',
} as const;

const M = SUPPLIER_MESSAGES;

/** POST and PUT /suppliers. */
export const supplierInputSchema = z.object({
  name: textSchema({ required: M.nameRequired, invalid: M.nameRequired })
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, M.nameRequired).max(SUPPLIER_NAME_MAX, M.nameTooLong)),
  document: clientDocumentSchema,
  pix_key: optionalTextSchema(140, M.pixTooLong),
  contact: optionalTextSchema(200, M.contactTooLong),
  notes: optionalTextSchema(2000, M.notesTooLong),
});
export type SupplierInput = z.output<typeof supplierInputSchema>;
export type SupplierFormValues = z.input<typeof supplierInputSchema>;

const isoDay = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: M.periodInvalid })
    .refine((v) => isValidIsoDate(v), M.periodInvalid)
    .optional(),
);

/** GET /suppliers: each supplier's lots bought from `from` to `to` (this year to today when blank). */
export const supplierListQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: M.periodOrder, path: ['to'] });
export type SupplierListQuery = z.infer<typeof supplierListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

const figures = z.object({
  /** Live lots bought from it in the period. */
  lots: z.number().int(),
  miles: z.number().int(),
  /** What those lots cost (what was paid for them, or is owed in card instalments). */
  paid_cents: centsSchema,
  /** R$ per thousand, 4 places, weighted by the miles; null without any. */
  average_cost_per_thousand: z.string().nullable(),
});

export const supplierSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** CPF (11 digits) or CNPJ (14). */
  document: z.string().nullable(),
  pix_key: z.string().nullable(),
  contact: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: timestampSchema,
  /** The period's figures (GET /suppliers' period; this year to today otherwise). */
  period: figures,
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierListSchema = z.object({
  from: dateSchema,
  to: dateSchema,
  data: z.array(supplierSchema),
  /** Every supplier's figures together. */
  totals: figures,
});
export type SupplierList = z.infer<typeof supplierListSchema>;

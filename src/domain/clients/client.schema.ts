import { z } from '../zod';
import { isTypedDocument, optionalPhoneSchema } from '../documents.schema';
import { CNPJ_LENGTH, isValidCnpj, isValidCpf, onlyDigits } from '../documents';
import { optionalEmailSchema } from '../auth/auth.schema';
import { isValidIsoDate, todayIso } from '../format';
import {
  CLIENT_SORTS,
  CLIENT_STATUSES,
  CLIENTS_DEFAULT_SORT,
  CLIENTS_MAX_PAGE_SIZE,
  CLIENTS_PAGE_SIZE,
  DEFAULT_SORT_ORDER,
  SORT_ORDERS,
  type ClientSort,
  type ClientStatus,
  type SortOrder,
} from '../list-defaults';
import { PROGRAM_KEYS } from '../programs';
import { emptyToUndefined, exportFormatParamSchema, limitParamSchema, pageParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema, pagedSchema, timestampSchema } from '../response.schema';
import { optionalTextSchema, searchParamSchema, textSchema } from '../text.schema';

/** Spec part 1 §9. */
export { CLIENTS_PAGE_SIZE, CLIENTS_MAX_PAGE_SIZE };
export const MAX_BULK_OPERATIONS = 1000;
export const QUICK_SEARCH_LIMIT = 10;
export const TOP_CLIENTS_DEFAULT = 10;
export const TOP_CLIENTS_MAX = 50;
export const CLIENT_NAME_MIN_LENGTH = 2;

// The list's vocabulary lives in the zod-free list-defaults.ts, which a page reads its address with (#14).
export { CLIENT_SORTS, CLIENT_STATUSES, SORT_ORDERS, type ClientSort, type ClientStatus, type SortOrder };

const optionalText = optionalTextSchema;

/** CPF as typed ('529.982.247-25' or digits) → digits; a valid 14-digit CNPJ is accepted for companies. */
export const clientDocumentSchema = z
  .string({ error: 'CPF inválido' })
  .optional()
  .nullable()
  // Letters are refused, not stripped: stripped to nothing they would erase the stored CPF.
  .refine((v) => !v || isTypedDocument(v), { error: 'CPF inválido', abort: true })
  .transform((v) => (v ? onlyDigits(v) : ''))
  .superRefine((d, ctx) => {
    if (d === '') return;
    if (d.length === CNPJ_LENGTH) {
      if (!isValidCnpj(d)) ctx.addIssue({ code: 'custom', message: 'CNPJ inválido' });
      return;
    }
    if (!isValidCpf(d)) ctx.addIssue({ code: 'custom', message: 'CPF inválido' });
  })
  .transform((d) => (d === '' ? null : d));

const BIRTH_DATE_MESSAGE = 'Data de nascimento inválida';

/** yyyy-MM-dd, a real date between 1900-01-01 and today; empty → null. */
export const birthDateSchema = textSchema({ invalid: BIRTH_DATE_MESSAGE })
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (isValidIsoDate(v) && v >= '1900-01-01' && v <= todayIso()), BIRTH_DATE_MESSAGE);

export const loyaltyAccountInputSchema = z.object({
  id: z.uuid({ error: 'Conta inválida' }).optional(),
  program: z.enum(PROGRAM_KEYS, { error: 'Programa inválido' }),
  account_number: textSchema({ required: 'Número da conta é obrigatório', invalid: 'Número da conta inválido' })
    .trim()
    .min(1, 'Número da conta é obrigatório')
    .max(60, 'Número da conta deve ter no máximo 60 caracteres'),
  nickname: optionalText(60, 'Apelido deve ter no máximo 60 caracteres'),
});
export type LoyaltyAccountInput = z.infer<typeof loyaltyAccountInputSchema>;

export const DUPLICATE_PROGRAM_MESSAGE = 'Programa já adicionado';

/** The client form (spec part 1 §5), validated by the web form and re-parsed by the API. */
export const clientInputSchema = z.object({
  name: textSchema({ required: 'Nome é obrigatório', invalid: 'Nome inválido' })
    .trim()
    .min(CLIENT_NAME_MIN_LENGTH, 'Nome deve ter pelo menos 2 caracteres')
    .max(200, 'Nome deve ter no máximo 200 caracteres'),
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
  document: clientDocumentSchema,
  birth_date: birthDateSchema,
  status: z.enum(CLIENT_STATUSES, { error: 'Status inválido' }).default('active'),
  notes: optionalText(2000, 'Observações devem ter no máximo 2000 caracteres'),
  tags: z
    .array(
      textSchema({ required: 'Etiqueta inválida', invalid: 'Etiqueta inválida' })
        .trim()
        .min(1, 'Etiqueta vazia')
        .max(40, 'Etiqueta deve ter no máximo 40 caracteres'),
      {
        error: 'Etiquetas inválidas',
      },
    )
    .max(20, 'No máximo 20 etiquetas')
    .optional()
    .nullable()
    .transform((tags) => [...new Set(tags ?? [])]),
  loyalty_accounts: z
    .array(loyaltyAccountInputSchema, { error: 'Programas de fidelidade inválidos' })
    .max(PROGRAM_KEYS.length, 'Programas de fidelidade demais')
    .optional()
    .nullable()
    .transform((v) => v ?? [])
    .superRefine((accounts, ctx) => {
      const programs = new Set<string>();
      const ids = new Set<string>();
      accounts.forEach((a, i) => {
        if (programs.has(a.program))
          ctx.addIssue({ code: 'custom', message: DUPLICATE_PROGRAM_MESSAGE, path: [i, 'program'] });
        programs.add(a.program);
        if (a.id) {
          if (ids.has(a.id)) ctx.addIssue({ code: 'custom', message: 'Conta repetida', path: [i, 'id'] });
          ids.add(a.id);
        }
      });
    }),
});
export type ClientInput = z.infer<typeof clientInputSchema>;
/** What the form holds before parsing (masked CPF and phone, '' for empty). */
export type ClientFormValues = z.input<typeof clientInputSchema>;

const filtersShape = {
  search: searchParamSchema,
  status: z.preprocess(emptyToUndefined, z.enum(CLIENT_STATUSES, { error: 'Status inválido' }).optional()),
  sort: z.preprocess(
    emptyToUndefined,
    z.enum(CLIENT_SORTS, { error: 'Ordenação inválida' }).default(CLIENTS_DEFAULT_SORT),
  ),
  order: z.preprocess(emptyToUndefined, z.enum(SORT_ORDERS, { error: 'Ordem inválida' }).default(DEFAULT_SORT_ORDER)),
};

const pageSchema = pageParamSchema;
const limitSchema = limitParamSchema;

/** Query string of GET /api/v1/clients. */
export const clientListQuerySchema = z.object({
  ...filtersShape,
  page: pageSchema,
  limit: limitSchema(CLIENTS_PAGE_SIZE, CLIENTS_MAX_PAGE_SIZE),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** Query string of GET /api/v1/clients/export: the list's filters and order, every page, and the file's form. */
export const clientExportQuerySchema = z.object({ ...filtersShape, formato: exportFormatParamSchema });

export const quickSearchQuerySchema = z.object({ q: searchParamSchema });

export const topClientsQuerySchema = z.object({ limit: limitSchema(TOP_CLIENTS_DEFAULT, TOP_CLIENTS_MAX) });

export const clientEmissionsQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema(CLIENTS_PAGE_SIZE, CLIENTS_MAX_PAGE_SIZE),
});

export const BULK_LIMIT_MESSAGE = 'Selecione no máximo 1000 clientes por vez.';

export const bulkDeleteSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Identificador inválido' }), { error: 'Selecione pelo menos um cliente.' })
    .min(1, 'Selecione pelo menos um cliente.')
    .max(MAX_BULK_OPERATIONS, BULK_LIMIT_MESSAGE)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type BulkDelete = z.infer<typeof bulkDeleteSchema>;

// ---------------------------------------------------------------------------------------------
// Answers (STYLE.md habit 10): the server builds them typed by these, the web reads them as these.

/** A client's loyalty account, as GET /api/v1/clients and /clients/:id show it. */
export const loyaltyAccountSchema = z.object({
  id: idSchema,
  program: z.enum(PROGRAM_KEYS),
  account_number: z.string(),
  nickname: z.string().nullable(),
});
export type LoyaltyAccount = z.infer<typeof loyaltyAccountSchema>;

/** The API's Client (GET /api/v1/clients, /clients/:id, and what POST and PUT answer). */
export const clientSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().meta({ description: 'Digits only' }),
  document: z.string().nullable().meta({ description: 'CPF (11 digits) or CNPJ (14 digits)' }),
  birth_date: dateSchema.nullable(),
  status: z.enum(CLIENT_STATUSES),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  /** LGPD: when its personal fields were erased on request (POST /clients/:id/anonymize); null otherwise. */
  anonymized_at: timestampSchema.nullable(),
  /** Its live emissions that are not cancelled ("Emissões"). */
  emissions_count: z.number().int(),
  /** Pending, processing and issued: the ones total_spent_cents sums. */
  active_emissions_count: z.number().int(),
  total_spent_cents: centsSchema,
  last_emission_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  loyalty_accounts: z.array(loyaltyAccountSchema),
});
export type Client = z.infer<typeof clientSchema>;

/** The whole agency's figures for the four cards of /clientes. */
export const clientsSummarySchema = z.object({
  total_clients: z.number().int(),
  active_clients: z.number().int(),
  /** The clients' emissions_count summed: cancelled ones left out. */
  total_emissions: z.number().int(),
  total_revenue_cents: centsSchema,
});
export type ClientsSummary = z.infer<typeof clientsSummarySchema>;

/** GET /api/v1/clients. */
export const clientListSchema = pagedSchema(clientSchema).extend({ summary: clientsSummarySchema });
export type ClientList = z.infer<typeof clientListSchema>;

/** Spec part 1 §3's client stats (computeClientStats). */
export const clientStatsSchema = z.object({
  /** Not cancelled, as the list's emissions_count. */
  total_emissions: z.number().int(),
  active_emissions: z.number().int(),
  total_spent_cents: centsSchema,
  total_revenue_cents: centsSchema,
  total_profit_cents: centsSchema,
  avg_ticket_cents: centsSchema,
  /** Revenue posted against the active emissions (issue #15). */
  received_cents: centsSchema,
  /** What the active emissions still owe, each never below zero (decisions/0019). */
  receivable_cents: centsSchema,
  last_emission_date: timestampSchema.nullable(),
});
export type ClientStats = z.infer<typeof clientStatsSchema>;

/** GET /api/v1/clients/:id. */
export const clientDetailSchema = z.object({ client: clientSchema, stats: clientStatsSchema });
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** A client as the pickers offer it (GET /api/v1/clients/quick-search). */
export const clientOptionSchema = z.object({
  id: idSchema,
  name: z.string(),
  document: z.string().nullable(),
  email: z.string().nullable(),
});
export type ClientOption = z.infer<typeof clientOptionSchema>;

export const clientOptionListSchema = z.object({ data: z.array(clientOptionSchema) });
export type ClientOptionList = z.infer<typeof clientOptionListSchema>;

/** One line of 'Top Clientes' (GET /api/v1/clients/top): ranked by revenue of active emissions. */
export const topClientSchema = z.object({
  id: idSchema,
  name: z.string(),
  emissions: z.number().int(),
  revenue_cents: centsSchema,
});

export const topClientListSchema = z.object({ data: z.array(topClientSchema) });
export type TopClientList = z.infer<typeof topClientListSchema>;

/** POST /api/v1/clients/bulk-delete: those deleted, those kept with why, and ids that were nobody's. */
export const bulkDeleteResultSchema = z.object({
  deleted: z.number().int(),
  kept: z.array(z.object({ id: idSchema, name: z.string(), reason: z.string() })),
  not_found: z.number().int(),
});
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;

import { z } from '../zod';
import { PROGRAM_KEYS } from '../programs';
import { LOT_STATUSES } from '../lots/lot.schema';
import { emptyToUndefined, limitParamSchema } from '../query.schema';
import { centsSchema, dateSchema, idSchema } from '../response.schema';
import { searchParamSchema } from '../text.schema';

export const ACCOUNTS_LIMIT_DEFAULT = 500;
export const ACCOUNTS_LIMIT_MAX = 1000;

/**
 * Query string of GET /api/v1/accounts, the lot form's account picker: the agency's loyalty
 * accounts (its own and its clients'), of one program and/or one client, optionally searched by
 * number, nickname or client name.
 */
export const accountListQuerySchema = z.object({
  program: z.preprocess(emptyToUndefined, z.enum(PROGRAM_KEYS, { error: 'Programa inválido' }).optional()),
  client_id: z.preprocess(
    emptyToUndefined,
    z
      .uuid({ error: 'Cliente inválido' })
      .optional()
      .transform((v) => v?.toLowerCase()),
  ),
  search: searchParamSchema,
  limit: limitParamSchema(ACCOUNTS_LIMIT_DEFAULT, ACCOUNTS_LIMIT_MAX),
});

// ---------------------------------------------------------------------------------------------
// Answers (STYLE.md habit 10)

/** A loyalty account offered by the pickers (GET /api/v1/accounts). */
export const accountOptionSchema = z.object({
  id: idSchema,
  program: z.enum(PROGRAM_KEYS),
  account_number: z.string(),
  nickname: z.string().nullable(),
  /** Null: one of the agency's own accounts. */
  client_id: idSchema.nullable(),
  client_name: z.string().nullable(),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

export const accountListSchema = z.object({ data: z.array(accountOptionSchema) });
export type AccountList = z.infer<typeof accountListSchema>;

/** One of the account's available lots with miles left, as the emission wizard offers it. */
export const accountLotSchema = z.object({
  id: idSchema,
  remaining_quantity: z.number().int(),
  /** R$ per thousand miles, exact decimal text: "15.5000". */
  cost_per_thousand: z.string(),
  expiry_date: dateSchema.nullable(),
  purchase_date: dateSchema,
  supplier: z.string().nullable(),
  status: z.enum(LOT_STATUSES),
});
export type AccountLot = z.infer<typeof accountLotSchema>;

/** GET /api/v1/accounts/:id/lots: cheapest first, with the program's CPM cap and the request's day. */
export const accountLotsSchema = z.object({
  data: z.array(accountLotSchema),
  cpm_cap: z.string().nullable(),
  /** The program rule's minimum margin (or the defaults, spec part 2 §9): the wizard's margin alert. */
  min_margin_cents: centsSchema,
  /** Numeric text with 2 places: "10.00". */
  min_margin_percent: z.string(),
  /** The program rule's default RAV (or R$ 0,00). */
  default_rav_cents: centsSchema,
  today: dateSchema,
});
export type AccountLots = z.infer<typeof accountLotsSchema>;

/** GET /api/v1/accounts/:id/beneficiaries: the inputs of countBeneficiaries. */
export const accountBeneficiariesSchema = z.object({
  program: z.enum(PROGRAM_KEYS),
  holder_cpf: z.string().nullable(),
  /** Passengers of the account's non-cancelled emissions, with their emission's day in the agency's calendar. */
  past_passengers: z.array(z.object({ cpf: z.string(), date: dateSchema })),
  today: dateSchema,
});
export type AccountBeneficiaries = z.infer<typeof accountBeneficiariesSchema>;

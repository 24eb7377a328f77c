import { z } from '../zod';
import { PROGRAM_KEYS } from '../programs';
import { emptyToUndefined, limitParamSchema } from '../query.schema';
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
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

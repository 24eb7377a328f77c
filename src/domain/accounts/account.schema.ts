import { z } from 'zod';
import { PROGRAM_KEYS } from '../programs';

export const ACCOUNTS_LIMIT_DEFAULT = 500;
export const ACCOUNTS_LIMIT_MAX = 1000;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const LIMIT_MESSAGE = `Limite deve estar entre 1 e ${ACCOUNTS_LIMIT_MAX}`;

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
  search: z
    .string()
    .trim()
    .max(200, 'Busca deve ter no máximo 200 caracteres')
    .optional()
    .transform((v) => v ?? ''),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(ACCOUNTS_LIMIT_MAX, LIMIT_MESSAGE).default(ACCOUNTS_LIMIT_DEFAULT),
  ),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

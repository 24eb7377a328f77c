import { z } from './zod';

// Building blocks of the API's answers (STYLE.md habit 10): the server types what it sends by
// them, the OpenAPI document shows them, and the web takes its types from them. Nothing parses an
// answer at run time; the route tests check that answers match.

/** A row's id (gen_random_uuid()). */
export const idSchema = z.uuid();

/** A moment as the database gives it: "2026-03-01 12:34:56.789+00". */
export const timestampSchema = z.string().meta({ description: 'Timestamp with time zone, as PostgreSQL writes it' });

/** A calendar day, yyyy-MM-dd. */
export const dateSchema = z.string().meta({ description: 'Calendar day, yyyy-MM-dd' });

/** Integer centavos (R$ 1,00 = 100). */
export const centsSchema = z.number().int();

/**
 * Whether a record may be deleted, asked before the confirmation (#14 "say no before"): when it
 * may not, `reason` is what the DELETE would answer, and says what can be done instead.
 */
export const deletionCheckSchema = z.object({ deletable: z.boolean(), reason: z.string().nullable() });
export type DeletionCheck = z.infer<typeof deletionCheckSchema>;

/** A list's answer (DESIGN.md §3): one page of `item` and where it sits in the whole. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    /** A search counts up to a cap: with `total_capped`, `total` is a floor ("mais de 1.000"). */
    total: z.number().int(),
    total_capped: z.literal(true).optional(),
    page: z.number().int(),
    limit: z.number().int(),
    total_pages: z.number().int(),
  });
}

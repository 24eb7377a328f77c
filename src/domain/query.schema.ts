import { EXPORT_FORMATS } from './csv-excel';
import { isValidIsoDate } from './format';
import { PAGE_MAX } from './list-defaults';
import { textSchema } from './text.schema';
import { z } from './zod';

/** A query parameter sent empty (`?status=`) counts as absent. */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A whole number in a query string: plain decimal digits only. `Number()` would also read "0x2",
 * "1e1", " 2" and "2.0", so a typo or a probe would silently become another page.
 */
export function queryIntegerSchema(message: string, { min, max }: { min: number; max: number }) {
  return z.preprocess(
    emptyToUndefined,
    z
      .union([z.string(), z.number()], { error: message })
      .refine((v) => (typeof v === 'number' ? Number.isSafeInteger(v) : /^\d{1,15}$/.test(v)), {
        error: message,
        abort: true,
      })
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .optional(),
  );
}

const PAGE_MESSAGE = 'Página inválida';

/** `page`: 1 to 1,000,000, default 1. */
export const pageParamSchema = queryIntegerSchema(PAGE_MESSAGE, { min: 1, max: PAGE_MAX }).transform((v) => v ?? 1);

/** `limit`: 1 to max, default `fallback`. */
export function limitParamSchema(fallback: number, max: number) {
  return queryIntegerSchema(`Limite deve estar entre 1 e ${max}`, { min: 1, max }).transform((v) => v ?? fallback);
}

/** An optional calendar day (yyyy-MM-dd) in a query string; empty counts as absent. */
export function optionalIsoDateParam(message: string) {
  return z.preprocess(
    emptyToUndefined,
    textSchema({ invalid: message })
      .trim()
      .refine((v) => isValidIsoDate(v), message)
      .optional(),
  );
}

/** An optional id (uuid, lower-cased) in a query string or body; empty counts as absent. */
export function optionalUuidParam(message: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .uuid({ error: message })
      .transform((v) => v.toLowerCase())
      .optional(),
  );
}

/** A list's period (date_from ≤ date_to, both optional): an inverted one is refused on `date_to`. */
export function periodRefinement(message: string) {
  return (q: { date_from?: string; date_to?: string }, ctx: z.RefinementCtx) => {
    if (q.date_from && q.date_to && q.date_from > q.date_to) {
      ctx.addIssue({ code: 'custom', message, path: ['date_to'] });
    }
  };
}

/** `formato` of the export routes: absent or "csv" keeps the comma-separated form. */
export const exportFormatParamSchema = z
  .preprocess(emptyToUndefined, z.enum(EXPORT_FORMATS, { error: 'Formato inválido: use csv ou excel' }).default('csv'))
  .meta({
    description:
      '`csv` (default): comma-separated. `excel`: the pt-BR Excel form: ";"-separated, amounts 1234,56, miles 10000, cost per thousand 17,5000, dates dd/mm/aaaa, booleans Sim/Não.',
  });

import type { z } from 'zod';

/**
 * Reads a page's address with the query schema the API parses the same list with (src/domain),
 * one field at a time: a value the schema refuses (an old link, a hand-edited address) falls back
 * to that field's default instead of failing the page. `names` maps each field to its parameter
 * in the address (the emissions list keeps `date_from` in `?de=`).
 */
export function parseSearchParams<Shape extends Record<string, z.ZodType>, K extends keyof Shape & string>(
  shape: Shape,
  params: URLSearchParams,
  names: { [F in K]: string },
): { [F in K]: z.output<Shape[F]> } {
  const state = {} as { [F in K]: z.output<Shape[F]> };
  for (const field of Object.keys(names) as K[]) {
    const schema = shape[field] as z.ZodType<z.output<Shape[K]>>;
    const parsed = schema.safeParse(params.get(names[field]) ?? undefined);
    state[field] = parsed.success ? parsed.data : schema.parse(undefined);
  }
  return state;
}

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

/**
 * The API's query string: each value as text, trimmed, in the given order; null and blank values
 * are left out, as the server assumes their defaults.
 */
export function apiSearchParams(values: Readonly<Record<string, string | number | null>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const text = value === null ? '' : String(value).trim();
    if (text !== '') params.set(key, text);
  }
  return params;
}

/** A list's filters and order (`filters`, as the API reads them) with the page asked for and its size. */
export function pageSearchParams(filters: URLSearchParams, page: number, limit: number): URLSearchParams {
  const params = new URLSearchParams(filters);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params;
}

/**
 * Writes `values` into a copy of a page's address, leaving every other parameter alone; a null or
 * blank value (a default, which the address leaves out) removes its parameter.
 */
export function writeSearchParams(
  params: URLSearchParams,
  values: Readonly<Record<string, string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export type SortOrder = 'asc' | 'desc';

/**
 * A list's sort and order for its address: both, or neither when they are the list's default
 * ("?order=desc" alone would mean the default column descending).
 */
export function sortSearchParams<S extends string>(
  state: { sort: S; order: SortOrder },
  defaults: { sort: S; order: SortOrder },
): { sort: S | null; order: SortOrder | null } {
  const isDefault = state.sort === defaults.sort && state.order === defaults.order;
  return isDefault ? { sort: null, order: null } : { sort: state.sort, order: state.order };
}

/** Clicking a column: the sorted one flips direction, another starts ascending (spec part 1 §2). */
export function nextSort<S extends string>(
  current: { sort: S; order: SortOrder },
  column: S,
): { sort: S; order: SortOrder } {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'asc' };
}

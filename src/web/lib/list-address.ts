import { isValidIsoDate } from '@domain/format';
import { PAGE_MAX } from '@domain/list-defaults';
import { isWellFormedText, SEARCH_MAX_LENGTH } from '@domain/text';

/*
 * A list page's address, read field by field without zod (#14): /clientes, /lotes and /emissoes
 * read theirs as their first render starts, and zod with the list's query schema was ~30 KB and
 * ~100 ms (×4 CPU) on the way to the first paint. Each reader answers what the API's query schema
 * answers for that one parameter (src/domain/*.schema.ts, parsed with parseSearchParams), and
 * null, or the field's default, where the schema refuses it: an old link or a hand-edited
 * address shows the default instead of failing the page. list-address.test.ts holds each list's
 * readers to its schema over a corpus of values people and probes send.
 */

/** `?page=`: plain decimal digits, 1 to PAGE_MAX; anything else is the first page. */
export function addressPage(value: string | null): number {
  if (value === null || !/^\d{1,15}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= PAGE_MAX ? page : 1;
}

/** One of the list's values exactly (a status, a program, a column); absent, empty or unknown → null. */
export function addressChoice<T extends string>(choices: readonly T[], value: string | null): T | null {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;
}

/** `?q=`: trimmed, well-formed text of at most SEARCH_MAX_LENGTH characters; otherwise no search. */
export function addressSearch(value: string | null): string {
  if (value === null || !isWellFormedText(value)) return '';
  const search = value.trim();
  return search.length <= SEARCH_MAX_LENGTH ? search : '';
}

/** A calendar day (yyyy-MM-dd, trimmed) that exists; otherwise null. */
export function addressDate(value: string | null): string | null {
  if (value === null || !isWellFormedText(value)) return null;
  const day = value.trim();
  return day !== '' && isValidIsoDate(day) ? day : null;
}

// What a text value may hold, without zod: the schemas (text.schema.ts) build on it, and a list page
// reads its address's search with it before zod loads (web/lib/list-address.ts, #14).

// NUL cannot be stored in a PostgreSQL text value, and a lone UTF-16 surrogate is not a character
// at all (it would be stored as U+FFFD): neither is anything a person typed.
// oxlint-disable-next-line no-control-regex -- NUL is the character this refuses.
const MALFORMED_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isWellFormedText(value: string): boolean {
  return !MALFORMED_TEXT.test(value);
}

/** A list's search (`search`/`q`): at most this many characters once trimmed. */
export const SEARCH_MAX_LENGTH = 200;

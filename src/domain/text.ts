// What a text value may hold, without zod: the schemas (text.schema.ts) build on it, and a list page
// reads its address's search with it before zod loads (web/lib/list-address.ts, #14).

// NUL cannot be stored in a PostgreSQL text value, and a lone UTF-16 surrogate is not a character
// at all (it would be stored as U+FFFD): neither is anything a person typed.
// oxlint-disable-next-line no-control-regex -- NUL is the character this refuses.
const MALFORMED_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** String.prototype.isWellFormed (ES2024: Node 20, browsers since 2023), when there. */
type MaybeWellFormed = { isWellFormed?: () => boolean };

export function isWellFormedText(value: string): boolean {
  // The engine's own check is a scan without a regular expression (an import checks a million
  // cells); the expression stays for an older browser.
  const native = (value as MaybeWellFormed).isWellFormed;
  if (native) return !value.includes('\u0000') && native.call(value);
  return !MALFORMED_TEXT.test(value);
}

/** A list's search (`search`/`q`): at most this many characters once trimmed. */
export const SEARCH_MAX_LENGTH = 200;

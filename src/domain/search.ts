/**
 * Normalises a search query the way clients.search_text is built in SQL (lower-case, accents
 * off), so "José" and "jose" meet. A query that is only a document with punctuation
 * ("529.982.247-25") becomes its digits, because documents are stored as digits.
 */
export function normalizeSearch(query: string): string {
  const trimmed = query.trim();
  if (/^[\d.\-/\s]+$/.test(trimmed) && /\d/.test(trimmed)) return trimmed.replace(/\D/g, '');
  return trimmed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

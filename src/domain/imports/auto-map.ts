import type { ImportField } from './import.schema';

// Suggests which column feeds each field (spec part 2 §5: "Auto-mapping compares normalised
// header names: exact match, contains match (score 0.8), or similarity above 0.6").

const CONTAINS_SCORE = 0.8;
const SIMILARITY_THRESHOLD = 0.6;
/** A name this short ("N", "R$" → "r") matches only exactly. */
const SHORT_NAME = 2;

/** "Data de Nascimento", "data_nascimento", "DATA-NASCIMENTO" → "data de nascimento", … */
export function normalizeHeader(s: string): string {
  return (
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // º, ª and ° read as "número"/"grau" marks, not letters: "Nº conta" → "n conta".
      .replace(/[ºª°]|[^\p{L}\p{N}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function bigrams(s: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const pair = s.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/**
 * Sørensen–Dice coefficient over character bigrams (with multiplicity). Chosen over normalised
 * Levenshtein because it stays low for short words that differ in one letter ("nome" and "fone":
 * 0 against 0.75) while still accepting typos in longer names ("telefne": 0.77).
 */
export function diceSimilarity(a: string, b: string): number {
  if (a.length < 2 || b.length < 2) return a === b ? 1 : 0;
  const left = bigrams(a);
  let common = 0;
  for (const [pair, n] of bigrams(b)) common += Math.min(n, left.get(pair) ?? 0);
  return (2 * common) / (a.length - 1 + (b.length - 1));
}

/** Whole words only: "cia" is in "cia aerea" but not in "associado". */
function containsWords(outer: string, inner: string): boolean {
  return ` ${outer} `.includes(` ${inner} `);
}

/** How well a normalised header matches one normalised name of a field: 0 when it does not. */
export function nameScore(header: string, name: string): number {
  if (header === '' || name === '') return 0;
  if (header === name) return 1;
  if (header.length <= SHORT_NAME || name.length <= SHORT_NAME) return 0;
  if (containsWords(header, name) || containsWords(name, header)) return CONTAINS_SCORE;
  const similarity = diceSimilarity(header, name);
  // Below an exact match even when two different names share every bigram.
  return similarity > SIMILARITY_THRESHOLD ? Math.min(similarity, 0.99) : 0;
}

/**
 * Field key → header, for the fields some header matches. Each (field, header) pair scores the
 * best of the field's key, label and aliases; pairs are taken from the highest score down (a
 * required field first on equal scores, then the fields' and the headers' order), so each header
 * feeds one field at most and each field takes one header at most.
 */
export function autoMap(fields: readonly ImportField[], headers: readonly string[]): Record<string, string> {
  const normalizedHeaders = headers.map(normalizeHeader);
  const pairs: { field: number; header: number; score: number; required: boolean }[] = [];
  fields.forEach((field, f) => {
    const names = [field.key, field.label, ...field.aliases].map(normalizeHeader);
    normalizedHeaders.forEach((header, h) => {
      const score = Math.max(...names.map((name) => nameScore(header, name)));
      if (score > 0) pairs.push({ field: f, header: h, score, required: field.required });
    });
  });
  pairs.sort(
    (a, b) => b.score - a.score || Number(b.required) - Number(a.required) || a.field - b.field || a.header - b.header,
  );
  const mapping: Record<string, string> = {};
  const usedHeaders = new Set<number>();
  const usedFields = new Set<number>();
  for (const pair of pairs) {
    if (usedFields.has(pair.field) || usedHeaders.has(pair.header)) continue;
    usedFields.add(pair.field);
    usedHeaders.add(pair.header);
    mapping[(fields[pair.field] as ImportField).key] = headers[pair.header] as string;
  }
  return mapping;
}

import { isWellFormedText, SEARCH_MAX_LENGTH } from './text';
import { refuse, z } from './zod';

export { isWellFormedText, SEARCH_MAX_LENGTH };

export const INVALID_CHARACTERS_MESSAGE = 'Contém caracteres inválidos';

interface PathNode {
  key: string;
  parent: PathNode | null;
}

const pathOf = (node: PathNode | null): string => {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.') || '_';
};

/**
 * The paths ("a.0.b", "_" for the value itself) of every string in a parsed JSON value or query
 * that is not well-formed text. Iterative, so a body nested thousands deep cannot overflow the stack.
 */
export function findMalformedText(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: PathNode | null }[] = [{ value, path: null }];
  while (stack.length > 0 && found.length < limit) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) found.push(pathOf(path));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: { key: String(i), parent: path } });
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: (v as Record<string, unknown>)[keys[i]!], path: { key: keys[i]!, parent: path } });
      }
    }
  }
  return found;
}

export interface TextMessages {
  /** Absent, null or (with `.min(1, …)`) blank. */
  required?: string;
  /** Sent, but not a string. */
  invalid?: string;
}

/**
 * Every text field's base: a string of well-formed text. The type messages answer only a missing
 * or mistyped value, so checks chained after (`.trim().min(…).max(…)`) keep messages of their own.
 */
export function textSchema(messages: TextMessages = {}) {
  return z
    .string({
      error: (issue) => {
        if (issue.code !== 'invalid_type') return undefined;
        return issue.input === undefined || issue.input === null ? messages.required : messages.invalid;
      },
    })
    .refine(isWellFormedText, { error: INVALID_CHARACTERS_MESSAGE, abort: true });
}

/** Optional text as typed → trimmed, '' and null → null. */
export function optionalTextSchema(max: number, tooLong: string) {
  return textSchema({ invalid: 'Valor inválido: informe um texto' })
    .trim()
    .max(max, tooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
}

/** A `search`/`q` query parameter: trimmed, at most 200 characters; absent → ''. */
export const searchParamSchema = textSchema()
  .trim()
  .max(SEARCH_MAX_LENGTH, `Busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres`)
  .optional()
  .transform((v) => v ?? '');

/** undefined, null, or only spaces: a form field left empty. */
export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Built once, not per value. */
const uuidFormat = z.uuid();

/** An optional reference: '' and null → null; anything else must be a uuid (lower-cased), else `invalid`. */
export function optionalUuidSchema(invalid: string) {
  return z
    .string({ error: invalid })
    .nullable()
    .optional()
    .transform((v, ctx): string | null => {
      if (isBlank(v)) return null;
      const parsed = uuidFormat.safeParse(v!.trim());
      if (!parsed.success) {
        return refuse(ctx, invalid);
      }
      return parsed.data.toLowerCase();
    });
}

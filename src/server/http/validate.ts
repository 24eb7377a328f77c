import type { Context } from 'hono';
import type { z } from 'zod';
import { findMalformedText, INVALID_CHARACTERS_MESSAGE } from '../../domain/text.schema';
import { AppError, MESSAGES } from './errors';

const NOT_AN_OBJECT_MESSAGE = 'Envie os dados como um objeto JSON.';

export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const message =
      issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object'
        ? NOT_AN_OBJECT_MESSAGE
        : issue.message;
    if (!(key in fields)) fields[key] = message;
  }
  return fields;
}

/**
 * Validates a body or query string. Before any schema, every string in it must be well-formed
 * text (no NUL, no lone surrogate): the text schemas refuse them too, but a field a schema takes
 * as anything (or a future one that forgets) must not carry them into SQL.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const malformed = findMalformedText(value);
  if (malformed.length > 0) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.validation, {
      fields: Object.fromEntries(malformed.map((path) => [path, INVALID_CHARACTERS_MESSAGE])),
    });
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError('VALIDATION_ERROR', MESSAGES.validation, { fields: zodFields(result.error) });
  }
  return result.data;
}

/** Reads and validates a JSON body: malformed JSON and wrong shapes are 400 with Portuguese messages. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('INVALID_JSON', 'O corpo da requisição não é um JSON válido.');
  }
  return parseOrThrow(schema, body);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id from the URL: anything but a UUID cannot exist, so it is the feature's own not-found
 * error (the same code and message as an unknown UUID's) rather than a database error.
 */
export function uuidParam(c: Context, name: string, notFound: () => AppError): string {
  const value = c.req.param(name) ?? '';
  if (!UUID_RE.test(value)) throw notFound();
  return value.toLowerCase();
}

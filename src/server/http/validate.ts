import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, MESSAGES } from './errors';

export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
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

/** An id from the URL: anything but a UUID cannot exist, so it is a 404 rather than a database error. */
export function uuidParam(c: Context, name: string, notFoundMessage: string = MESSAGES.notFound, notFoundCode: string = 'NOT_FOUND'): string {
  const value = c.req.param(name) ?? '';
  if (!UUID_RE.test(value)) throw new AppError(notFoundCode, notFoundMessage, { status: 404 });
  return value.toLowerCase();
}

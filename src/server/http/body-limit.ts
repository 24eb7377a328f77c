import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../domain/imports/import.schema';
import { AppError } from './errors';

/** Every JSON body of the API; uploads (imports) have a limit of their own. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export const PAYLOAD_TOO_LARGE_MESSAGE = 'O corpo da requisição excede o limite de 1 MB.';

/** The routes that take a file (multipart/form-data) rather than JSON. */
export const UPLOAD_PATHS = new Set(['/api/v1/imports/files']);

/** The file's 10 MB plus room for the multipart envelope: a file of 10 MB + 1 byte reaches the route, which names the limit. */
const UPLOAD_BODY_LIMIT_BYTES = IMPORT_MAX_BYTES + 64 * 1024;

/**
 * Refuses a body over the limit before anything reads it: by its Content-Length at once, or, for
 * a chunked body, as soon as the bytes read pass the limit (hono/body-limit), so a huge request
 * never gets buffered whole. Mounted before the session middleware: no session needed to be refused.
 */
export const jsonBodyLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', PAYLOAD_TOO_LARGE_MESSAGE, { status: 413 });
  },
});

const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge, { status: 413 });
  },
});

/** The limit of the route asked for. */
export const apiBodyLimit: MiddlewareHandler = (c, next) =>
  UPLOAD_PATHS.has(c.req.path) ? uploadBodyLimit(c, next) : jsonBodyLimit(c, next);

import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors';

/** Every JSON body of the API; uploads (CSV imports) will get a limit of their own. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export const PAYLOAD_TOO_LARGE_MESSAGE = 'O corpo da requisição excede o limite de 1 MB.';

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

import pino, { type DestinationStream } from 'pino';

const REDACTED = '[redacted]';

/** Drizzle's "Failed query: …\nparams: …" (drizzle-orm/errors.js): the parameters run to the end of the message. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** PostgreSQL quotes the offending input at the end of a message: `invalid input syntax for type date: "…"`. */
const QUOTED_INPUT = /: ".*"$/s;
/** And lists key and row values in the detail: `Key (email)=(…) already exists`, `Failing row contains (…)`. */
const DETAIL_VALUES = [/(\)=\().*(\))/gs, /(Failing row contains \().*(\))/gs];

interface SerializedError {
  message?: unknown;
  stack?: unknown;
  detail?: unknown;
  code?: unknown;
  severity?: unknown;
  params?: unknown;
  queryOptions?: unknown;
  cause?: unknown;
  aggregateErrors?: unknown;
  [key: string]: unknown;
}

function scrubMessage(message: string, fromDatabase: boolean) {
  let clean = message.replace(QUERY_PARAMS, `\nparams: ${REDACTED}`);
  if (fromDatabase) clean = clean.replace(QUOTED_INPUT, `: "${REDACTED}"`);
  return clean;
}

/** Removes the values a failing statement was given, keeping what explains the failure. */
function scrub(node: SerializedError) {
  delete node.params;
  delete node.queryOptions;
  // A server error (PGlite, node-postgres) carries its SQLSTATE and severity.
  const fromDatabase = typeof node.code === 'string' && typeof node.severity === 'string';
  if (typeof node.message === 'string') {
    const original = node.message;
    const clean = scrubMessage(original, fromDatabase);
    if (typeof node.stack === 'string') {
      // V8's stack starts with the message; without it, the stack's own text is scrubbed.
      node.stack = node.stack.includes(original)
        ? node.stack.replace(original, () => clean)
        : scrubMessage(node.stack, false);
    }
    node.message = clean;
  }
  if (typeof node.detail === 'string') {
    node.detail = DETAIL_VALUES.reduce((text, pattern) => text.replace(pattern, `$1${REDACTED}$2`), node.detail);
  }
  if (node.cause && typeof node.cause === 'object') scrub(node.cause as SerializedError);
  if (Array.isArray(node.aggregateErrors))
    for (const e of node.aggregateErrors) if (e && typeof e === 'object') scrub(e);
  return node;
}

/**
 * Errors as pino logs them, with their causes, minus the failing statement's parameters: those
 * are clients' e-mails, phones, CPFs and birth dates, which stay out of logs (LGPD, Lei
 * 13.709/2018 art. 46). The SQL, SQLSTATE, constraint, table and column stay.
 */
export function serializeError(err: unknown): unknown {
  const serialized = pino.stdSerializers.errWithCause(err as Error);
  return serialized && typeof serialized === 'object' ? scrub(serialized) : serialized;
}

export function createLogger(level: string = 'info', destination?: DestinationStream) {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}

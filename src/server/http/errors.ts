import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { COMMON_MESSAGES } from '../../domain/messages';
import { FORBIDDEN_MESSAGE } from '../../domain/auth/roles';

/** Spec part 1 §8 shared messages, which the web shows too (src/domain/messages.ts). */
export const MESSAGES = COMMON_MESSAGES;

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS | (string & {});

export interface AppErrorOptions {
  status?: ContentfulStatusCode;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  details?: Record<string, unknown>;
}

/** A failure the user can act on: a code, an HTTP status and a Portuguese message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** Machine-readable figures for the caller, e.g. the missing miles of INSUFFICIENT_MILES. */
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = options.status ?? (ERROR_STATUS as Record<string, ContentfulStatusCode>)[code] ?? 400;
    this.fields = options.fields;
    this.headers = options.headers;
    this.details = options.details;
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

/** The signed-in user's role may not do this (docs/decisions/0026-team-and-roles.md). */
export const forbidden = () => new AppError('FORBIDDEN', FORBIDDEN_MESSAGE, { status: 403 });

/** No live session, or its user is gone. */
export const unauthenticated = () => new AppError('UNAUTHENTICATED', MESSAGES.unauthorized);

/** VALIDATION_ERROR with a Portuguese message per field. */
export const validationError = (fields: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', MESSAGES.validation, { fields });

/**
 * The error factory of one feature's `<feature>.errors.ts`: `statuses` is that feature's table of
 * codes and HTTP statuses (the one place a code gets its status), and the factory takes only
 * those codes.
 */
export function featureErrors<const T extends Record<string, ContentfulStatusCode>>(statuses: T) {
  return (code: keyof T & string, message: string, options: Omit<AppErrorOptions, 'status'> = {}) =>
    new AppError(code, message, { ...options, status: statuses[code] });
}

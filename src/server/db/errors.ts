/** PostgreSQL error codes, https://www.postgresql.org/docs/current/errcodes-appendix.html */
export const PG_UNIQUE_VIOLATION = '23505';

interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/** Drizzle wraps driver errors; look through the cause chain for the PostgreSQL one. */
export function pgError(err: unknown): PgErrorLike | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const rec = e as PgErrorLike;
    if (typeof rec.code === 'string' && /^[0-9A-Z]{5}$/.test(rec.code)) return rec;
    e = rec.cause;
  }
  return null;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  if (pg?.code !== PG_UNIQUE_VIOLATION) return false;
  return !constraint || pg.constraint === constraint || Boolean(pg.message?.includes(constraint));
}

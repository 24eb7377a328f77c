import type { Query, SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement for the hot paths (docs/decisions/0007-emission-create-at-scale.md), written once
 * with `sql.placeholder(name)` for its inputs:
 * - its text is built once, not on every call (drizzle's builder costs more than the round trip);
 * - it runs as a named prepared statement of the connection it runs on, so PostgreSQL parses and
 *   plans it once per connection (node-postgres keeps the name per connection); PGlite runs it as
 *   any statement.
 * Variable-length inputs travel as one parameter (JSON, or a comma-joined list), so the text never
 * changes under its name.
 */
export function preparedStatement<Row>(name: string, query: SQL) {
  let compiled: Query | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
    compiled ??= dialect.sqlToQuery(query);
    const result = await session.prepareQuery(compiled, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

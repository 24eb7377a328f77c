import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf, uuidArray } from './rows';

/**
 * Rows that go and come back with a soft-deleted row (its loyalty accounts, its postings, the
 * allocations its deletion released): `key` names the row they belong to; `column` is the
 * timestamp they are marked with (deleted_at by default); `touch` also sets their updated_at.
 */
export interface Follower {
  table: string;
  key: string;
  column?: 'deleted_at' | 'released_at';
  touch?: boolean;
}

const id = (name: string) => sql.raw(`"${name}"`);

/**
 * Soft delete (DESIGN.md §2, for import undo): the agency's live rows of `table` among `ids`
 * (and meeting `only`, written over the alias t) get the transaction's instant as deleted_at, and
 * their live followers the same instant — so a restore brings back exactly what went with them.
 * One statement, the ids as one uuid[] parameter. Returns how many rows were deleted.
 */
export async function softDeleteRows(
  db: Db,
  {
    table,
    agencyId,
    ids,
    followers = [],
    only,
  }: { table: string; agencyId: string; ids: readonly string[]; followers?: Follower[]; only?: SQL },
): Promise<number> {
  if (ids.length === 0) return 0;
  const ctes = followers.map(
    (f, i) => sql`, f${sql.raw(String(i))} AS (
      UPDATE ${id(f.table)} f SET deleted_at = now()${f.touch ? sql`, updated_at = now()` : sql``}
      FROM gone WHERE f.agency_id = ${agencyId} AND f.${id(f.key)} = gone.id AND f.deleted_at IS NULL
      RETURNING 1)`,
  );
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH gone AS (
        UPDATE ${id(table)} t SET deleted_at = now(), updated_at = now()
        WHERE t.agency_id = ${agencyId} AND t.id = ANY(${uuidArray(ids)}::uuid[]) AND t.deleted_at IS NULL${only ? sql` AND ${only}` : sql``}
        RETURNING t.id
      )${sql.join(ctes, sql``)}
      SELECT count(*)::int AS n FROM gone`),
  );
  return row?.n ?? 0;
}

/**
 * Brings soft-deleted rows of `table` among `ids` back, with the followers marked in the same
 * instant as each row's deletion. Returns how many rows came back.
 */
export async function restoreRows(
  db: Db,
  {
    table,
    agencyId,
    ids,
    followers = [],
  }: { table: string; agencyId: string; ids: readonly string[]; followers?: Follower[] },
): Promise<number> {
  if (ids.length === 0) return 0;
  const ctes = followers.map((f, i) => {
    const column = id(f.column ?? 'deleted_at');
    return sql`, f${sql.raw(String(i))} AS (
      UPDATE ${id(f.table)} f SET ${column} = NULL${f.touch ? sql`, updated_at = now()` : sql``}
      FROM back WHERE f.agency_id = ${agencyId} AND f.${id(f.key)} = back.id AND f.${column} = back.was_deleted_at
      RETURNING 1)`;
  });
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH was AS MATERIALIZED (
        SELECT id, deleted_at FROM ${id(table)}
        WHERE agency_id = ${agencyId} AND id = ANY(${uuidArray(ids)}::uuid[]) AND deleted_at IS NOT NULL
        ORDER BY id FOR NO KEY UPDATE
      ), back AS (
        UPDATE ${id(table)} t SET deleted_at = NULL, updated_at = now()
        FROM was WHERE t.agency_id = ${agencyId} AND t.id = was.id
        RETURNING t.id, was.deleted_at AS was_deleted_at
      )${sql.join(ctes, sql``)}
      SELECT count(*)::int AS n FROM back`),
  );
  return row?.n ?? 0;
}

/** The agency's live rows of `table` among `ids`, locked in id order (decision 0011); their ids. */
export async function lockLiveRows(
  db: Db,
  { table, agencyId, ids }: { table: string; agencyId: string; ids: readonly string[] },
): Promise<string[]> {
  if (ids.length === 0) return [];
  return rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM ${id(table)}
      WHERE agency_id = ${agencyId} AND id = ANY(${uuidArray(ids)}::uuid[]) AND deleted_at IS NULL ORDER BY id FOR NO KEY UPDATE`),
  ).map((r) => r.id);
}

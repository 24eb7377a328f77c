import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_AREA_KIND_PREFIXES,
  AUDIT_SYSTEM_USER,
  type AuditChanges,
  type AuditFilters,
} from '../../domain/audit/audit.schema';
import { AGENCY_TIME_ZONE, agencyDayEnd, agencyDayStart } from '../agency/agency.queries';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

// The audit log is read along activity_agency_created_idx (agency_id, created_at DESC NULLS LAST):
// newest first, a page at a time; every filter is a condition on the lines the index walks, so a
// page stops after `limit` matches, ties by id sorted incrementally. The order must say NULLS LAST
// as the index does: plain DESC means NULLS FIRST, which the index cannot give, and PostgreSQL
// then sorts the agency's whole log (EXPLAIN in bench/audit.bench.ts).

export interface AuditRow {
  id: string;
  created_at: string;
  kind: string;
  user_id: string | null;
  user_name: string;
  description: string;
  ref_type: string | null;
  ref_id: string | null;
  changes: AuditChanges | null;
  ip: string | null;
}

/** The filters as conditions on `a` (activity), after its agency. */
function filterConditions(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.user_id === 'system') conditions.push(sql`a.user_id IS NULL`);
  else if (filters.user_id) conditions.push(sql`a.user_id = ${filters.user_id}::uuid`);
  if (filters.area) {
    const prefixes = `{${AUDIT_AREA_KIND_PREFIXES[filters.area].join(',')}}`;
    conditions.push(sql`split_part(a.kind, '_', 1) = ANY(${prefixes}::text[])`);
  }
  if (filters.from) conditions.push(sql`a.created_at >= ${agencyDayStart(filters.from)}`);
  if (filters.to) conditions.push(sql`a.created_at < ${agencyDayEnd(filters.to)}`);
  if (filters.ref_type) conditions.push(sql`a.ref_type = ${filters.ref_type}`);
  if (filters.ref_id) conditions.push(sql`a.ref_id = ${filters.ref_id}::uuid`);
  return conditions;
}

const where = (agencyId: string, filters: AuditFilters) =>
  sql.join([sql`a.agency_id = ${agencyId}::uuid`, ...filterConditions(filters)], sql` AND `);

/** How many lines match, counted up to `cap` + 1 (then the answer says "more than cap"). */
export async function countAuditLines(
  db: Db,
  { agencyId, filters, cap }: { agencyId: string; filters: AuditFilters; cap: number },
) {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      SELECT count(*) AS n FROM (
        SELECT 1 FROM activity a WHERE ${where(agencyId, filters)} LIMIT ${cap + 1}
      ) t`),
  );
  return Number(row?.n ?? 0);
}

/** A page of lines, newest first, with their author's name ("Sistema" for none). */
export async function getAuditPage(
  db: Db,
  { agencyId, filters, offset, limit }: { agencyId: string; filters: AuditFilters; offset: number; limit: number },
): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await db.execute(sql`
      SELECT p.id, p.created_at::text AS created_at, p.kind, p.user_id,
        coalesce(u.name, ${AUDIT_SYSTEM_USER}) AS user_name, p.description, p.ref_type, p.ref_id, p.changes, p.ip
      FROM (
        SELECT a.id, a.created_at, a.kind, a.user_id, a.description, a.ref_type, a.ref_id, a.changes, a.ip
        FROM activity a WHERE ${where(agencyId, filters)}
        ORDER BY a.created_at DESC NULLS LAST, a.id DESC
        LIMIT ${limit} OFFSET ${offset}
      ) p
      LEFT JOIN users u ON u.id = p.user_id
      ORDER BY p.created_at DESC NULLS LAST, p.id DESC`),
  );
}

/** Every matching line for the CSV, newest first, its moment already as "dd/mm/aaaa hh:mm" in the agency's time zone. */
export async function getAuditForExport(db: Db, { agencyId, filters }: { agencyId: string; filters: AuditFilters }) {
  return rowsOf<AuditRow & { when: string }>(
    await db.execute(sql`
      SELECT a.id, to_char(a.created_at AT TIME ZONE ${AGENCY_TIME_ZONE}, 'DD/MM/YYYY HH24:MI') AS "when",
        a.kind, a.user_id, coalesce(u.name, ${AUDIT_SYSTEM_USER}) AS user_name, a.description, a.ref_type, a.ref_id,
        a.changes, a.ip
      FROM activity a
      LEFT JOIN users u ON u.id = a.user_id
      WHERE ${where(agencyId, filters)}
      ORDER BY a.created_at DESC NULLS LAST, a.id DESC`),
  );
}

/** The agency's users for the filter, deactivated ones included (their lines stay). */
export async function getAuditUsers(db: Db, { agencyId }: { agencyId: string }) {
  return rowsOf<{ id: string; name: string; active: boolean }>(
    await db.execute(sql`
      SELECT id, name, deactivated_at IS NULL AS active FROM users
      WHERE agency_id = ${agencyId}::uuid
      ORDER BY lower(name), id`),
  );
}

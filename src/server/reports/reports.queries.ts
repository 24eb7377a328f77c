import { sql } from 'drizzle-orm';
import type { ReportRefType } from '../../domain/reports/report.schema';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { reports } from '../db/schema';

export interface ReportRow {
  id: string;
  ref_type: ReportRefType;
  ref_id: string | null;
  title: string;
  file_id: string;
  size_bytes: number;
  params: { pages?: number; file_name?: string };
  generated_at: string;
  generated_by_name: string | null;
}

const SELECT = sql`
  SELECT r.id, r.ref_type, r.ref_id, r.title, r.file_id, r.size_bytes, r.params, r.generated_at::text AS generated_at,
    u.name AS generated_by_name
  FROM reports r LEFT JOIN users u ON u.id = r.generated_by`;

export async function insertReport(
  db: Db,
  values: {
    agencyId: string;
    refType: ReportRefType;
    refId: string | null;
    title: string;
    fileId: string;
    size: number;
    params: Record<string, unknown> & { pages: number; file_name: string };
    userId: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(reports)
    .values({
      agency_id: values.agencyId,
      ref_type: values.refType,
      ref_id: values.refId,
      title: values.title,
      status: 'ready',
      file_id: values.fileId,
      size_bytes: values.size,
      params: values.params,
      generated_by: values.userId,
      generated_at: sql`now()`,
    })
    .returning({ id: reports.id });
  return row!.id;
}

/** A ready report of the agency. */
export async function getReport(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const [row] = rowsOf<ReportRow>(
    await db.execute(sql`${SELECT} WHERE r.agency_id = ${agencyId} AND r.id = ${id} AND r.status = 'ready'`),
  );
  return row ?? null;
}

/** A record's ready reports, newest first (reports_ref_idx). */
export async function listReportsOf(
  db: Db,
  {
    agencyId,
    refType,
    refId,
    limit,
  }: { agencyId: string; refType: ReportRefType; refId: string | null; limit: number },
) {
  return rowsOf<ReportRow>(
    await db.execute(sql`${SELECT}
      WHERE r.agency_id = ${agencyId} AND r.ref_type = ${refType} AND r.status = 'ready'
        AND ${refId === null ? sql`r.ref_id IS NULL` : sql`r.ref_id = ${refId}`}
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${limit}`),
  );
}

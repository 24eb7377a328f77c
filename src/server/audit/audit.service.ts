import { AUDIT_EXPORT_HEADERS, auditExportRow } from '../../domain/audit/audit.rules';
import {
  AUDIT_COUNT_CAP,
  auditAreaOf,
  type AuditFilters,
  type AuditList,
  type AuditListQuery,
} from '../../domain/audit/audit.schema';
import { toCsv } from '../../domain/csv';
import { exportCsvOptions } from '../../domain/csv-excel';
import type { Db } from '../db/client';
import { paged, pageRows } from '../http/paged';
import { countAuditLines, getAuditForExport, getAuditPage } from './audit.queries';

/** GET /audit: a page of the agency's audit log, newest first; the total is counted up to AUDIT_COUNT_CAP. */
export async function listAudit(db: Db, agencyId: string, query: AuditListQuery): Promise<AuditList> {
  const { page, limit, ...filters } = query;
  const counted = await countAuditLines(db, { agencyId, filters, cap: AUDIT_COUNT_CAP });
  const capped = counted > AUDIT_COUNT_CAP;
  const total = Math.min(counted, AUDIT_COUNT_CAP);
  const { offset } = pageRows({ page, limit });
  const rows = offset < counted ? await getAuditPage(db, { agencyId, filters, offset, limit }) : [];
  return paged(
    rows.map((row) => ({ ...row, area: auditAreaOf(row.kind) })),
    total,
    { page, limit, capped },
  );
}

/** GET /audit/export: every matching line in the pt-BR Excel form of the exports (";", BOM, dd/mm/aaaa). */
export async function exportAuditCsv(db: Db, agencyId: string, filters: AuditFilters): Promise<string> {
  const rows = await getAuditForExport(db, { agencyId, filters });
  return toCsv(AUDIT_EXPORT_HEADERS, rows.map(auditExportRow), exportCsvOptions('excel'));
}

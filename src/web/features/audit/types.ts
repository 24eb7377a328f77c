import type { AuditArea } from '@domain/audit/audit.schema';

// What the API answers is declared once, by the domain's response schemas (STYLE.md habit 10).
export type { AuditArea, AuditEntry, AuditList, AuditUserList } from '@domain/audit/audit.schema';

/** The audit log's filters as the screen holds them ('' for none). */
export interface AuditFilterValues {
  user_id: string;
  area: AuditArea | '';
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { user_id: '', area: '', from: '', to: '' };

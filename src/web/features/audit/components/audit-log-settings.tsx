/** Auditoria (#20): the audit log — being built. */
export function AuditLogSettings() {
  return null;
}

import { useMutation } from '@tanstack/react-query';
import { todayIso } from '@domain/format';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { AuditFilterValues } from '../types';
import { auditSearchParams } from './get-audit-log';

/** The lines matching the filters as the server's CSV, in the pt-BR Excel form of the other exports. */
export async function exportAuditLog(filters: AuditFilterValues): Promise<void> {
  const file = await api.download(`/audit/export?${auditSearchParams(filters).toString()}`, { timeoutMs: 120_000 });
  saveFile(file, `auditoria_${todayIso()}.csv`);
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}

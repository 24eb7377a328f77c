import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@domain/csv-excel';
import { todayIso } from '@domain/format';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { ReconciliationFilters } from '../types';
import { reconciliationFilterParams } from './get-reconciliation';

/**
 * The discrepancies of the period and status, as the server's CSV (spec part 2 §9 "Conciliation") in the
 * pt-BR Excel form (";"-separated, amounts 1234,56), which the agencies open in Excel (issue #17).
 */
export async function exportReconciliation(filters: ReconciliationFilters): Promise<void> {
  const params = reconciliationFilterParams(filters);
  params.set('formato', 'excel' satisfies ExportFormat);
  const file = await api.download(`/reconciliation/export?${params.toString()}`, { timeoutMs: 120_000 });
  saveFile(file, `discrepancias_${todayIso()}.csv`);
}

export function useExportReconciliation() {
  return useMutation({ mutationFn: exportReconciliation });
}

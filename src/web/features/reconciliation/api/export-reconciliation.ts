import { useMutation } from '@tanstack/react-query';
import { todayIso } from '@domain/format';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { ReconciliationFilters } from '../types';
import { reconciliationFilterParams } from './get-reconciliation';

/** The discrepancies of the period and status, as the server's CSV (spec part 2 §9 "Conciliation"). */
export async function exportReconciliation(filters: ReconciliationFilters): Promise<void> {
  const file = await api.download(`/reconciliation/export?${reconciliationFilterParams(filters).toString()}`, {
    timeoutMs: 120_000,
  });
  saveFile(file, `discrepancias_${todayIso()}.csv`);
}

export function useExportReconciliation() {
  return useMutation({ mutationFn: exportReconciliation });
}

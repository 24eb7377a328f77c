import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@domain/csv-excel';
import { todayIso } from '@domain/format';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { LotListFilters } from '../types';
import { lotFiltersSearchParams } from './get-lots';

/**
 * Every lot matching the list's filters, in its order, as the server's CSV (spec part 1 §7 "Export") in
 * the pt-BR Excel form: agencies open it in Excel, and it imports back through /importador (issue #17).
 */
export async function exportLots(filters: LotListFilters): Promise<void> {
  const params = lotFiltersSearchParams(filters);
  params.set('formato', 'excel' satisfies ExportFormat);
  const file = await api.download(`/lots/export?${params.toString()}`, { timeoutMs: 120_000 });
  saveFile(file, `lotes_milhas_${todayIso()}.csv`);
}

export function useExportLots() {
  return useMutation({ mutationFn: exportLots });
}

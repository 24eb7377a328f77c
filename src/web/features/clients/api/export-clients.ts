import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@domain/csv-excel';
import { todayIso } from '@domain/format';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { ClientListFilters } from '../types';
import { clientFiltersSearchParams } from './get-clients';

/**
 * Every client matching the list's filters, in its order, as the server's CSV (spec part 1 §7 "Export")
 * in the pt-BR Excel form: agencies open it in Excel, and it imports back through /importador (issue #17).
 */
export async function exportClients(filters: ClientListFilters): Promise<void> {
  const params = clientFiltersSearchParams(filters);
  params.set('formato', 'excel' satisfies ExportFormat);
  const file = await api.download(`/clients/export?${params.toString()}`, { timeoutMs: 120_000 });
  saveFile(file, `clientes_${todayIso()}.csv`);
}

export function useExportClients() {
  return useMutation({ mutationFn: exportClients });
}

import { useMutation } from '@tanstack/react-query';
import type { ImportDryRun, ImportRunInput } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { IMPORT_UPLOAD_TIMEOUT_MS } from './upload-import-file';

/** POST /imports/dry-run: every row checked as the import would, nothing written (spec part 2 §5). */
export const dryRunImport = (input: ImportRunInput) =>
  api.post<ImportDryRun>('/imports/dry-run', input, { timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS });

export function useDryRunImport() {
  return useMutation({ mutationFn: dryRunImport });
}

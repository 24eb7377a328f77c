import { useMutation } from '@tanstack/react-query';
import type { ImportRunInput } from '@domain/imports/import.schema';
import { todayIso } from '@domain/format';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import { IMPORT_UPLOAD_TIMEOUT_MS } from './upload-import-file';

/** POST /imports/dry-run/errors: every error of the dry run (the page lists the first 10) as a CSV file. */
export async function downloadImportErrors(input: ImportRunInput): Promise<void> {
  const file = await api.postDownload('/imports/dry-run/errors', input, { timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS });
  saveFile(file, `erros_importacao_${todayIso()}.csv`);
}

export function useDownloadImportErrors() {
  return useMutation({ mutationFn: downloadImportErrors });
}

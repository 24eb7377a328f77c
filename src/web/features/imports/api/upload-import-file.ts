import { useMutation } from '@tanstack/react-query';
import type { ImportKind, ImportUpload } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';

/** A 10 MB spreadsheet read and checked by the server takes longer than the usual 30 s allowance on a slow line. */
export const IMPORT_UPLOAD_TIMEOUT_MS = 120_000;

/** POST /imports/files?kind=…: the file read (columns, preview) and the mapping suggested for `kind`. */
export const uploadImportFile = ({ kind, file }: { kind: ImportKind; file: File }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload<ImportUpload>(`/imports/files?kind=${encodeURIComponent(kind)}`, form, {
    timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS,
  });
};

export function useUploadImportFile() {
  return useMutation({ mutationFn: uploadImportFile });
}

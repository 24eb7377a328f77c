import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportKind, ImportPresetList } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { importKeys } from '@/lib/query-keys';

/** GET /import-presets?kind=…: the user's saved mappings for a kind. */
export const getImportPresets = (kind: ImportKind, signal?: AbortSignal) =>
  api.get<ImportPresetList>(`/import-presets?kind=${encodeURIComponent(kind)}`, { signal });

export const getImportPresetsQueryOptions = (kind: ImportKind) =>
  queryOptions({
    queryKey: importKeys.presets(kind),
    queryFn: ({ signal }) => getImportPresets(kind, signal),
  });

export function useImportPresets(kind: ImportKind) {
  return useQuery(getImportPresetsQueryOptions(kind));
}

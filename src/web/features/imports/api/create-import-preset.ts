import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreset, ImportPresetInput } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { importKeys } from '@/lib/query-keys';

/** POST /import-presets: 201, or 409 when the name is taken for this kind. */
export const createImportPreset = (input: ImportPresetInput) => api.post<ImportPreset>('/import-presets', input);

export function useCreateImportPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImportPreset,
    onSuccess: (preset) => queryClient.invalidateQueries({ queryKey: importKeys.presets(preset.kind) }),
  });
}

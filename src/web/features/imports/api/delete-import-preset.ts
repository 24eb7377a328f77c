import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreset } from '@domain/imports/import.schema';
import { api } from '@/lib/api-client';
import { importKeys } from '@/lib/query-keys';

/** DELETE /import-presets/:id: 204. */
export const deleteImportPreset = (preset: Pick<ImportPreset, 'id' | 'kind'>) =>
  api.delete<void>(`/import-presets/${encodeURIComponent(preset.id)}`);

export function useDeleteImportPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImportPreset,
    onSuccess: (_, preset) => queryClient.invalidateQueries({ queryKey: importKeys.presets(preset.kind) }),
  });
}

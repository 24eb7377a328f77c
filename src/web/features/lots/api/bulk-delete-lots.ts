import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';
import type { BulkLotDeleteResult } from '../types';
import { invalidateLotQueries } from './invalidate';

export const bulkDeleteLots = (ids: string[]) => api.post<BulkLotDeleteResult>('/lots/bulk-delete', { ids });

export function useBulkDeleteLots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteLots,
    onSuccess: (result, ids) => {
      const kept = new Set(result.kept.map((k) => k.id));
      for (const id of ids) if (!kept.has(id)) queryClient.removeQueries({ queryKey: lotKeys.detail(id) });
      return invalidateLotQueries(queryClient);
    },
  });
}

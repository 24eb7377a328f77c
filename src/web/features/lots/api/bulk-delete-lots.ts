import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deletedIds, forgetDeleted } from '@/lib/cache';
import { lotKeys } from '@/lib/query-keys';
import type { BulkLotDeleteResult } from '../types';
import { invalidateLotQueries } from './invalidate';

export const bulkDeleteLots = (ids: string[]) => api.post<BulkLotDeleteResult>('/lots/bulk-delete', { ids });

export function useBulkDeleteLots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteLots,
    onSuccess: (result, ids) => {
      forgetDeleted(queryClient, lotKeys.detail, deletedIds(ids, result));
      return invalidateLotQueries(queryClient);
    },
  });
}

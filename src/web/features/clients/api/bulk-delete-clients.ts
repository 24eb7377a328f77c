import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deletedIds, forgetDeleted } from '@/lib/cache';
import { clientKeys } from '@/lib/query-keys';
import type { BulkDeleteResult } from '../types';
import { invalidateClientQueries } from './invalidate';

export const bulkDeleteClients = (ids: string[]) => api.post<BulkDeleteResult>('/clients/bulk-delete', { ids });

export function useBulkDeleteClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteClients,
    onSuccess: (result, ids) => {
      forgetDeleted(queryClient, clientKeys.detail, deletedIds(ids, result));
      return invalidateClientQueries(queryClient);
    },
  });
}

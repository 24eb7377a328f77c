import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import type { BulkDeleteResult } from '../types';
import { invalidateClientQueries } from './invalidate';

export const bulkDeleteClients = (ids: string[]) => api.post<BulkDeleteResult>('/clients/bulk-delete', { ids });

export function useBulkDeleteClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteClients,
    onSuccess: (result, ids) => {
      const kept = new Set(result.kept.map((k) => k.id));
      for (const id of ids) if (!kept.has(id)) queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      return invalidateClientQueries(queryClient);
    },
  });
}

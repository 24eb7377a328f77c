import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BulkDeleteResult } from '../types';
import { clientQueryKey } from './get-client';
import { CLIENTS_QUERY_KEY, DASHBOARD_QUERY_KEY } from './keys';

export const bulkDeleteClients = (ids: string[]) => api.post<BulkDeleteResult>('/clients/bulk-delete', { ids });

export function useBulkDeleteClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteClients,
    onSuccess: (result, ids) => {
      const kept = new Set(result.kept.map((k) => k.id));
      for (const id of ids) if (!kept.has(id)) queryClient.removeQueries({ queryKey: clientQueryKey(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]);
    },
  });
}

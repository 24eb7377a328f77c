import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetDeleted } from '@/lib/cache';
import { clientKeys } from '@/lib/query-keys';
import { invalidateClientQueries } from './invalidate';

export const deleteClient = (id: string) => api.delete<void>(`/clients/${encodeURIComponent(id)}`);

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, id) => {
      forgetDeleted(queryClient, clientKeys.detail, [id]);
      return invalidateClientQueries(queryClient);
    },
  });
}

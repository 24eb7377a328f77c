import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import { invalidateClientQueries } from './invalidate';

export const deleteClient = (id: string) => api.delete<void>(`/clients/${encodeURIComponent(id)}`);

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, id) => {
      // Dropped, not refetched: asking for it again would only answer 404.
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      return invalidateClientQueries(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientQueryKey } from './get-client';
import { CLIENTS_QUERY_KEY, DASHBOARD_QUERY_KEY } from './keys';

export const deleteClient = (id: string) => api.delete<void>(`/clients/${encodeURIComponent(id)}`);

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, id) => {
      // Dropped, not refetched: asking for it again would only answer 404.
      queryClient.removeQueries({ queryKey: clientQueryKey(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]);
    },
  });
}

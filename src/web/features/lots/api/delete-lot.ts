import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { lotKeys } from '@/lib/query-keys';
import { invalidateLotQueries } from './invalidate';

export const deleteLot = (id: string) => api.delete<void>(`/lots/${encodeURIComponent(id)}`);

export function useDeleteLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLot,
    onSuccess: (_, id) => {
      // Dropped, not refetched: asking for it again would only answer 404.
      queryClient.removeQueries({ queryKey: lotKeys.detail(id) });
      return invalidateLotQueries(queryClient);
    },
  });
}

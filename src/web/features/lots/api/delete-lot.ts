import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetDeleted } from '@/lib/cache';
import { lotKeys } from '@/lib/query-keys';
import { invalidateLotQueries } from './invalidate';

export const deleteLot = (id: string) => api.delete<void>(`/lots/${encodeURIComponent(id)}`);

export function useDeleteLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLot,
    onSuccess: (_, id) => {
      forgetDeleted(queryClient, lotKeys.detail, [id]);
      return invalidateLotQueries(queryClient);
    },
  });
}

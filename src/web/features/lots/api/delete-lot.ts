import { useDeleteMutation } from '@/hooks/use-delete-mutation';
import { api } from '@/lib/api-client';
import { LOT_DELETES } from './invalidate';

export const deleteLot = (id: string) => api.delete<void>(`/lots/${encodeURIComponent(id)}`);

export function useDeleteLot() {
  return useDeleteMutation(deleteLot, LOT_DELETES);
}

import { useDeleteMutation } from '@/hooks/use-delete-mutation';
import { api } from '@/lib/api-client';
import { CLIENT_DELETES } from './invalidate';

export const deleteClient = (id: string) => api.delete<void>(`/clients/${encodeURIComponent(id)}`);

export function useDeleteClient() {
  return useDeleteMutation(deleteClient, CLIENT_DELETES);
}

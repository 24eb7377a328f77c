import { useBulkDeleteMutation } from '@/hooks/use-delete-mutation';
import { api } from '@/lib/api-client';
import type { BulkDeleteResult } from '../types';
import { CLIENT_DELETES } from './invalidate';

export const bulkDeleteClients = (ids: string[]) => api.post<BulkDeleteResult>('/clients/bulk-delete', { ids });

export function useBulkDeleteClients() {
  return useBulkDeleteMutation(bulkDeleteClients, CLIENT_DELETES);
}

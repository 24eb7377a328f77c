import { useBulkDeleteMutation } from '@/hooks/use-delete-mutation';
import { api } from '@/lib/api-client';
import type { BulkLotDeleteResult } from '../types';
import { LOT_DELETES } from './invalidate';

export const bulkDeleteLots = (ids: string[]) => api.post<BulkLotDeleteResult>('/lots/bulk-delete', { ids });

export function useBulkDeleteLots() {
  return useBulkDeleteMutation(bulkDeleteLots, LOT_DELETES);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotUpdate } from '@domain/lots/lot.schema';
import { api } from '@/lib/api-client';
import type { Lot, LotDetail } from '../types';
import { invalidateLotQueries } from './invalidate';
import { ACCOUNTS_QUERY_KEY, lotQueryKey } from './keys';

export const updateLot = ({ id, input }: { id: string; input: LotUpdate }) => api.put<Lot>(`/lots/${encodeURIComponent(id)}`, input);

export function useUpdateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLot,
    onSuccess: (lot, { input }) => {
      // The lot page shows the saved record at once; its allocations are refetched with the rest.
      queryClient.setQueryData<LotDetail>(lotQueryKey(lot.id), (detail) => (detail ? { ...detail, lot } : detail));
      return Promise.all([
        invalidateLotQueries(queryClient),
        input.account_number ? queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }) : undefined,
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotUpdate } from '@domain/lots/lot.schema';
import { api } from '@/lib/api-client';
import { accountKeys, lotKeys } from '@/lib/query-keys';
import type { Lot, LotDetail } from '../types';
import { invalidateLotQueries } from './invalidate';

export const updateLot = ({ id, input }: { id: string; input: LotUpdate }) =>
  api.put<Lot>(`/lots/${encodeURIComponent(id)}`, input);

export function useUpdateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLot,
    onSuccess: (lot, { input }) => {
      // The lot page shows the saved record at once; its allocations are refetched with the rest.
      queryClient.setQueryData<LotDetail>(lotKeys.detail(lot.id), (detail) => (detail ? { ...detail, lot } : detail));
      return Promise.all([
        invalidateLotQueries(queryClient),
        input.account_number ? queryClient.invalidateQueries({ queryKey: accountKeys.all }) : undefined,
      ]);
    },
  });
}

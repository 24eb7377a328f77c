import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotInput } from '@domain/lots/lot.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from '@/lib/query-keys';
import type { Lot } from '../types';
import { invalidateLotQueries } from './invalidate';

export const createLot = (input: LotInput) => api.post<Lot>('/lots', input);

export function useCreateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLot,
    onSuccess: (_, input) =>
      Promise.all([
        invalidateLotQueries(queryClient),
        // A new account number became an account of the agency.
        input.account_number ? queryClient.invalidateQueries({ queryKey: accountKeys.all }) : undefined,
      ]),
  });
}

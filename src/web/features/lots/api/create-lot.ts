import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotInput } from '@domain/lots/lot.schema';
import { api } from '@/lib/api-client';
import { accountKeys, cardKeys, payableKeys } from '@/lib/query-keys';
import type { Lot } from '../types';
import { invalidateLotQueries } from './invalidate';

/** A new lot and, when bought on a card, its card and instalments (issue #23). */
export type LotSaveInput = LotInput & { card_id?: string; instalments?: string };

export const createLot = (input: LotSaveInput) => api.post<Lot>('/lots', input);

export function useCreateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLot,
    onSuccess: (_, input) =>
      Promise.all([
        invalidateLotQueries(queryClient),
        // A new account number became an account of the agency.
        input.account_number ? queryClient.invalidateQueries({ queryKey: accountKeys.all }) : undefined,
        // Bought on a card: its instalments are new payables, and the card owes more.
        input.card_id ? queryClient.invalidateQueries({ queryKey: payableKeys.all }) : undefined,
        input.card_id ? queryClient.invalidateQueries({ queryKey: cardKeys.all }) : undefined,
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardKeys } from '@/lib/query-keys';
import type { Card, CardInput } from '../types';

/** 'Novo cartão': a card with no instalments yet, so only the cards (and the lot form's picker) refresh. */
export const createCard = (input: CardInput) => api.post<Card>('/cards', input);

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

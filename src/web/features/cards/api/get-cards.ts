import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardKeys } from '@/lib/query-keys';
import type { CardList } from '../types';

/** Every credit card of the agency, with what its unpaid instalments still owe. */
export const getCards = (signal?: AbortSignal) => api.get<CardList>('/cards', { signal });

export const getCardsQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.all,
    queryFn: ({ signal }) => getCards(signal),
    select: (result) => result.data,
  });

export function useCards() {
  return useQuery(getCardsQueryOptions());
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/query-keys';
import { invalidateTransferQueries } from '@/features/transfers/api/invalidate';
import type { Club, ClubInput } from '../types';

/** A club's months become lots with their purchases posted: the clubs and every figure on lots refresh. */
const invalidateClubQueries = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: clubKeys.all }), invalidateTransferQueries(queryClient)]);

/** 'Novo clube': the subscription, with the months since its start billed at once. */
export const createClub = (input: ClubInput) => api.post<Club>('/clubs', input);

/** 'Encerrar clube': no month is billed after today. */
export const endClub = (id: string) => api.post<Club>(`/clubs/${encodeURIComponent(id)}/end`, {});

export function useCreateClub() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createClub, onSuccess: () => invalidateClubQueries(queryClient) });
}

export function useEndClub() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endClub, onSuccess: () => invalidateClubQueries(queryClient) });
}

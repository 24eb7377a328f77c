import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkExpiredResult } from '@domain/lots/lot.schema';
import { api } from '@/lib/api-client';
import { invalidateLotQueries } from './invalidate';

/** 'Marcar Expirados': every available lot whose expiry day has passed becomes expired (spec part 1 §4). */
export const markExpiredLots = () => api.post<MarkExpiredResult>('/lots/mark-expired');

export function useMarkExpiredLots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markExpiredLots,
    onSuccess: () => invalidateLotQueries(queryClient),
  });
}

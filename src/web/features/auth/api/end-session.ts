import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

export const endSession = (sessionId: string) => api.delete<void>(`/auth/sessions/${encodeURIComponent(sessionId)}`);

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

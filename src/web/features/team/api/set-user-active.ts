import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamUser } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

/** Deactivates the user (their sessions end at once) or reactivates them. */
export const setUserActive = ({ id, active }: { id: string; active: boolean }) =>
  api.post<TeamUser>(`/team/users/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`);

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.users() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

export const revokeInvitation = (id: string) =>
  api.post<Invitation>(`/team/invitations/${encodeURIComponent(id)}/revoke`);

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationInput, InvitationSent } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

export const createInvitation = (input: InvitationInput) => api.post<InvitationSent>('/team/invitations', input);

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

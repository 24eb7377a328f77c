import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationSent } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

/** A new link valid 72 h (the old one stops working), e-mailed, or answered when there is no SMTP. */
export const resendInvitation = (id: string) =>
  api.post<InvitationSent>(`/team/invitations/${encodeURIComponent(id)}/resend`);

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations() }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

/** The accept page's invitation (no session needed). A dead link is an error whose code says why. */
export const getInvitationPreview = (token: string, signal?: AbortSignal) =>
  api.get<InvitationPreview>(`/auth/invitations/${encodeURIComponent(token)}`, { signal });

export const getInvitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    // A 404 or 410 is the link's answer, not a hiccup.
    retry: false,
  });

export function useInvitationPreview(token: string) {
  return useQuery(getInvitationPreviewQueryOptions(token));
}

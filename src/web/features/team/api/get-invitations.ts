import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationList } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

export const getInvitations = (signal?: AbortSignal) => api.get<InvitationList>('/team/invitations', { signal });

export const getInvitationsQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.invitations(), queryFn: ({ signal }) => getInvitations(signal) });

export function useInvitations() {
  return useQuery(getInvitationsQueryOptions());
}

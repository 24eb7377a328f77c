import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamUserList } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

export const getTeamUsers = (signal?: AbortSignal) => api.get<TeamUserList>('/team/users', { signal });

export const getTeamUsersQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.users(), queryFn: ({ signal }) => getTeamUsers(signal) });

export function useTeamUsers() {
  return useQuery(getTeamUsersQueryOptions());
}

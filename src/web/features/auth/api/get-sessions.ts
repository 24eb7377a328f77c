import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export interface UserSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  current: boolean;
}

export const getSessions = (signal?: AbortSignal) => api.get<{ data: UserSession[] }>('/auth/sessions', { signal });

export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
    select: (result) => result.data,
  });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';
import type { Session } from '@/types/api';

/** The signed-in user and agency, or null when there is no session. */
export async function getMe(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await api.get<Session>('/auth/me', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(getMeQueryOptions());
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A mutation that opens a session (sign-in, sign-up): the new user starts from an empty cache, signed in. */
export function useSessionMutation<I>(mutationFn: (input: I) => Promise<Session>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (session) => {
      // Nothing cached for a previous user may show to this one.
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), session);
    },
  });
}

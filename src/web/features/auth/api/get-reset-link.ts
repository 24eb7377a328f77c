import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

/** Whether a reset link can still be used: 410 with the reason when not (not retried). */
export const getResetLink = (token: string, signal?: AbortSignal) =>
  api.get<{ valid: true }>(`/auth/password/reset/${encodeURIComponent(token)}`, { signal });

export const getResetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...authKeys.all, 'reset-link', token] as const,
    queryFn: ({ signal }) => getResetLink(token, signal),
    retry: (count, error) => !(isApiError(error) && error.status === 410) && count < 2,
    staleTime: Infinity,
  });

export function useResetLink(token: string) {
  return useQuery(getResetLinkQueryOptions(token));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export interface SetupStatus {
  /** No user exists yet: the first visitor creates the agency and its first user. */
  needs_setup: boolean;
  /** Demo credentials offered on the sign-in page of demo installs. */
  demo?: { identifier: string; password: string } | null;
}

export const getSetup = (signal?: AbortSignal) => api.get<SetupStatus>('/auth/setup', { signal });

export const getSetupQueryOptions = () =>
  queryOptions({ queryKey: authKeys.setup(), queryFn: ({ signal }) => getSetup(signal), staleTime: 0 });

export function useSetup() {
  return useQuery(getSetupQueryOptions());
}

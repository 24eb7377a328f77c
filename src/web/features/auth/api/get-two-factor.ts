import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

export const getTwoFactor = (signal?: AbortSignal) => api.get<TwoFactorStatus>('/auth/totp', { signal });

export const getTwoFactorQueryOptions = () =>
  queryOptions({ queryKey: authKeys.twoFactor(), queryFn: ({ signal }) => getTwoFactor(signal) });

export function useTwoFactor() {
  return useQuery(getTwoFactorQueryOptions());
}

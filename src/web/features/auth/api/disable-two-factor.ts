import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpDisable } from '@domain/auth/two-factor.schema';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export const disableTwoFactor = (input: TotpDisable) => api.post<void>('/auth/totp/disable', input);

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]),
  });
}

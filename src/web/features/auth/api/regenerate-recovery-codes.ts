import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TotpConfirm } from '@domain/auth/two-factor.schema';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export const regenerateRecoveryCodes = (input: TotpConfirm) =>
  api.post<RecoveryCodes>('/auth/totp/recovery-codes', input);

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() }),
  });
}

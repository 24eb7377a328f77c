import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TotpConfirm } from '@domain/auth/two-factor.schema';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export const confirmTwoFactor = (input: TotpConfirm) => api.post<RecoveryCodes>('/auth/totp/confirm', input);

/** Confirms the enrolment: the status and the session's flags (totp_enabled, mfa_setup_required) change. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() }),
  });
}

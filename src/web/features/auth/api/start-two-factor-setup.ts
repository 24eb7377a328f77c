import { useMutation } from '@tanstack/react-query';
import type { TotpSetup } from '@domain/auth/two-factor.schema';
import { api } from '@/lib/api-client';

/** A new secret for the authenticator app (QR code and key); not in force until confirmed. */
export const startTwoFactorSetup = () => api.post<TotpSetup>('/auth/totp/setup', {});

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '@domain/auth/two-factor.schema';
import { api } from '@/lib/api-client';

/** Sets the new password through the link; every session of the user ends. */
export const resetPassword = (input: ResetPassword) => api.post<void>('/auth/password/reset', input);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

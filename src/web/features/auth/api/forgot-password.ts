import { useMutation } from '@tanstack/react-query';
import type { ForgotPassword } from '@domain/auth/two-factor.schema';
import { api } from '@/lib/api-client';

/** Always the same answer, whether or not the account exists. */
export const forgotPassword = (input: ForgotPassword) => api.post<{ message: string }>('/auth/password/forgot', input);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePassword } from '@domain/auth/auth.schema';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';

export const changePassword = (input: ChangePassword) => api.put<void>('/auth/password', input);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server ends every other session when the password changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}

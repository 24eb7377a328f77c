import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUp } from '@domain/auth/auth.schema';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';
import type { Session } from '@/types/api';

export const signUp = (input: SignUp) => api.post<Session>('/auth/sign-up', input);

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), session);
    },
  });
}

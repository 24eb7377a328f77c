import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn } from '@domain/auth/auth.schema';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';
import type { Session } from '@/types/api';

export const signIn = (input: SignIn) => api.post<Session>('/auth/sign-in', input);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      // Nothing cached for a previous user may show to this one.
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), session);
    },
  });
}

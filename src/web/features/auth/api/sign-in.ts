import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn } from '@domain/auth/auth.schema';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';
import type { Session } from '@/types/api';

/** The sign-in's answer: the session, or — for a user with two-factor sign-in — that a code is due. */
export type SignInAnswer = Session | { mfa_required: true };

export const isMfaRequired = (answer: SignInAnswer): answer is { mfa_required: true } => 'mfa_required' in answer;

export const signIn = (input: SignIn) => api.post<SignInAnswer>('/auth/sign-in', input);

/** Signs in; a complete session replaces everything cached (as useSessionMutation), a pending one touches nothing. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      if (isMfaRequired(answer)) return;
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), answer);
    },
  });
}

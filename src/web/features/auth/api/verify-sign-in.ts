import type { SecondFactor } from '@domain/auth/two-factor.schema';
import { api } from '@/lib/api-client';
import type { Session } from '@/types/api';
import { useSessionMutation } from './get-me';

/** The sign-in's second step: a code from the app or a recovery code, for the pending session's cookie. */
export const verifySignIn = (input: SecondFactor) => api.post<Session>('/auth/sign-in/verify', input);

export function useVerifySignIn() {
  return useSessionMutation(verifySignIn);
}

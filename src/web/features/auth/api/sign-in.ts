import type { SignIn } from '@domain/auth/auth.schema';
import { api } from '@/lib/api-client';
import type { Session } from '@/types/api';
import { useSessionMutation } from './get-me';

export const signIn = (input: SignIn) => api.post<Session>('/auth/sign-in', input);

export function useSignIn() {
  return useSessionMutation(signIn);
}

import type { SignUp } from '@domain/auth/auth.schema';
import { api } from '@/lib/api-client';
import type { Session } from '@/types/api';
import { useSessionMutation } from './get-me';

export const signUp = (input: SignUp) => api.post<Session>('/auth/sign-up', input);

export function useSignUp() {
  return useSessionMutation(signUp);
}

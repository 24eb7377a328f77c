import { useMutation } from '@tanstack/react-query';
import { SIGN_IN_PATH } from '@/config/constants';
import { api, isApiError } from '@/lib/api-client';

/** Spec part 1 §8: sign-out ignores 401, 403 and 404 (the session is already gone). */
export async function signOut(): Promise<void> {
  try {
    await api.post<void>('/auth/sign-out');
  } catch (error) {
    if (isApiError(error) && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}

export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    // A full page load to the sign-in page: nothing of this user's data stays in memory.
    onSuccess: () => window.location.replace(SIGN_IN_PATH),
  });
}

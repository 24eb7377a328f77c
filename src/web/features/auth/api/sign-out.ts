import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { ME_QUERY_KEY } from './get-me';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
    },
  });
}

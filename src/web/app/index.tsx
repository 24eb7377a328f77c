import { useEffect, useState } from 'react';
import { hashKey } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ERROR_MESSAGES } from '@/config/messages';
import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { setMfaSetupRequiredHandler, setUnauthorizedHandler } from '@/lib/api-client';
import { afterFirstPageInteractive } from '@/lib/after-interactive';
import { createQueryClient } from '@/lib/query-client';
import { authKeys } from '@/lib/query-keys';
import { loadToaster, toast } from '@/lib/toast';
import { warmUpAfterFirstPaint } from '@/lib/warm-up';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Who is signed in decides every first page (/entrar or the shell): ask as the app starts,
    // beside the page's own modules rather than after them.
    void client.prefetchQuery(getMeQueryOptions());
    return client;
  });
  const [router] = useState(() => createAppRouter(queryClient));

  useEffect(() => afterFirstPageInteractive(router, queryClient, () => void loadToaster()), [router, queryClient]);
  useEffect(warmUpAfterFirstPaint, []);

  useEffect(() => {
    // A 401 from any data call means the session ended (expired, signed out elsewhere, password
    // changed): forget the user and everything cached. RequireAuth then sends the page to
    // /entrar?redirect=<here>, so signing in again comes back to it.
    setUnauthorizedHandler(() => {
      queryClient.setQueryData(authKeys.me(), null);
      const meHash = hashKey(authKeys.me());
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
      toast.error(ERROR_MESSAGES.unauthorized, {
        id: 'session-ended',
        description: 'Sua sessão terminou. Entre novamente para continuar.',
      });
    });
    // The agency now requires a second factor this user lacks: reload the session, whose
    // mfa_setup_required sends RequireAuth to the enrolment page.
    setMfaSetupRequiredHandler(() => void queryClient.invalidateQueries({ queryKey: authKeys.me() }));
    return () => {
      setUnauthorizedHandler(null);
      setMfaSetupRequiredHandler(null);
    };
  }, [queryClient]);

  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

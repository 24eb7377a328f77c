import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { SIGN_IN_PATH } from '@/config/constants';
import { ERROR_MESSAGES } from '@/config/messages';
import { ME_QUERY_KEY } from '@/features/auth/api/get-me';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { signInPathFor } from '@/lib/safe-redirect';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  useEffect(() => {
    // A 401 from any data call means the session ended (expired, signed out elsewhere, password
    // changed): forget everything cached and ask to sign in again, coming back here afterwards.
    setUnauthorizedHandler(() => {
      const { pathname, search } = router.state.location;
      if (pathname === SIGN_IN_PATH) return;
      queryClient.setQueryData(ME_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      toast.error(ERROR_MESSAGES.unauthorized, {
        id: 'session-ended',
        description: 'Sua sessão terminou. Entre novamente para continuar.',
      });
      void router.navigate(signInPathFor(`${pathname}${search}`), { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [queryClient, router]);

  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

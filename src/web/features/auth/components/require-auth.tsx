import * as React from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { QueryErrorState } from '@/components/query-error-state';
import { signInPathFor } from '@/lib/safe-redirect';
import type { Session } from '@/types/api';
import { useMe } from '../api/get-me';
import { TWO_FACTOR_SETUP_PATH } from '../paths';

export interface RequireAuthProps {
  children: (session: Session) => React.ReactNode;
}

/**
 * Renders its children only for a signed-in user; others go to /entrar?redirect=<here>, and a user
 * the agency requires to enrol a second factor goes to enrol first.
 */
export function RequireAuth({ children }: RequireAuthProps) {
  const me = useMe();
  const location = useLocation();

  if (me.data?.user.mfa_setup_required) {
    const here = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${TWO_FACTOR_SETUP_PATH}?redirect=${here}`} replace />;
  }
  if (me.data) return <>{children(me.data)}</>;
  if (me.data === null) {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (me.isError) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-background p-6">
        <QueryErrorState className="w-full max-w-md" title="Não foi possível verificar sua sessão" query={me} />
      </div>
    );
  }
  return <FullPageLoader label="Verificando sessão" />;
}

import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { APP_NAME } from '@/config/constants';
import type { RouteHandle } from '@/config/navigation';

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that declares a title. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** "<Title> · Milheiro" from the current route's handle. */
export function useDocumentTitle(): void {
  const title = useRouteHandle()?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}

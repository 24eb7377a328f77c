import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { getMeQueryOptions } from '@/features/auth/api/get-me';

/**
 * A page's loader starts its queries as the navigation starts, while the page's code is still on
 * its way (router.tsx loads the two side by side). It does not wait for them: the page shows its
 * skeleton, not-found card or retry from the query's state as before, and its useQuery joins the
 * request under way (same key). The session is read first (the same query RequireAuth reads), so
 * a visitor without one goes to /entrar without requests that would answer 401.
 *
 * Each page's loader is a module of its own (this folder), so a page loads the queries and schemas
 * it reads and no other page's (#14: no chunk a page does not use).
 */
export type PageLoader = (queryClient: QueryClient) => LoaderFunction;

export function prefetching(queryClient: QueryClient, start: (args: LoaderFunctionArgs) => void): LoaderFunction {
  return (args) => {
    void queryClient.ensureQueryData(getMeQueryOptions()).then(
      (session) => {
        if (session) start(args);
      },
      () => undefined,
    );
    return null;
  };
}

export const searchParamsOf = (request: Request) => new URL(request.url).searchParams;

import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { getAccountHistoryQueryOptions } from '@/features/accounts/api/get-account-history';
import { readAccountHistoryParams } from '@/features/accounts/history-params';
import { getAgencySettingsQueryOptions } from '@/features/agency/api/get-settings';
import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { getClientQueryOptions } from '@/features/clients/api/get-client';
import { getClientEmissionsQueryOptions } from '@/features/clients/api/get-client-emissions';
import { getClientsQueryOptions } from '@/features/clients/api/get-clients';
import { readClientListParams } from '@/features/clients/list-params';
import { getEmissionQueryOptions } from '@/features/emissions/api/get-emission';
import { getEmissionsQueryOptions } from '@/features/emissions/api/get-emissions';
import { readEmissionListParams } from '@/features/emissions/list-params';
import { getLotQueryOptions } from '@/features/lots/api/get-lot';
import { getLotAllocationsQueryOptions } from '@/features/lots/api/get-lot-allocations';
import { getLotsQueryOptions } from '@/features/lots/api/get-lots';
import { readLotListParams } from '@/features/lots/list-params';

/**
 * A loader that starts the page's queries as the navigation starts, while the page's code is still
 * on its way (router.tsx loads the two side by side). It does not wait for them: the page
 * shows its skeleton, not-found card or retry from the query's state as before, and its useQuery
 * joins the request under way (same key). The session is read first (the same query RequireAuth
 * reads), so a visitor without one goes to /entrar without requests that would answer 401.
 */
function prefetching(queryClient: QueryClient, start: (args: LoaderFunctionArgs) => void): LoaderFunction {
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

const searchParamsOf = (request: Request) => new URL(request.url).searchParams;

export type RouteLoaders = ReturnType<typeof createRouteLoaders>;

/** The queries each list and record page starts with; their parameters are the ones the page computes on its first render. */
export function createRouteLoaders(queryClient: QueryClient) {
  return {
    clients: prefetching(queryClient, ({ request }) => {
      void queryClient.prefetchQuery(getClientsQueryOptions(readClientListParams(searchParamsOf(request))));
    }),
    client: prefetching(queryClient, ({ params }) => {
      const id = params.id ?? '';
      void queryClient.prefetchQuery(getClientQueryOptions(id));
      void queryClient.prefetchQuery(getClientEmissionsQueryOptions(id, 1));
    }),
    lots: prefetching(queryClient, ({ request }) => {
      void queryClient.prefetchQuery(getLotsQueryOptions(readLotListParams(searchParamsOf(request))));
      void queryClient.prefetchQuery(getAgencySettingsQueryOptions());
    }),
    lot: prefetching(queryClient, ({ params }) => {
      const id = params.id ?? '';
      void queryClient.prefetchQuery(getLotQueryOptions(id));
      void queryClient.prefetchQuery(getLotAllocationsQueryOptions(id, 1));
      void queryClient.prefetchQuery(getAgencySettingsQueryOptions());
    }),
    account: prefetching(queryClient, ({ params, request }) => {
      const { page } = readAccountHistoryParams(searchParamsOf(request));
      void queryClient.prefetchQuery(getAccountHistoryQueryOptions(params.id ?? '', page));
    }),
    emissions: prefetching(queryClient, ({ request }) => {
      const state = readEmissionListParams(searchParamsOf(request));
      // An inverted period is not sent; a page that opens on one lists without a period (emissions.tsx).
      const inverted = state.date_from !== null && state.date_to !== null && state.date_from > state.date_to;
      void queryClient.prefetchQuery(
        getEmissionsQueryOptions(inverted ? { ...state, date_from: null, date_to: null } : state),
      );
    }),
    emission: prefetching(queryClient, ({ params }) => {
      void queryClient.prefetchQuery(getEmissionQueryOptions(params.id ?? ''));
    }),
  };
}

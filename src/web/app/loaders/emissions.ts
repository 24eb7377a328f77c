import { getEmissionsQueryOptions } from '@/features/emissions/api/get-emissions';
import { readEmissionListParams } from '@/features/emissions/list-params';
import { prefetching, searchParamsOf, type PageLoader } from './prefetching';

/** /emissoes: the list's page the address asks for. */
const emissionsLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ request }) => {
    const state = readEmissionListParams(searchParamsOf(request));
    // An inverted period is not sent; a page that opens on one lists without a period (emissions.tsx).
    const inverted = state.date_from !== null && state.date_to !== null && state.date_from > state.date_to;
    void queryClient.prefetchQuery(
      getEmissionsQueryOptions(inverted ? { ...state, date_from: null, date_to: null } : state),
    );
  });
export default emissionsLoader;

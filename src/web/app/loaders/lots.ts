import { getAgencySettingsQueryOptions } from '@/features/agency/api/get-settings';
import { getLotsQueryOptions } from '@/features/lots/api/get-lots';
import { readLotListParams } from '@/features/lots/list-params';
import { prefetching, searchParamsOf, type PageLoader } from './prefetching';

/** /lotes: the list's page the address asks for, and the agency's settings (the expiry window). */
const lotsLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ request }) => {
    void queryClient.prefetchQuery(getLotsQueryOptions(readLotListParams(searchParamsOf(request))));
    void queryClient.prefetchQuery(getAgencySettingsQueryOptions());
  });
export default lotsLoader;

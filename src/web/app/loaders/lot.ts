import { getAgencySettingsQueryOptions } from '@/features/agency/api/get-settings';
import { getLotQueryOptions } from '@/features/lots/api/get-lot';
import { getLotAllocationsQueryOptions } from '@/features/lots/api/get-lot-allocations';
import { prefetching, type PageLoader } from './prefetching';

/** /lotes/:id: the lot, the first page of its allocations and the agency's settings. */
const lotLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ params }) => {
    const id = params.id ?? '';
    void queryClient.prefetchQuery(getLotQueryOptions(id));
    void queryClient.prefetchQuery(getLotAllocationsQueryOptions(id, 1));
    void queryClient.prefetchQuery(getAgencySettingsQueryOptions());
  });
export default lotLoader;

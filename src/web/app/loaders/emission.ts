import { getEmissionQueryOptions } from '@/features/emissions/api/get-emission';
import { prefetching, type PageLoader } from './prefetching';

/** /emissoes/:id: the emission. */
const emissionLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ params }) => {
    void queryClient.prefetchQuery(getEmissionQueryOptions(params.id ?? ''));
  });
export default emissionLoader;

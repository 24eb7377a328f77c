import { getClientQueryOptions } from '@/features/clients/api/get-client';
import { getClientEmissionsQueryOptions } from '@/features/clients/api/get-client-emissions';
import { prefetching, type PageLoader } from './prefetching';

/** /clientes/:id: the client and the first page of their emissions. */
const clientLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ params }) => {
    const id = params.id ?? '';
    void queryClient.prefetchQuery(getClientQueryOptions(id));
    void queryClient.prefetchQuery(getClientEmissionsQueryOptions(id, 1));
  });
export default clientLoader;

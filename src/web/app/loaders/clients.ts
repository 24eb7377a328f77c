import { getClientsQueryOptions } from '@/features/clients/api/get-clients';
import { readClientListParams } from '@/features/clients/list-params';
import { prefetching, searchParamsOf, type PageLoader } from './prefetching';

/** /clientes: the list's page the address asks for. */
const clientsLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ request }) => {
    void queryClient.prefetchQuery(getClientsQueryOptions(readClientListParams(searchParamsOf(request))));
  });
export default clientsLoader;

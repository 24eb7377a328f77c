import { getAccountHistoryQueryOptions } from '@/features/accounts/api/get-account-history';
import { readAccountHistoryParams } from '@/features/accounts/history-params';
import { prefetching, searchParamsOf, type PageLoader } from './prefetching';

/** /contas/:id: the account's page of history the address asks for. */
const accountLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ params, request }) => {
    const { page } = readAccountHistoryParams(searchParamsOf(request));
    void queryClient.prefetchQuery(getAccountHistoryQueryOptions(params.id ?? '', page));
  });
export default accountLoader;

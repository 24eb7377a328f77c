import { todayIso } from '@domain/format';
import { getAgencySettingsQueryOptions } from '@/features/agency/api/get-settings';
import { getClubsQueryOptions } from '@/features/clubs/api/get-clubs';
import { getLotsQueryOptions } from '@/features/lots/api/get-lots';
import { readLotListParams } from '@/features/lots/list-params';
import { getSalesQueryOptions } from '@/features/sales/api/get-sales';
import { getSuppliersQueryOptions } from '@/features/suppliers/api/get-suppliers';
import { yearStart } from '@/features/suppliers/supplier-form';
import { getCreditsQueryOptions } from '@/features/transfers/api/get-credits';
import { getTransfersQueryOptions } from '@/features/transfers/api/get-transfers';
import { prefetching, searchParamsOf, type PageLoader } from './prefetching';

/**
 * /lotes: the list's page the address asks for, the agency's settings (the expiry window), and the
 * first page of each section below the list (credits to come, clubs, transfers, sales, suppliers
 * this year), as each section asks for it: they came one round trip later, after the page's
 * first render, and the sections are what a phone's screen shows first.
 */
const lotsLoader: PageLoader = (queryClient) =>
  prefetching(queryClient, ({ request }) => {
    void queryClient.prefetchQuery(getLotsQueryOptions(readLotListParams(searchParamsOf(request))));
    void queryClient.prefetchQuery(getAgencySettingsQueryOptions());
    const today = todayIso();
    void queryClient.prefetchQuery(getCreditsQueryOptions({ status: 'pending', page: 1 }));
    void queryClient.prefetchQuery(getClubsQueryOptions(1));
    void queryClient.prefetchQuery(getTransfersQueryOptions(1));
    void queryClient.prefetchQuery(getSalesQueryOptions(1));
    void queryClient.prefetchQuery(getSuppliersQueryOptions({ from: yearStart(today), to: today }));
  });
export default lotsLoader;

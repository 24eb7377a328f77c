import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRANSFERS_PAGE_SIZE } from '@domain/transfers/transfer.schema';
import { api } from '@/lib/api-client';
import { transferKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { pageSearchParams } from '@/lib/search-params';
import type { TransferList } from '../types';

/** The agency's transfers of points, newest first, each with its credits. */
export const getTransfers = (page: number, signal?: AbortSignal) =>
  api.get<TransferList>(`/transfers?${pageSearchParams(new URLSearchParams(), page, TRANSFERS_PAGE_SIZE).toString()}`, {
    signal,
  });

export const getTransfersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: transferKeys.list({ page }),
    queryFn: ({ signal }) => getTransfers(page, signal),
    ...LIST_QUERY,
  });

export function useTransfers(page: number) {
  return useQuery(getTransfersQueryOptions(page));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLUBS_PAGE_SIZE } from '@domain/clubs/club.schema';
import { api } from '@/lib/api-client';
import { clubKeys } from '@/lib/query-keys';
import { LIST_QUERY } from '@/lib/query-client';
import { pageSearchParams } from '@/lib/search-params';
import type { ClubList } from '../types';

export const getClubs = (page: number, signal?: AbortSignal) =>
  api.get<ClubList>(`/clubs?${pageSearchParams(new URLSearchParams(), page, CLUBS_PAGE_SIZE).toString()}`, { signal });

export const getClubsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: clubKeys.list({ page }),
    queryFn: ({ signal }) => getClubs(page, signal),
    ...LIST_QUERY,
  });

export function useClubs(page: number) {
  return useQuery(getClubsQueryOptions(page));
}

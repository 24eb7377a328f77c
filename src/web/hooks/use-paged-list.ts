import { useEffect, useEffectEvent } from 'react';
import type { Paginated } from '@/types/api';

interface PagedQuery<L> {
  data: L | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
}

export interface PagedListView<L extends Paginated<unknown>> {
  list: L | undefined;
  /** The rows for the table; undefined while loading, and for a page past the end until it is clamped. */
  rows: L['data'] | undefined;
  /** A refetch is under way (the 'Atualizar' icon spins). */
  refreshing: boolean;
  /** The rows shown are the previous page's, while the next one loads. */
  stale: boolean;
  /** The pagination's choice: a new entry in the history, as a step of the user's own. */
  onPageChange: (page: number) => void;
}

/**
 * What a list page shows of its paged query. Spec part 1 §4: the page stays between 1 and the
 * last one (after deletes, or an old link); `update` moves it there, replacing the history entry.
 */
export function usePagedList<L extends Paginated<unknown>>(
  query: PagedQuery<L>,
  page: number,
  update: (patch: { page: number }, replace?: boolean) => void,
): PagedListView<L> {
  const list = query.data;
  // The current `update` (often a new function each render), without making it a trigger of the clamp.
  const clampTo = useEffectEvent((last: number) => update({ page: last }, true));
  useEffect(() => {
    if (!list || query.isPlaceholderData) return;
    const last = Math.max(list.total_pages, 1);
    if (page > last) clampTo(last);
  }, [list, query.isPlaceholderData, page]);

  const refreshing = query.isFetching && !query.isPending;
  return {
    list,
    // A page past the end (an old link, the last rows deleted) waits for the clamp instead of
    // flashing the empty state.
    rows: list && list.data.length === 0 && list.total > 0 ? undefined : list?.data,
    refreshing,
    stale: refreshing && query.isPlaceholderData,
    onPageChange: (target) => update({ page: target }),
  };
}

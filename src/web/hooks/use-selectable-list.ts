import type { RetryableQuery } from '@/components/query-error-state';
import { listSortProps } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';
import { usePageSelection } from '@/hooks/use-page-selection';
import { useRecordDialogs } from '@/hooks/use-record-dialogs';
import type { SortOrder } from '@/lib/search-params';
import type { Paginated } from '@/types/api';

interface ListQuery<L> extends RetryableQuery {
  data: L | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
}

/**
 * The machinery of a list page whose rows are selected, sorted, edited and deleted (clients,
 * lots): the page kept in range, the selection of the rows on screen, the record dialogs, and
 * what the page's table and pagination take of them.
 */
export function useSelectableList<L extends Paginated<{ id: string }>, S extends string>(
  query: ListQuery<L>,
  state: { page: number; sort: S; order: SortOrder },
  update: (patch: { page?: number; sort?: S; order?: SortOrder }, replace?: boolean) => void,
  /** What the rows on screen depend on: another page, order or filter starts the selection afresh. */
  scope: unknown,
) {
  const paged = usePagedList(query, state.page, update);
  const selection = usePageSelection<L['data'][number]>(scope, paged.list?.data ?? []);
  const dialogs = useRecordDialogs<L['data'][number]>();
  return {
    list: paged.list,
    selection,
    dialogs,
    /** The list card's query, for its error, and its pagination. */
    cardProps: { query, onPageChange: paged.onPageChange },
    /** The table's rows, order, selection and row actions. */
    tableProps: {
      rows: paged.rows,
      refreshing: paged.stale,
      ...listSortProps(state, update),
      ...selection.listProps,
      ...dialogs.rowActions,
    },
  };
}

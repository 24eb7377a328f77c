import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { nextSort, type SortOrder } from '@/lib/search-params';

/**
 * A list page's filters, order and page, kept in the address (spec part 1 §4): `read` parses them,
 * `update` writes a patch, replacing the history entry when the change is not the user's own step.
 *
 * A patch lands on the address as last written, not as last rendered: React Router hands its
 * functional update the parameters of the last render, so two changes made before the page
 * re-renders (one box typed right after another) would have the second undo the first.
 */
export function useListUrlState<S>(
  read: (params: URLSearchParams) => S,
  write: (params: URLSearchParams, patch: Partial<S>) => URLSearchParams,
): [state: S, update: (patch: Partial<S>, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The parameters written last, until the router renders newer ones (a navigation of its own).
  const written = useRef({ rendered: searchParams, latest: searchParams });
  const update = (patch: Partial<S>, replace = false) => {
    const base = written.current.rendered === searchParams ? written.current.latest : searchParams;
    const next = write(new URLSearchParams(base), patch);
    written.current = { rendered: searchParams, latest: next };
    setSearchParams(next, { replace });
  };
  return [read(searchParams), update];
}

/**
 * What a sortable list's table takes of its state: a column header flips its column or starts it
 * ascending, the phones' sort select sets both; either goes back to the first page.
 */
export function listSortProps<S extends string>(
  { sort, order }: { sort: S; order: SortOrder },
  update: (patch: { sort: S; order: SortOrder; page: number }) => void,
) {
  return {
    sort,
    order,
    onSort: (column: S) => update({ ...nextSort({ sort, order }, column), page: 1 }),
    onSortChange: (column: S, direction: SortOrder) => update({ sort: column, order: direction, page: 1 }),
  };
}

/** A filter select bound to one field of a list's state: a choice goes back to the first page. */
export function listFilterProps<S extends { page: number }, K extends keyof S>(
  state: S,
  update: (patch: Partial<S>) => void,
  key: K,
) {
  return {
    value: state[key],
    onValueChange: (value: S[K]) => update({ [key]: value, page: 1 } as unknown as Partial<S>),
  };
}

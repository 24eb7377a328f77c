import { useEffect, useEffectEvent, useRef } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { hasActiveFilters, useFiltersStore } from '@/stores/filters-store';
import { useDebouncedValue } from './use-debounced-value';

export interface GlobalSearch {
  /** What the box shows. */
  typed: string;
  setTyped: (typed: string) => void;
  /** The trimmed text the query uses, 300 ms behind the box. */
  search: string;
  /** Any of the shared filters narrows the lists. */
  active: boolean;
  /** Clears every shared filter, the search among them. */
  clear: () => void;
}

/**
 * A search box bound to the global search the list pages share (spec part 1 §3 "Filters").
 * Spec part 1 §4: the box shows every keystroke, the query waits 300 ms; `onSearch` hears of
 * each new search once it settles.
 */
export function useGlobalSearch(onSearch: (search: string) => void): GlobalSearch {
  const typed = useFiltersStore((state) => state.globalSearch);
  const setTyped = useFiltersStore((state) => state.setGlobalSearch);
  const clear = useFiltersStore((state) => state.clearFilters);
  const active = useFiltersStore(hasActiveFilters);
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();

  const lastSearch = useRef(search);
  // The current `onSearch`, without making a new callback a trigger of the effect.
  const searched = useEffectEvent((next: string) => onSearch(next));
  useEffect(() => {
    if (lastSearch.current === search) return;
    lastSearch.current = search;
    searched(search);
  }, [search]); // only a change of search is news
  return { typed, setTyped, search, active, clear };
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { useDebouncedValue } from './use-debounced-value';

export interface UrlSearch {
  /** What the box shows. */
  typed: string;
  setTyped: (typed: string) => void;
  /** Empties the box at once, for 'Limpar Filtros' (which clears the address itself). */
  clear: () => void;
}

/**
 * A search box whose search lives in the address, so a reload or a shared link shows the same
 * rows. Spec part 1 §4: the box shows every keystroke, the query waits 300 ms; `onSearch` gets the
 * trimmed text once it settles and differs from the address' `search`.
 */
export function useUrlSearch(search: string, onSearch: (search: string) => void): UrlSearch {
  const [typed, setTyped] = useState(search);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();
  const lastDebounced = useRef(debounced);
  // Reads the address' current `search` and `onSearch` without making them the effect's triggers.
  const settled = useEffectEvent((text: string) => {
    if (text !== search) onSearch(text);
  });
  useEffect(() => {
    if (lastDebounced.current === debounced) return;
    lastDebounced.current = debounced;
    settled(debounced);
  }, [debounced]); // only a change of what was typed writes the address
  // Back, Forward or 'Limpar Filtros' changed the address: the box follows.
  useEffect(() => {
    if (search !== lastDebounced.current) {
      lastDebounced.current = search;
      setTyped(search);
    }
  }, [search]);

  const clear = () => {
    lastDebounced.current = '';
    setTyped('');
  };
  return { typed, setTyped, clear };
}

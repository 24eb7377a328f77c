import { useState } from 'react';

export interface PageSelection<R> {
  selectedIds: ReadonlySet<string>;
  /** The selected rows, in the page's order. */
  selectedRows: R[];
  toggle: (id: string, selected: boolean) => void;
  toggleAll: (selected: boolean) => void;
  clear: () => void;
}

/**
 * The rows ticked on screen. Selection belongs to the rows on screen: another page, order or
 * filter (another `scope`) starts it afresh.
 */
export function usePageSelection<R extends { id: string }>(scope: unknown, rows: readonly R[]): PageSelection<R> {
  const key = JSON.stringify(scope);
  const [selection, setSelection] = useState<{ scope: string; ids: Set<string> }>({ scope: key, ids: new Set() });
  const selectedIds = selection.scope === key ? selection.ids : new Set<string>();

  const toggle = (id: string, selected: boolean) => {
    const ids = new Set(selectedIds);
    if (selected) ids.add(id);
    else ids.delete(id);
    setSelection({ scope: key, ids });
  };
  return {
    selectedIds,
    selectedRows: rows.filter((row) => selectedIds.has(row.id)),
    toggle,
    toggleAll: (selected) =>
      setSelection({ scope: key, ids: selected ? new Set(rows.map((row) => row.id)) : new Set() }),
    clear: () => setSelection({ scope: key, ids: new Set() }),
  };
}

import { useState } from 'react';

export interface PageSelection<R> {
  /** The selected rows, in the page's order. */
  selectedRows: R[];
  clear: () => void;
  /** What the list's table takes: the ticked ids, and ticking a row or all of them. */
  listProps: {
    selectedIds: ReadonlySet<string>;
    onToggle: (id: string, selected: boolean) => void;
    onToggleAll: (selected: boolean) => void;
  };
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
    selectedRows: rows.filter((row) => selectedIds.has(row.id)),
    clear: () => setSelection({ scope: key, ids: new Set() }),
    listProps: {
      selectedIds,
      onToggle: toggle,
      onToggleAll: (selected) =>
        setSelection({ scope: key, ids: selected ? new Set(rows.map((row) => row.id)) : new Set() }),
    },
  };
}

import type * as React from 'react';
import { ListCards, type ListCardsProps } from '@/components/list-rows';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { TableHead } from '@/components/ui/table';

/** What a list of selectable, sortable rows takes besides the rows: a table on wide screens, cards below. */
export interface SelectableListProps<R, S extends string, O extends string> {
  /** A newer page is on its way; the rows shown are the previous ones. */
  refreshing: boolean;
  sort: S;
  order: O;
  /** A column header was clicked: flip it or start it ascending. */
  onSort: (column: S) => void;
  /** The small screens' sort select. */
  onSortChange: (sort: S, order: O) => void;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onEdit: (row: R) => void;
  onDelete: (row: R) => void;
  /** Shown in place of the rows when the page is empty. */
  empty: React.ReactNode;
}

/** The header checkbox's state for the rows on screen: all, some or none selected. */
export function selectAllState(
  rows: readonly { id: string }[],
  selectedIds: ReadonlySet<string>,
): boolean | 'indeterminate' {
  const selected = rows.filter((row) => selectedIds.has(row.id)).length;
  return rows.length > 0 && selected === rows.length ? true : selected > 0 ? 'indeterminate' : false;
}

export interface SelectAllHeadProps {
  rows: readonly { id: string }[];
  selectedIds: ReadonlySet<string>;
  onToggleAll: (checked: boolean) => void;
}

/** The wide tables' first header cell: "Selecionar todos" for the rows on screen. */
export function SelectAllHead({ rows, selectedIds, onToggleAll }: SelectAllHeadProps) {
  return (
    <TableHead className="w-10 pr-0">
      <SelectAllCheckbox rows={rows} selectedIds={selectedIds} onToggleAll={onToggleAll} />
    </TableHead>
  );
}

function SelectAllCheckbox({ rows, selectedIds, onToggleAll }: SelectAllHeadProps) {
  return (
    <Checkbox
      aria-label="Selecionar todos"
      checked={selectAllState(rows, selectedIds)}
      disabled={rows.length === 0}
      onCheckedChange={(checked) => onToggleAll(checked === true)}
    />
  );
}

export interface SelectableListCardsProps<
  R extends { id: string },
  S extends string,
  O extends string,
> extends ListCardsProps<R> {
  selectedIds: ReadonlySet<string>;
  onToggleAll: (checked: boolean) => void;
  sort: S;
  order: O;
  /** The sort choices, as value "sort:order". */
  sortOptions: readonly { value: `${S}:${O}`; label: string }[];
  onSortChange: (sort: S, order: O) => void;
}

/**
 * A list's cards on small screens, under one bar with "Selecionar todos" and the sort choice (the
 * table's headers would be off screen).
 */
export function SelectableListCards<R extends { id: string }, S extends string, O extends string>({
  selectedIds,
  onToggleAll,
  sort,
  order,
  sortOptions,
  onSortChange,
  ...cards
}: SelectableListCardsProps<R, S, O>) {
  return (
    <div aria-busy={cards.rows === undefined || cards.refreshing}>
      <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
        <label className="flex items-center gap-3 text-sm text-muted-foreground">
          <SelectAllCheckbox rows={cards.rows ?? []} selectedIds={selectedIds} onToggleAll={onToggleAll} />
          Todos
        </label>
        <Select
          aria-label="Ordenar por"
          className="w-auto min-w-0"
          value={`${sort}:${order}`}
          onChange={(event) => {
            const [nextSort, nextOrder] = event.target.value.split(':') as [S, O];
            onSortChange(nextSort, nextOrder);
          }}
        >
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <ListCards {...cards} />
    </div>
  );
}

import type * as React from 'react';
import { ListCards, ListTable, type ListCardsProps, type ListTableProps } from '@/components/list-rows';
import { RowActionsMenu } from '@/components/row-actions-menu';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectOptions } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';

/* Spec part 1 §9: 5 skeleton rows while loading. */
const SKELETON_ROWS = 5;

/** What a list of selectable, sortable rows takes: a table on wide screens, cards below. */
export interface SelectableListProps<R, S extends string, O extends string> {
  /** Undefined while the first page loads. */
  rows: readonly R[] | undefined;
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

/** How one list names, links and marks its rows, alike in its table and on its cards. */
export interface SelectableRows<R> {
  /** Accessible name of the table or of the cards' list: 'Clientes'. */
  label: string;
  /** What a row's checkbox selects: 'Selecionar {rowLabel}'. */
  rowLabel: (row: R) => string;
  /** The row's page, for 'Visualizar'. */
  rowPath: (row: R) => string;
  /** data-testid of each row, and of each skeleton row while the first page loads. */
  rowTestId: string;
  skeletonTestId: string;
}

/** The header checkbox's state for the rows on screen: all, some or none selected. */
export function selectAllState(
  rows: readonly { id: string }[],
  selectedIds: ReadonlySet<string>,
): boolean | 'indeterminate' {
  const selected = rows.filter((row) => selectedIds.has(row.id)).length;
  return rows.length > 0 && selected === rows.length ? true : selected > 0 ? 'indeterminate' : false;
}

interface SelectAllCheckboxProps {
  rows: readonly { id: string }[];
  selectedIds: ReadonlySet<string>;
  onToggleAll: (checked: boolean) => void;
}

/** "Selecionar todos" for the rows on screen. */
function SelectAllCheckbox({ rows, selectedIds, onToggleAll }: SelectAllCheckboxProps) {
  return (
    <Checkbox
      aria-label="Selecionar todos"
      checked={selectAllState(rows, selectedIds)}
      disabled={rows.length === 0}
      onCheckedChange={(checked) => onToggleAll(checked === true)}
    />
  );
}

type RowParts<R> = Pick<SelectableListProps<R, string, string>, 'selectedIds' | 'onToggle' | 'onEdit' | 'onDelete'> &
  Pick<SelectableRows<R>, 'rowLabel' | 'rowPath'>;

/** A row's checkbox and its 'Ações' menu. */
function rowParts<R extends { id: string }>(row: R, list: RowParts<R>, checkboxClassName?: string) {
  const selected = list.selectedIds.has(row.id);
  return {
    selected,
    checkbox: (
      <Checkbox
        className={checkboxClassName}
        aria-label={`Selecionar ${list.rowLabel(row)}`}
        checked={selected}
        onCheckedChange={(checked) => list.onToggle(row.id, checked === true)}
      />
    ),
    actions: (
      <RowActionsMenu
        viewPath={list.rowPath(row)}
        onEdit={() => list.onEdit(row)}
        onDelete={() => list.onDelete(row)}
      />
    ),
  };
}

export interface SelectableListTableProps<R extends { id: string }, S extends string, O extends string>
  extends SelectableListProps<R, S, O>, SelectableRows<R>, Pick<ListTableProps<R>, 'className' | 'columns'> {
  /** The header cells between 'Selecionar todos' and the actions. */
  head: React.ReactNode;
  /** The skeletons of those cells, for the skeleton rows. */
  skeletonCells: React.ReactNode;
  /** A row's cells between its checkbox and its 'Ações' menu. */
  children: (row: R) => React.ReactNode;
}

/** A list's wide table with a checkbox at the start of every row and its 'Ações' menu at the end. */
export function SelectableListTable<R extends { id: string }, S extends string, O extends string>({
  head,
  skeletonCells,
  skeletonTestId,
  rowTestId,
  children,
  ...list
}: SelectableListTableProps<R, S, O>) {
  return (
    <ListTable
      {...list}
      head={
        <>
          <TableHead className="w-10 pr-0">
            <SelectAllCheckbox rows={list.rows ?? []} selectedIds={list.selectedIds} onToggleAll={list.onToggleAll} />
          </TableHead>
          {head}
          <TableHead className="w-12">
            <span className="sr-only">Ações</span>
          </TableHead>
        </>
      }
      skeleton={<SkeletonRows testId={skeletonTestId}>{skeletonCells}</SkeletonRows>}
    >
      {(row) => {
        const { selected, checkbox, actions } = rowParts(row, list);
        return (
          <TableRow key={row.id} data-state={selected ? 'selected' : undefined} data-testid={rowTestId}>
            <TableCell className="pr-0">{checkbox}</TableCell>
            {children(row)}
            <TableCell className="text-right">{actions}</TableCell>
          </TableRow>
        );
      }}
    </ListTable>
  );
}

/** The skeleton rows of a selectable table: a checkbox, the list's own cells, the actions button. */
function SkeletonRows({ testId, children }: { testId: string; children: React.ReactNode }) {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <TableRow key={i} className="hover:bg-transparent" data-testid={testId}>
      <TableCell className="pr-0">
        <Skeleton className="size-4 rounded-[4px]" />
      </TableCell>
      {children}
      <TableCell>
        <Skeleton className="ml-auto size-8" />
      </TableCell>
    </TableRow>
  ));
}

/** The skeleton cards of a selectable list. */
function SkeletonItems({ testId, children }: { testId: string; children: React.ReactNode }) {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <li key={i} className="flex gap-3 px-4 py-3" data-testid={testId}>
      {children}
    </li>
  ));
}

export interface SelectableListCardsProps<R extends { id: string }, S extends string, O extends string>
  extends SelectableListProps<R, S, O>, SelectableRows<R>, Pick<ListCardsProps<R>, 'loadingLabel'> {
  /** The sort choices, as value "sort:order". */
  sortOptions: readonly { value: `${S}:${O}`; label: string }[];
  /** Lines the row's checkbox up with the card's first line. */
  checkboxClassName: string;
  /** What a skeleton card holds while the first page loads. */
  skeletonItem: React.ReactNode;
  /** A row's card beside its checkbox, given its 'Ações' menu to place. */
  children: (row: R, actions: React.ReactNode) => React.ReactNode;
}

/**
 * A list's cards on small screens, each with its checkbox, under one bar with "Selecionar todos"
 * and the sort choice (the table's headers would be off screen).
 */
export function SelectableListCards<R extends { id: string }, S extends string, O extends string>({
  sort,
  order,
  sortOptions,
  onSortChange,
  checkboxClassName,
  skeletonItem,
  skeletonTestId,
  rowTestId,
  children,
  ...list
}: SelectableListCardsProps<R, S, O>) {
  return (
    <div aria-busy={list.rows === undefined || list.refreshing}>
      <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5">
        <label className="flex items-center gap-3 text-sm text-muted-foreground">
          <SelectAllCheckbox rows={list.rows ?? []} selectedIds={list.selectedIds} onToggleAll={list.onToggleAll} />
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
          <SelectOptions options={sortOptions} />
        </Select>
      </div>
      <ListCards {...list} skeleton={<SkeletonItems testId={skeletonTestId}>{skeletonItem}</SkeletonItems>}>
        {(row) => {
          const { selected, checkbox, actions } = rowParts(row, list, checkboxClassName);
          return (
            <li
              key={row.id}
              data-testid={rowTestId}
              data-state={selected ? 'selected' : undefined}
              className="flex gap-3 px-4 py-3 data-[state=selected]:bg-muted"
            >
              {checkbox}
              {children(row, actions)}
            </li>
          );
        }}
      </ListCards>
    </div>
  );
}

import type * as React from 'react';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

export interface ListTableProps<R> {
  /** The table's accessible name. */
  label: string;
  /** Its minimum width, e.g. 'min-w-[860px]': narrower, it scrolls sideways. */
  className?: string;
  /** The header cells. */
  head: React.ReactNode;
  /** Undefined while the first page loads. */
  rows: readonly R[] | undefined;
  /** A newer page is on its way; the rows shown are the previous ones. */
  refreshing: boolean;
  /** The table's column count, for the empty state's cell. */
  columns: number;
  /** The skeleton rows shown while loading. */
  skeleton: React.ReactNode;
  /** Shown in place of the rows when the page is empty. */
  empty: React.ReactNode;
  children: (row: R) => React.ReactNode;
}

/** A list's wide table: skeleton rows, the empty state across all columns, or the rows. */
export function ListTable<R>({
  label,
  className,
  head,
  rows,
  refreshing,
  columns,
  skeleton,
  empty,
  children,
}: ListTableProps<R>) {
  return (
    // Tighter cells below 1536 px, so every column fits beside the sidebar on a 1280 px screen.
    <Table
      className={cn(className, '[&_td]:px-2 [&_th]:px-2 2xl:[&_td]:px-3 2xl:[&_th]:px-3')}
      aria-label={label}
      aria-busy={rows === undefined || refreshing}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">{head}</TableRow>
      </TableHeader>
      <TableBody className={cn('transition-opacity', refreshing && 'opacity-60')}>
        {rows === undefined ? (
          skeleton
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns} className="p-0">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => children(row))
        )}
      </TableBody>
    </Table>
  );
}

export interface ListCardsProps<R> {
  /** Undefined while the first page loads. */
  rows: readonly R[] | undefined;
  /** A newer page is on its way; the rows shown are the previous ones. */
  refreshing: boolean;
  /** Accessible names of the list, and of the skeleton list while loading. */
  label: string;
  loadingLabel: string;
  /** The skeleton items shown while loading. */
  skeleton: React.ReactNode;
  /** Shown in place of the list when the page is empty. */
  empty: React.ReactNode;
  children: (row: R) => React.ReactNode;
}

/** A list's cards on small screens: skeleton items, the empty state, or one item per row. */
export function ListCards<R>({ rows, refreshing, label, loadingLabel, skeleton, empty, children }: ListCardsProps<R>) {
  if (rows === undefined) {
    return (
      <ul aria-label={loadingLabel} className="divide-y">
        {skeleton}
      </ul>
    );
  }
  if (rows.length === 0) return <>{empty}</>;
  // Cards below the screen are laid out once scrolled to (content-visibility, their last size kept):
  // the first page's layout on a phone took ~35 ms with the CPU slowed 4× for twenty cards (#14).
  return (
    <ul
      aria-label={label}
      className={cn(
        'divide-y transition-opacity [&>li]:[contain-intrinsic-size:auto_9rem] [&>li]:[content-visibility:auto]',
        refreshing && 'opacity-60',
      )}
    >
      {rows.map((row) => children(row))}
    </ul>
  );
}

import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { QueryErrorState, type RetryableQuery } from '@/components/query-error-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { Paginated } from '@/types/api';

/** One column of a paged table: its header, and its cell for each item. */
export interface PagedColumn<T> {
  header: string;
  /** A figure: right-aligned, in tabular digits, on one line. */
  figure?: boolean;
  /** The cell's classes besides its alignment, fixed or by item. */
  className?: string | ((item: T) => string | false);
  cell: (item: T) => React.ReactNode;
}

export interface PagedTableCardProps<T extends { id: string }> {
  title: string;
  description?: string;
  /** A paged query (placeholderData: keepPreviousData), e.g. a client's emissions. */
  query: RetryableQuery & { data: Paginated<T> | undefined; isError: boolean; isPlaceholderData: boolean };
  empty: { icon: LucideIcon; title: string; description: string };
  /** The table's accessible name and its minimum width (it scrolls sideways below it). */
  tableLabel: string;
  tableClassName?: string;
  columns: readonly PagedColumn<T>[];
  /** data-testid of each item's row. */
  rowTestId?: string;
  /** Plural noun of the items, 'emissões': 'Erro ao carregar emissões', 'Paginação de emissões'. */
  itemLabel: string;
  onPageChange: (page: number) => void;
}

/**
 * A detail page's card holding one paged table: its skeleton while the first page loads, the error
 * that kept it from loading, its empty state, and pagination when there is more than one page.
 */
export function PagedTableCard<T extends { id: string }>({
  title,
  description,
  query,
  empty,
  tableLabel,
  tableClassName,
  columns,
  rowTestId,
  itemLabel,
  onPageChange,
}: PagedTableCardProps<T>) {
  const result = query.data;
  const EmptyIcon = empty.icon;
  return (
    <Card className="gap-0 pb-0">
      <CardHeader className="pb-4">
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {query.isError && !result ? (
        <CardContent className="pb-5">
          <QueryErrorState title={`Erro ao carregar ${itemLabel}`} query={query} />
        </CardContent>
      ) : result && result.total === 0 ? (
        <div className="flex flex-col items-center gap-2 border-t px-6 py-10 text-center">
          <EmptyIcon aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{empty.title}</p>
          <p className="text-sm text-muted-foreground">{empty.description}</p>
        </div>
      ) : (
        <div className="border-t">
          <Table className={tableClassName} aria-label={tableLabel} aria-busy={!result || query.isPlaceholderData}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {columns.map((column) => (
                  <TableHead key={column.header} className={cn(column.figure && 'text-right')}>
                    {column.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
              {!result
                ? Array.from({ length: 3 }, (_row, i) => (
                    <TableRow key={i} className="hover:bg-transparent">
                      {columns.map((column) => (
                        <TableCell key={column.header}>
                          <Skeleton className="h-4 w-16" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : result.data.map((item) => (
                    <TableRow key={item.id} data-testid={rowTestId}>
                      {columns.map((column) => (
                        <TableCell
                          key={column.header}
                          className={cn(
                            column.figure && 'text-right whitespace-nowrap tabular-nums',
                            typeof column.className === 'function' ? column.className(item) : column.className,
                          )}
                        >
                          {column.cell(item)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
          <PaginationFooter list={result} itemLabel={itemLabel} onPageChange={onPageChange} />
        </div>
      )}
    </Card>
  );
}

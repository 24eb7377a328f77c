import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { QueryErrorState } from '@/components/query-error-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { Paginated } from '@/types/api';

export interface PagedTableCardProps<T> {
  title: string;
  description?: string;
  /** A paged query (placeholderData: keepPreviousData), e.g. a client's emissions. */
  query: {
    data: Paginated<T> | undefined;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  /** 'Erro ao carregar emissões'. */
  errorTitle: string;
  empty: { icon: LucideIcon; title: string; description: string };
  /** The table's accessible name and its minimum width (it scrolls sideways below it). */
  tableLabel: string;
  tableClassName?: string;
  /** The header cells. */
  head: React.ReactNode;
  /** How many cells a skeleton row has. */
  columns: number;
  /** One item's row, keyed (a module-level row component, so its rows keep their identity across renders). */
  renderRow: (item: T) => React.ReactNode;
  /** 'Paginação de emissões' and the counted noun, 'emissões'. */
  paginationLabel: string;
  itemLabel: string;
  onPageChange: (page: number) => void;
}

/**
 * A detail page's card holding one paged table: its skeleton while the first page loads, the error
 * that kept it from loading, its empty state, and pagination when there is more than one page.
 */
export function PagedTableCard<T>({
  title,
  description,
  query,
  errorTitle,
  empty,
  tableLabel,
  tableClassName,
  head,
  columns,
  renderRow,
  paginationLabel,
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
          <QueryErrorState title={errorTitle} query={query} />
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
              <TableRow className="hover:bg-transparent">{head}</TableRow>
            </TableHeader>
            <TableBody className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
              {!result
                ? Array.from({ length: 3 }, (_row, i) => (
                    <TableRow key={i} className="hover:bg-transparent">
                      {Array.from({ length: columns }, (_cell, j) => (
                        <TableCell key={j}>
                          <Skeleton className="h-4 w-16" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : result.data.map((item) => renderRow(item))}
            </TableBody>
          </Table>
          <PaginationFooter
            list={result}
            label={paginationLabel}
            pageSize={result?.limit ?? 0}
            itemLabel={itemLabel}
            onPageChange={onPageChange}
          />
        </div>
      )}
    </Card>
  );
}

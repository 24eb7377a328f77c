import type * as React from 'react';
import { QueryErrorState } from '@/components/query-error-state';
import { Card } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { cn } from '@/lib/utils';
import type { Paginated } from '@/types/api';

export interface ListCardProps {
  /** The search box, filters and bulk actions above the rows. */
  toolbar: React.ReactNode;
  /** The toolbar's layout classes. */
  toolbarClassName?: string;
  query: {
    data: Paginated<unknown> | undefined;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  /** 'Erro ao carregar clientes'. */
  errorTitle: string;
  /** Accessible name of the pagination: 'Paginação de clientes'. */
  paginationLabel: string;
  /** Plural noun of the counted rows: 'clientes'. */
  itemLabel: string;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The table. */
  children: React.ReactNode;
}

/** A list page's card: toolbar, the table (or the error that kept it from loading) and pagination. */
export function ListCard({
  toolbar,
  toolbarClassName,
  query,
  errorTitle,
  paginationLabel,
  itemLabel,
  pageSize,
  onPageChange,
  children,
}: ListCardProps) {
  const list = query.data;
  return (
    <Card className="gap-0 py-0">
      <div className={cn('border-b p-4', toolbarClassName)}>{toolbar}</div>

      {query.isError && !list ? <QueryErrorState className="m-4" title={errorTitle} query={query} /> : children}

      <PaginationFooter
        list={list}
        label={paginationLabel}
        pageSize={pageSize}
        itemLabel={itemLabel}
        onPageChange={onPageChange}
      />
    </Card>
  );
}

import type * as React from 'react';
import { QueryErrorState, type RetryableQuery } from '@/components/query-error-state';
import { Card } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { cn } from '@/lib/utils';
import type { Paginated } from '@/types/api';

export interface ListCardProps {
  /** The search box, filters and bulk actions above the rows. */
  toolbar: React.ReactNode;
  /** The toolbar's layout classes. */
  toolbarClassName?: string;
  query: RetryableQuery & { data: Paginated<unknown> | undefined; isError: boolean };
  /** Plural noun of the listed rows, 'clientes': 'Erro ao carregar clientes', 'Paginação de clientes'. */
  itemLabel: string;
  onPageChange: (page: number) => void;
  /** The table. */
  children: React.ReactNode;
}

/** A list page's card: toolbar, the table (or the error that kept it from loading) and pagination. */
export function ListCard({ toolbar, toolbarClassName, query, itemLabel, onPageChange, children }: ListCardProps) {
  const list = query.data;
  return (
    <Card className="gap-0 py-0">
      <div className={cn('border-b p-4', toolbarClassName)}>{toolbar}</div>

      {query.isError && !list ? (
        <QueryErrorState className="m-4" title={`Erro ao carregar ${itemLabel}`} query={query} />
      ) : (
        children
      )}

      <PaginationFooter list={list} itemLabel={itemLabel} onPageChange={onPageChange} />
    </Card>
  );
}

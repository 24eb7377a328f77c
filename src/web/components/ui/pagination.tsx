import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { formatNumber } from '@domain/format';
import { cn } from '@/lib/utils';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  total: number;
  /** The total is a floor: more match than were counted ("de mais de 1.000 clientes"). */
  totalCapped?: boolean;
  pageSize: number;
  /** Plural noun of the counted rows: "clientes", "lotes". */
  itemLabel: string;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
  className?: string;
}

/**
 * 'Mostrando X a Y de N …', Anterior / Próxima and 'Página p de n' (spec part 1 §2). Renders
 * nothing for a single page; page changes stay between 1 and the last page (§4).
 */
export function Pagination({
  page,
  totalPages,
  total,
  totalCapped = false,
  pageSize,
  itemLabel,
  onPageChange,
  label = 'Paginação',
  className,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(page, 1), totalPages);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  const go = (target: number) => onPageChange(Math.min(Math.max(target, 1), totalPages));

  return (
    <nav
      aria-label={label}
      className={cn('flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Mostrando {formatNumber(from)} a {formatNumber(to)} de {totalCapped ? 'mais de ' : ''}
        {formatNumber(total)} {itemLabel}
      </p>
      <div className="flex items-center justify-between gap-2 sm:justify-end">
        <Button variant="outline" size="sm" onClick={() => go(current - 1)} disabled={current <= 1}>
          <ChevronLeftIcon aria-hidden="true" />
          Anterior
        </Button>
        <span className="px-2 text-sm whitespace-nowrap tabular-nums">
          Página {formatNumber(current)} de {formatNumber(totalPages)}
          {totalCapped ? '+' : ''}
        </span>
        <Button variant="outline" size="sm" onClick={() => go(current + 1)} disabled={current >= totalPages}>
          Próxima
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** The pagination under a card's table, with its border; nothing until the page is there, or for a single page. */
export function PaginationFooter({
  list,
  itemLabel,
  onPageChange,
}: Pick<PaginationProps, 'itemLabel' | 'onPageChange'> & {
  list: { page: number; total_pages: number; total: number; total_capped?: boolean; limit: number } | undefined;
}) {
  if (!list || list.total_pages <= 1) return null;
  return (
    <div className="border-t p-4">
      <Pagination
        page={list.page}
        totalPages={list.total_pages}
        total={list.total}
        totalCapped={list.total_capped}
        pageSize={list.limit}
        itemLabel={itemLabel}
        label={`Paginação de ${itemLabel}`}
        onPageChange={onPageChange}
      />
    </div>
  );
}

import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { TableHead } from './table';

export interface SortableHeadProps<C extends string> {
  column: C;
  label: string;
  /** The column the list is sorted by now. */
  sort: C;
  order: 'asc' | 'desc';
  /** Flip this column or start it ascending. */
  onSort: (column: C) => void;
  align?: 'left' | 'right';
}

/** A header cell that sorts its column, with an icon for the order and `aria-sort` for assistive technology. */
export function SortableHead<C extends string>({
  column,
  label,
  sort,
  order,
  onSort,
  align = 'left',
}: SortableHeadProps<C>) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDownIcon : order === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  const next = active && order === 'asc' ? 'decrescente' : 'crescente';
  return (
    <TableHead
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn(align === 'right' && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        title={`Ordenar por ${label} em ordem ${next}`}
        className={cn(
          '-mx-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 uppercase outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40',
          active && 'text-foreground',
          align === 'right' && 'flex-row-reverse',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
      </button>
    </TableHead>
  );
}

/**
 * The header cells of one list, sorted by its `sort`, `order` and `onSort`:
 * `const sortable = sortableHeads(list); sortable('name', 'Cliente')`.
 */
export function sortableHeads<C extends string>({
  sort,
  order,
  onSort,
}: Pick<SortableHeadProps<C>, 'sort' | 'order' | 'onSort'>) {
  return (column: C, label: string, align: 'left' | 'right' = 'left') => (
    <SortableHead column={column} label={label} sort={sort} order={order} onSort={onSort} align={align} />
  );
}

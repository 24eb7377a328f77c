import type { ComponentType, ReactNode } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import { formatCents, formatDate, monthYearLabel } from '@domain/format';
import { QueryErrorState, type RetryableQuery } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { instalmentsText, overdueText } from '@/lib/due-list';
import { cn } from '@/lib/utils';

// The parts /financeiro's instalment lists share (issue #23): 'Contas a pagar' and 'Contas a
// receber' — the status filter, the overdue banner and each month's heading with its rows.

export function DueFilterButtons<F extends string>({
  filters,
  value,
  onChange,
  label,
}: {
  filters: readonly { value: F; label: string }[];
  value: F;
  onChange: (filter: F) => void;
  /** The group's accessible name ("Filtrar parcelas por situação"). */
  label: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-fit"
    >
      {filters.map((item) => (
        <Button
          key={item.value}
          variant="ghost"
          size="sm"
          aria-pressed={item.value === value}
          onClick={() => onChange(item.value)}
          className="px-2 text-muted-foreground aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm sm:px-3"
        >
          {item.label}
        </Button>
      ))}
    </div>
  );
}

/** "R$ 350,00 vencidos em 2 parcelas", what they are, and "Ver vencidas" unless they are shown. */
export function DueOverdueNotice({
  overdue,
  hint,
  onShow,
  testId,
}: {
  overdue: { cents: number; count: number };
  hint: string;
  onShow: (() => void) | null;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={testId}
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangleIcon
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
        />
        <span>
          <span className="font-semibold tabular-nums">{overdueText(overdue)}</span>
          <span className="block text-muted-foreground">{hint}</span>
        </span>
      </p>
      {onShow && (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-auto" onClick={onShow}>
          Ver vencidas
        </Button>
      )}
    </div>
  );
}

/**
 * A month of the list: its heading with the month's total, how many instalments and what is still
 * open ("em aberto", "a receber") when part is settled, then its rows.
 */
export function DueMonth({
  month,
  sums,
  openLabel,
  testId,
  children,
}: {
  /** Its first day. */
  month: string;
  /** The month's sums under the filter; settled: paid or received. */
  sums: { open_cents: number; settled_cents: number; count: number } | null;
  openLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = `${testId}-${month}`;
  return (
    <div data-testid={testId} className="border-b last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 bg-muted/40 px-5 py-2.5">
        <h4 id={titleId} className="text-sm font-semibold">
          {monthYearLabel(month)}
        </h4>
        {sums && (
          <p className="text-right text-sm tabular-nums">
            <span className="font-semibold">{formatCents(sums.open_cents + sums.settled_cents)}</span>
            <span className="text-muted-foreground">
              {' · '}
              {instalmentsText(sums.count)}
              {sums.open_cents > 0 && sums.settled_cents > 0 ? ` · ${formatCents(sums.open_cents)} ${openLabel}` : ''}
            </span>
          </p>
        )}
      </div>
      <ul aria-labelledby={titleId} className="divide-y border-t">
        {children}
      </ul>
    </div>
  );
}

const SKELETON_ROWS = 3;

/**
 * The body of an instalment list under its card's header: its error state, or the overdue banner,
 * the filter with the period it lists, the rows (skeleton, empty state or months) and the pages.
 */
export function DueListBody<F extends string>({
  query,
  errorTitle,
  list,
  loading,
  stale,
  filter,
  filters,
  onFilter,
  filterLabel,
  overdueHint,
  overdueTestId,
  periodText,
  skeletonItem: SkeletonItem,
  empty,
  children,
  onPageChange,
}: {
  query: RetryableQuery;
  errorTitle: string;
  list:
    | {
        overdue: { cents: number; count: number };
        page: number;
        total_pages: number;
        total: number;
        limit: number;
      }
    | undefined;
  /** No rows yet (the skeleton shows). */
  loading: boolean;
  stale: boolean;
  filter: F;
  filters: readonly { value: F; label: string }[];
  onFilter: (filter: F) => void;
  filterLabel: string;
  overdueHint: string;
  overdueTestId: string;
  /** Which due dates are listed; undefined while loading. */
  periodText: string | undefined;
  /** One row's placeholder (three are shown while loading). */
  skeletonItem: ComponentType;
  /** Shown instead of the months when there is no row. */
  empty: ReactNode | null;
  children: ReactNode;
  onPageChange: (page: number) => void;
}) {
  if (query.error && !list) {
    return (
      <CardContent className="pb-5">
        <QueryErrorState title={errorTitle} query={query} />
      </CardContent>
    );
  }
  return (
    <>
      <CardContent className="space-y-3">
        {list && list.overdue.count > 0 && (
          <DueOverdueNotice
            overdue={list.overdue}
            hint={overdueHint}
            onShow={filter === 'overdue' ? null : () => onFilter('overdue' as F)}
            testId={overdueTestId}
          />
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <DueFilterButtons filters={filters} value={filter} onChange={onFilter} label={filterLabel} />
          {periodText !== undefined ? (
            <p className="text-xs text-muted-foreground">{periodText}</p>
          ) : (
            <Skeleton className="h-3 w-52" />
          )}
        </div>
      </CardContent>
      <div className={cn('border-t transition-opacity', stale && 'opacity-60')} aria-busy={loading || stale}>
        {loading ? (
          <ul aria-label="Carregando parcelas" className="divide-y">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <SkeletonItem key={i} />
            ))}
          </ul>
        ) : (
          (empty ?? children)
        )}
      </div>
      <PaginationFooter list={list} itemLabel="parcelas" onPageChange={onPageChange} />
    </>
  );
}

/**
 * An instalment row: wide, one line of columns; below 1024 px a card (the due date and the amount
 * on top, then what it is and the action).
 */
export const DUE_ROW =
  'grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 px-5 py-4 lg:grid-cols-[9.5rem_minmax(0,1fr)_minmax(0,1.3fr)_8rem_11rem] lg:items-center lg:gap-x-6';

/** 'A vencer' / 'A receber', 'Vencida' (in words, not only in colour), 'Paga em 15/01/2027' / 'Recebida em …'. */
export function DueStatusBadge({
  status,
  settledOn,
  labels,
}: {
  status: 'pending' | 'overdue' | 'settled';
  settledOn: string | null;
  labels: { pending: string; overdue: string; settled: string };
}) {
  if (status === 'settled') {
    return (
      <Badge variant="success">
        {labels.settled}
        {settledOn ? ` em ${formatDate(settledOn)}` : ''}
      </Badge>
    );
  }
  return <Badge variant={status === 'overdue' ? 'warning' : 'secondary'}>{labels[status]}</Badge>;
}

/** An instalment row's placeholder; `className` its grid (DUE_ROW unless a narrower one). */
export function DueSkeletonItem({ className = DUE_ROW }: { className?: string }) {
  return (
    <li className={className} aria-hidden="true">
      <SkeletonText widths={['w-24', 'w-16']} />
      <div className="col-span-2 lg:col-span-1">
        <SkeletonText widths={['w-32', 'w-20']} />
      </div>
      <div className="col-span-2 lg:col-span-1">
        <SkeletonText widths={['w-36', 'w-28']} />
      </div>
      <Skeleton className="col-start-2 row-start-1 ml-auto h-4 w-20 lg:col-start-auto lg:row-start-auto" />
      <Skeleton className="col-span-2 h-8 w-full sm:w-36 lg:col-span-1 lg:ml-auto" />
    </li>
  );
}

import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { QueryErrorState, type RetryableQuery } from '@/components/query-error-state';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface SummaryCardProps {
  label: string;
  /** What the figure covers, under it (none on /clientes, whose cards cover the whole base). */
  hint?: string;
  icon: LucideIcon;
  /** Undefined while the summary loads. */
  value: string | undefined;
  /** Amber, for a figure that asks for attention. */
  highlight?: boolean;
  /** A line under the figure, before the hint: its change against another period, say. */
  trend?: React.ReactNode;
}

/** One figure of a list page's summary, with its label, icon and hint. */
export function SummaryCard({ label, hint, icon: Icon, value, highlight = false, trend }: SummaryCardProps) {
  return (
    <Card
      className={cn(
        '@container gap-1.5 px-4 py-4 sm:px-5',
        highlight && 'border-amber-400/60 bg-amber-50/60 dark:border-amber-400/30 dark:bg-amber-400/5',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon
          aria-hidden="true"
          className={cn('size-4 shrink-0 text-muted-foreground', highlight && 'text-amber-600 dark:text-amber-400')}
        />
      </div>
      {value === undefined ? (
        <Skeleton className="h-7 w-24" />
      ) : (
        <p data-slot="summary-figure" className={summaryFigureClass(value)}>
          {value}
        </p>
      )}
      {trend}
      {hint && <p className="text-xs leading-snug text-muted-foreground">{hint}</p>}
    </Card>
  );
}

/**
 * A summary card's figure, sized to its card (which must be an `@container`), not the window, and
 * a step smaller the longer it is, so that one like R$ 1.234.567,89 is shown whole on one line,
 * never cut: beside the sidebar at 1280 px four cards leave about 11rem each, two on a phone about
 * 8.8rem (a semibold digit is ~0.6em wide). Wrapped, not cut, if even that does not fit.
 */
export function summaryFigureClass(value: string): string {
  return cn(
    'font-semibold tracking-tight tabular-nums [overflow-wrap:anywhere]',
    value.length > 14
      ? 'text-sm @[9.5rem]:text-base @[11.5rem]:text-lg @[14rem]:text-xl @[17rem]:text-2xl'
      : value.length > 12
        ? 'text-base @[10rem]:text-lg @[13rem]:text-xl @[15rem]:text-2xl'
        : 'text-lg @[10rem]:text-xl @[13rem]:text-2xl',
  );
}

/** The query a row of summary cards reads its figures from. */
export type SummaryQuery = RetryableQuery & { isError: boolean; data: unknown };

export interface SummaryCardsProps {
  label: string;
  /** Where the figures come from: when it failed with nothing to show, one error row stands in for the cards. */
  query: SummaryQuery;
  children: React.ReactNode;
}

/**
 * The row of four summary cards above a list (two columns on small screens). Cards whose figures
 * failed to load would otherwise show their skeleton for good: one compact error row with 'Tentar
 * Novamente', spanning the grid, takes their place.
 */
export function SummaryCards({ label, query, children }: SummaryCardsProps) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {query.isError && query.data === undefined ? (
        <QueryErrorState compact className="col-span-full" title="Erro ao carregar o resumo" query={query} />
      ) : (
        children
      )}
    </section>
  );
}

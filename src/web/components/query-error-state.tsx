import { AlertTriangleIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The part of a TanStack query an error state reads: its error, and how to try again. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryErrorStateProps {
  title?: string;
  /** The query that failed: its error's (Portuguese) message is shown, and 'Tentar Novamente' refetches it. */
  query: RetryableQuery;
  /** One row (icon, texts, button) for a small area: a row of summary cards, a lookup inside a form. */
  compact?: boolean;
  className?: string;
}

/** Error state of a data area with the spec's 'Tentar Novamente' action. */
export function QueryErrorState({
  title = 'Erro ao carregar dados',
  query,
  compact = false,
  className,
}: QueryErrorStateProps) {
  const { error, isFetching: retrying } = query;
  const message =
    error instanceof Error && error.message ? error.message : 'Não foi possível carregar os dados. Tente novamente.';
  return (
    <div
      role="alert"
      className={cn(
        'flex rounded-lg border border-destructive/30 bg-destructive/5',
        compact
          ? 'flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center'
          : 'flex-col items-center gap-3 px-6 py-8 text-center',
        className,
      )}
    >
      <div className={cn('flex gap-3', compact ? 'min-w-0 flex-1 items-start' : 'flex-col items-center')}>
        <AlertTriangleIcon
          aria-hidden="true"
          className={cn('shrink-0 text-destructive', compact ? 'mt-0.5 size-4' : 'size-8')}
        />
        <div className="min-w-0 space-y-1">
          <p className={cn('font-semibold', compact && 'text-sm')}>{title}</p>
          <p className="text-sm text-muted-foreground">{message}</p>
        </div>
      </div>
      <Button
        type="button"
        variant="outline"
        size={compact ? 'sm' : 'default'}
        className={cn(compact && 'self-start sm:self-center')}
        onClick={() => void query.refetch()}
        disabled={retrying}
      >
        <RefreshCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Tentar Novamente
      </Button>
    </div>
  );
}

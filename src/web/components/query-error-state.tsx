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
  className?: string;
}

/** Error state of a data area with the spec's 'Tentar Novamente' action. */
export function QueryErrorState({ title = 'Erro ao carregar dados', query, className }: QueryErrorStateProps) {
  const { error, isFetching: retrying } = query;
  const message =
    error instanceof Error && error.message ? error.message : 'Não foi possível carregar os dados. Tente novamente.';
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-6 py-8 text-center',
        className,
      )}
    >
      <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{message}</p>
      </div>
      <Button variant="outline" onClick={() => void query.refetch()} disabled={retrying}>
        <RefreshCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Tentar Novamente
      </Button>
    </div>
  );
}

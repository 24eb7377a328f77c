import { AlertTriangleIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface QueryErrorStateProps {
  title?: string;
  /** Usually the API error's Portuguese message. */
  error?: unknown;
  description?: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}

/** Error state of a data area with the spec's 'Tentar Novamente' action. */
export function QueryErrorState({
  title = 'Erro ao carregar dados',
  error,
  description,
  onRetry,
  retrying = false,
  className,
}: QueryErrorStateProps) {
  const message =
    description ??
    (error instanceof Error && error.message ? error.message : 'Não foi possível carregar os dados. Tente novamente.');
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
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Tentar Novamente
      </Button>
    </div>
  );
}

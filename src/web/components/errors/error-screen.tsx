import * as React from 'react';
import { useEffect } from 'react';
import { TriangleAlertIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

export const ERROR_SCREEN_TITLE = 'Algo deu errado';
const DEFAULT_SCREEN_MESSAGE = 'Ocorreu um erro inesperado na aplicação';
const DEFAULT_TOAST_MESSAGE = 'Ocorreu um erro na aplicação';

/* What browsers say when a lazily loaded page's file cannot be fetched (offline, or a new release
   replaced it): Chrome, Firefox and Safari wordings. */
const CHUNK_LOAD_ERROR = /dynamically imported module|Importing a module script failed|Failed to load module script/i;
const CHUNK_LOAD_MESSAGE = 'Não foi possível carregar esta página. Verifique sua conexão ou recarregue o navegador.';

export function errorMessageOf(error: unknown): string | undefined {
  if (error instanceof Error) {
    if (CHUNK_LOAD_ERROR.test(error.message)) return CHUNK_LOAD_MESSAGE;
    return error.message || undefined;
  }
  if (typeof error === 'string') return error || undefined;
  if (typeof error === 'object' && error !== null) {
    const { statusText, data } = error as { statusText?: unknown; data?: unknown };
    if (typeof data === 'string' && data) return data;
    if (typeof statusText === 'string' && statusText) return statusText;
  }
  return undefined;
}

export interface ErrorScreenProps {
  error: unknown;
  /** The 'Voltar para página inicial' control (a router link, or a plain anchor outside the router). */
  homeAction: React.ReactNode;
  /** Fill the viewport (outside the app shell) or the content area (inside it). */
  fullPage?: boolean;
}

/** Spec part 1 §2 "Top-level error screen" and §8 "Uncaught rendering error". */
export function ErrorScreen({ error, homeAction, fullPage = false }: ErrorScreenProps) {
  const message = errorMessageOf(error);

  useEffect(() => {
    console.error(error);
    // A fixed id keeps one toast when React replays effects (StrictMode) or errors repeat.
    toast.error('Erro inesperado', { id: 'unexpected-error', description: message ?? DEFAULT_TOAST_MESSAGE });
  }, [error, message]);

  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-4 px-6 text-center',
        fullPage ? 'min-h-dvh bg-background' : 'min-h-[60vh]',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon aria-hidden="true" className="size-7" />
      </span>
      <div className="max-w-lg space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{ERROR_SCREEN_TITLE}</h1>
        <p className="text-muted-foreground break-words">{message ?? DEFAULT_SCREEN_MESSAGE}</p>
      </div>
      {homeAction}
    </div>
  );
}

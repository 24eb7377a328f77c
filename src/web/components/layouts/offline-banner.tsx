import { WifiOffIcon } from 'lucide-react';
import { ERROR_MESSAGES } from '@/config/messages';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { cn } from '@/lib/utils';

/**
 * Says so while the browser is offline (spec part 1 §8, network message), under the header. The
 * live region stays in the page while online, empty, so that the message is announced when it
 * appears (WAI-ARIA status role). Nothing here refetches: TanStack Query listens to the same
 * online event and refetches the queries that failed (lib/query-client.ts).
 */
export function OfflineBanner({ className }: { className?: string }) {
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite" className={cn('sticky top-(--header-height) z-20', className)}>
      {!online && (
        <p
          data-testid="offline-banner"
          className="flex items-center gap-2 border-b border-amber-400/60 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6 lg:px-8 dark:border-amber-400/30 dark:bg-amber-950 dark:text-amber-100"
        >
          <WifiOffIcon aria-hidden="true" className="size-4 shrink-0 text-amber-700 dark:text-amber-300" />
          <span>
            <span className="font-semibold">{ERROR_MESSAGES.network}</span> Os dados serão atualizados quando a conexão
            voltar.
          </span>
        </p>
      )}
    </div>
  );
}

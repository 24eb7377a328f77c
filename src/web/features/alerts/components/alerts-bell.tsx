import { BellIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { useInteractive } from '@/hooks/use-interactive';
import { cn } from '@/lib/utils';
import { useAlertSummary } from '../api/get-alert-summary';
import { bellLabel, unreadBadgeText } from '../alert-display';

/**
 * The header's bell: a link to /alertas with the count of unread open alerts. Every first page has
 * it, so it asks for the count only once that page is interactive (#14, first load), and its module
 * holds no zod and no menu.
 */
export function AlertsBell() {
  const summary = useAlertSummary({ enabled: useInteractive() });
  const unread = summary.data?.unread;
  return (
    <Link
      to="/alertas"
      aria-label={bellLabel(unread)}
      data-testid="alerts-bell"
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
    >
      <BellIcon aria-hidden="true" className="size-5" />
      {unread !== undefined && unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="alerts-bell-count"
          className="absolute -top-0.5 -right-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-background"
        >
          {unreadBadgeText(unread)}
        </span>
      )}
    </Link>
  );
}

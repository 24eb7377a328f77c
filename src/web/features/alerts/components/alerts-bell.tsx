import { BellIcon } from 'lucide-react';
import { deferred } from '@/components/deferred';
import { useOpenOnLoad } from '@/hooks/use-open-on-load';
import { buttonVariants } from '@/components/ui/button';
import { useInteractive } from '@/hooks/use-interactive';
import { cn } from '@/lib/utils';
import { useInbox } from '../api/get-inbox';
import { bellLabel, unreadBadgeText } from '../alert-display';

const Menu = deferred(async () => (await import('./alerts-bell-menu')).AlertsBellMenu);

export const BELL_TRIGGER_CLASS = cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative');

/** The bell's icon and unread count, drawn the same by the stand-in and by the menu's trigger. */
export function BellTriggerContent({ unread }: { unread: number | undefined }) {
  return (
    <>
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
    </>
  );
}

/**
 * The header's bell: the user's notifications (alerts as they open, newest first, 50 kept) with
 * the unread count. Every first page has it, so it asks for them only once that page is
 * interactive (#14, first load), and its menu (Radix) loads then too; a press before that loads
 * the menu and opens it.
 */
export function AlertsBell() {
  const interactive = useInteractive();
  const inbox = useInbox({ enabled: interactive });
  const { defaultOpen, standIn } = useOpenOnLoad(Menu);
  const unread = inbox.data?.unread;
  return (
    <Menu
      inbox={inbox.data}
      defaultOpen={defaultOpen}
      fallback={
        <button
          type="button"
          aria-label={bellLabel(unread)}
          aria-haspopup="menu"
          aria-expanded={false}
          data-testid="alerts-bell"
          className={BELL_TRIGGER_CLASS}
          {...standIn}
        >
          <BellTriggerContent unread={unread} />
        </button>
      }
    />
  );
}

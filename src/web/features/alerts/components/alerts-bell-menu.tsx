import { BellOffIcon, CheckCheckIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { NotificationList } from '@domain/notifications/notification.schema';
import { formatDateTime } from '@domain/format';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-notifications-read';
import { bellLabel } from '../alert-display';
import { BELL_TRIGGER_CLASS, BellTriggerContent } from './alerts-bell';

export interface AlertsBellMenuProps {
  inbox: NotificationList | undefined;
  /** Opened by a click on the stand-in button before this module was in. */
  defaultOpen?: boolean;
}

/** The bell's menu (Radix, floating-ui): loaded after the first page (alerts-bell.tsx). */
export function AlertsBellMenu({ inbox, defaultOpen }: AlertsBellMenuProps) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = inbox?.unread;
  const items = inbox?.data ?? [];

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={bellLabel(unread)} data-testid="alerts-bell" className={BELL_TRIGGER_CLASS}>
        <BellTriggerContent unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="p-0 text-sm font-semibold">Notificações</DropdownMenuLabel>
          {unread !== undefined && unread > 0 && (
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-sm text-xs font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              disabled={markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, { onError: (error) => toastError('Erro ao marcar notificações', error) })
              }
            >
              <CheckCheckIcon aria-hidden="true" className="size-3.5" />
              Marcar todas como lidas
            </button>
          )}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <div className="max-h-[min(26rem,60vh)] overflow-y-auto py-1" data-testid="alerts-bell-list">
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
              <BellOffIcon aria-hidden="true" className="size-6" />
              Nenhuma notificação
            </div>
          ) : (
            items.map((n) => (
              <DropdownMenuItem
                key={n.id}
                className="flex cursor-pointer flex-col items-start gap-0.5 px-3 py-2 whitespace-normal"
                data-testid="alerts-bell-item"
                onSelect={() => {
                  if (!n.is_read) markRead.mutate(n.id);
                  if (n.link) void navigate(n.link);
                }}
              >
                <span className="flex w-full items-center gap-2">
                  <span
                    aria-hidden="true"
                    className={cn('size-2 shrink-0 rounded-full', n.is_read ? 'bg-transparent' : 'bg-primary')}
                  />
                  <span className={cn('text-sm', !n.is_read && 'font-semibold')}>{n.title}</span>
                  {!n.is_read && <span className="sr-only">(não lida)</span>}
                  <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">
                    {formatDateTime(n.created_at)}
                  </span>
                </span>
                <span className="pl-4 text-xs text-muted-foreground">{n.body}</span>
              </DropdownMenuItem>
            ))
          )}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <DropdownMenuItem asChild className="justify-center rounded-none py-2.5 text-sm font-medium">
          <Link to="/alertas" data-testid="alerts-bell-all">
            Ver todos os alertas
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

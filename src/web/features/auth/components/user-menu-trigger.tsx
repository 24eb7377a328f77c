import { ChevronDownIcon } from 'lucide-react';
import type { User } from '@/types/api';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** The user menu's button, the same before and after its menu's module is in (user-menu.tsx). */
export const USER_MENU_TRIGGER_CLASS =
  'flex h-10 items-center gap-2 rounded-md px-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 data-[state=open]:bg-accent sm:px-2';

export function UserMenuTriggerContent({ user }: { user: User }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
      >
        {initialsOf(user.name)}
      </span>
      <span className="sr-only max-w-48 truncate font-medium sm:not-sr-only sm:whitespace-nowrap">{user.name}</span>
      <ChevronDownIcon aria-hidden="true" className="hidden size-4 text-muted-foreground sm:block" />
    </>
  );
}

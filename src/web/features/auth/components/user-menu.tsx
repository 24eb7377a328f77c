import { ChevronDownIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatPhone } from '@domain/documents';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toastError } from '@/lib/toast';
import type { User } from '@/types/api';
import { useSignOut } from '../api/sign-out';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

export function UserMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const contact = user.email ?? (user.phone ? formatPhone(user.phone) : null);

  const handleSignOut = () => {
    signOut.mutate(undefined, { onError: (error) => toastError('Erro ao sair', error) });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex h-10 items-center gap-2 rounded-md px-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 data-[state=open]:bg-accent sm:px-2"
        data-testid="user-menu-trigger"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {initialsOf(user.name)}
        </span>
        <span className="sr-only max-w-48 truncate font-medium sm:not-sr-only sm:whitespace-nowrap">{user.name}</span>
        <ChevronDownIcon aria-hidden="true" className="hidden size-4 text-muted-foreground sm:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{user.name}</p>
          {contact && <p className="truncate text-xs text-muted-foreground">{contact}</p>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/config">
            <SettingsIcon aria-hidden="true" />
            Configurações
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={handleSignOut} disabled={signOut.isPending}>
          <LogOutIcon aria-hidden="true" />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

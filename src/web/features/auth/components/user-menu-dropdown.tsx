import { LogOutIcon, SettingsIcon } from 'lucide-react';
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
import { USER_MENU_TRIGGER_CLASS, UserMenuTriggerContent } from './user-menu-trigger';

export interface UserMenuDropdownProps {
  user: User;
  /** Opened by a click on the stand-in button before this module was in. */
  defaultOpen?: boolean;
}

/** The user menu itself (Radix, floating-ui): loaded after the first page (user-menu.tsx). */
export function UserMenuDropdown({ user, defaultOpen }: UserMenuDropdownProps) {
  const signOut = useSignOut();
  const contact = user.email ?? (user.phone ? formatPhone(user.phone) : null);

  const handleSignOut = () => {
    signOut.mutate(undefined, { onError: (error) => toastError('Erro ao sair', error) });
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={USER_MENU_TRIGGER_CLASS} data-testid="user-menu-trigger">
        <UserMenuTriggerContent user={user} />
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

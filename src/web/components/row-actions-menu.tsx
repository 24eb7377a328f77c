import { MoreHorizontalIcon } from 'lucide-react';
import { deferred } from '@/components/deferred';
import { useOpenOnLoad } from '@/hooks/use-open-on-load';
import { Button } from '@/components/ui/button';
import type { RowActionsMenuProps } from './row-actions-dropdown';

export type { RowActionsMenuProps };

const Dropdown = deferred(async () => (await import('./row-actions-dropdown')).RowActionsDropdown);

/**
 * A list row's 'Ações' menu. The menu (Radix, floating-ui) loads once the first page is
 * interactive, as the shell's menus do: a list's first page draws twenty rows without it (#14).
 * Until then the same button stands in, and a press on it (or Enter) loads the menu and opens it.
 */
export function RowActionsMenu(props: RowActionsMenuProps) {
  const { defaultOpen, standIn } = useOpenOnLoad(Dropdown);
  return (
    <Dropdown
      {...props}
      defaultOpen={defaultOpen}
      fallback={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Ações"
          aria-haspopup="menu"
          aria-expanded={false}
          {...standIn}
        >
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      }
    />
  );
}

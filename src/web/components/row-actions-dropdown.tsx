import { useRef } from 'react';
import { EyeIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface RowActionsMenuProps {
  /** The row's detail page, for 'Visualizar'. */
  viewPath: string;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * The menu itself (Radix, floating-ui), loaded after the first page (row-actions-menu.tsx). A list
 * row's 'Ações' menu: Visualizar, Editar, Excluir. Editar and Excluir open their dialog once
 * the menu has closed and given the focus back to its button, so that closing the dialog returns
 * the focus there (opened from the item, the dialog would hand it back to an item no longer on the page).
 */
export function RowActionsDropdown({
  viewPath,
  onEdit,
  onDelete,
  defaultOpen,
}: RowActionsMenuProps & { defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const afterClose = useRef<(() => void) | null>(null);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Ações">
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="min-w-[10rem]"
        onCloseAutoFocus={() => {
          const action = afterClose.current;
          afterClose.current = null;
          action?.();
        }}
      >
        <DropdownMenuItem onSelect={() => void navigate(viewPath)}>
          <EyeIcon aria-hidden="true" />
          Visualizar
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => (afterClose.current = onEdit)}>
          <PencilIcon aria-hidden="true" />
          Editar
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => (afterClose.current = onDelete)}>
          <Trash2Icon aria-hidden="true" />
          Excluir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

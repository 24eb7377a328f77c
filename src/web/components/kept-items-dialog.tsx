import type * as React from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

export interface KeptItem {
  id: string;
  label: string;
  /** Why the server kept it, in its own words. */
  reason: string;
}

export interface KeptItemsDialogProps {
  /** Open while there are any. */
  items: readonly KeptItem[];
  onClose: () => void;
  /** '2 clientes não foram excluídos'. */
  title: React.ReactNode;
  description: React.ReactNode;
  /** The list's accessible name: 'Clientes mantidos'. */
  listLabel: string;
}

/** After a bulk delete: the rows the server kept, each with its reason, until 'Entendi'. */
export function KeptItemsDialog({ items, onClose, title, description, listLabel }: KeptItemsDialogProps) {
  return (
    <AlertDialog open={items.length > 0} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent className="sm:max-w-lg">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul aria-label={listLabel} className="max-h-64 divide-y overflow-y-auto rounded-md border text-sm">
          {items.map((item) => (
            <li key={item.id} className="space-y-0.5 px-3 py-2">
              <p className="font-medium">{item.label}</p>
              <p className="text-muted-foreground">{item.reason}</p>
            </li>
          ))}
        </ul>
        <AlertDialogFooter>
          <AlertDialogAction>Entendi</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

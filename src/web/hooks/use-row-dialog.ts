import { useState, type ReactNode } from 'react';

/** What a row's dialog is given: the row it is about, and whether it is open. */
export interface RowDialogProps<T> {
  /** The last row chosen, kept while the dialog closes so its texts stay through the animation. */
  row: T | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A list's dialog about one of its rows ('Recebido', 'Desfazer', 'Cancelar venda', 'Marcar como
 * pago'): `choose` a row to open it, and `dialog` to render beside the list.
 */
export function useRowDialog<T>(render: (props: RowDialogProps<T>) => ReactNode) {
  const [chosen, setChosen] = useState<T | null>(null);
  const [shown, setShown] = useState<T | null>(null);
  return {
    choose: (row: T) => {
      setShown(row);
      setChosen(row);
    },
    dialog: render({ row: shown, open: chosen !== null, onOpenChange: (open) => !open && setChosen(null) }),
  };
}

import { BulkDeleteDialog } from '@/components/bulk-delete-dialog';
import { useBulkDeleteLots } from '../api/bulk-delete-lots';
import { lotLabel } from '../lot-display';
import type { Lot } from '../types';

export interface BulkDeleteLotsDialogProps {
  open: boolean;
  /** The selected lots (of the page on screen). */
  lots: Lot[];
  onOpenChange: (open: boolean) => void;
  /** Called once the request is answered, whatever was kept: the selection is cleared (spec part 1 §4). */
  onDone: () => void;
}

/** 'Excluir (n)' for lots: those whose miles already went into emissions are kept, each named with its reason. */
export function BulkDeleteLotsDialog({ lots, ...props }: BulkDeleteLotsDialogProps) {
  const labels = new Map(lots.map((lot) => [lot.id, lotLabel(lot)]));
  return (
    <BulkDeleteDialog
      {...props}
      ids={lots.map((lot) => lot.id)}
      mutation={useBulkDeleteLots()}
      noun={{ one: 'lote', many: 'lotes' }}
      keptWhere="no estoque"
      keptLabel={(kept) => labels.get(kept.id) ?? 'Lote'}
    />
  );
}

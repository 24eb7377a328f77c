import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast, toastError } from '@/lib/toast';
import { useDeleteLot } from '../api/delete-lot';
import { lotLabel } from '../lot-display';
import type { Lot } from '../types';

export interface DeleteLotDialogProps {
  /** The lot to delete; null keeps the dialog closed. */
  lot: Pick<Lot, 'id' | 'program' | 'original_quantity' | 'account_number'> | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** 'Confirmar exclusão' (spec part 1 §2): modal, answered only by its buttons or Escape. */
export function DeleteLotDialog({ lot, onOpenChange, onDeleted }: DeleteLotDialogProps) {
  const remove = useDeleteLot();
  const busy = remove.isPending;

  const confirm = () => {
    if (!lot) return;
    remove.mutate(lot.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success('Lote excluído', { description: 'Lote excluído com sucesso!' });
        onDeleted?.();
      },
      onError: (error) => {
        onOpenChange(false);
        // 409 LOT_IN_USE: miles of the lot already went into emissions; the server says so.
        toastError('Erro ao excluir lote', error);
      },
    });
  };

  return (
    <ConfirmDialog
      open={lot !== null}
      onOpenChange={onOpenChange}
      busy={busy}
      title="Confirmar exclusão"
      description={
        <>
          Tem certeza que deseja excluir o lote{' '}
          <b className="font-semibold text-foreground">{lot ? lotLabel(lot) : ''}</b>? Esta ação não pode ser desfeita.
        </>
      }
      confirmLabel="Excluir"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}

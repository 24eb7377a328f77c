import { Loader2Icon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
    <AlertDialog open={lot !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Confirmar exclusão</AlertDialogTitle>
          <AlertDialogDescription>
            Tem certeza que deseja excluir o lote <b className="font-semibold text-foreground">{lot ? lotLabel(lot) : ''}</b>? Esta ação
            não pode ser desfeita.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancelar</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the request ends. */}
          <Button variant="destructive" onClick={confirm} disabled={busy}>
            {busy && <Loader2Icon aria-hidden="true" className="animate-spin" />}
            Excluir
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

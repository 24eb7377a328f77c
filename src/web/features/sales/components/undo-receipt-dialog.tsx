import { formatCents, formatDate } from '@domain/format';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useUndoReceipt } from '../api/undo-receipt';
import { receivableLabel } from '../receivable-filters';
import type { Receivable } from '../types';
import { useRowDialog } from '@/hooks/use-row-dialog';

export interface UndoReceiptDialogProps {
  /** The last instalment chosen, kept while the dialog closes so its texts stay through the animation. */
  receivable: Receivable | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Desfazer recebimento': an instalment marked received by mistake is to receive again; its posting goes. */
export function UndoReceiptDialog({ receivable, open, onOpenChange }: UndoReceiptDialogProps) {
  const undo = useUndoReceipt();
  const confirm = () => {
    if (!receivable) return;
    undo.mutate(
      receivable,
      closingCallbacks(onOpenChange, 'Erro ao desfazer recebimento', () =>
        toast.success('Recebimento desfeito', {
          description: `A parcela ${receivable.instalment}/${receivable.instalments} de ${receivable.sale.buyer_name} voltou para Contas a receber.`,
        }),
      ),
    );
  };
  return (
    <ConfirmDialog
      open={open && receivable !== null}
      onOpenChange={onOpenChange}
      busy={undo.isPending}
      title="Desfazer recebimento?"
      description={
        receivable
          ? `A ${receivableLabel(receivable)}, de ${formatCents(receivable.amount_cents)}, volta a ficar a receber, e o lançamento "Venda de milhas" de ${formatDate(receivable.received_on)} é excluído do financeiro.`
          : ''
      }
      cancelLabel="Voltar"
      confirmLabel="Desfazer recebimento"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}

/** A list's 'Desfazer': `choose` a received instalment, and the confirmation to render (it keeps the row while closing). */
export const useReceiptToUndo = () =>
  useRowDialog<Receivable>(({ row, open, onOpenChange }) => (
    <UndoReceiptDialog receivable={row} open={open} onOpenChange={onOpenChange} />
  ));

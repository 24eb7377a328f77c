import { formatCents, formatDate } from '@domain/format';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRowDialog } from '@/hooks/use-row-dialog';
import { toast } from '@/lib/toast';
import { useUndoPayment } from '../api/pay-payable';
import type { Payable } from '../types';

export interface UndoPaymentDialogProps {
  /** The last instalment chosen, kept while the dialog closes so its texts stay through the animation. */
  payable: Payable | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Desfazer pagamento': an instalment marked paid by mistake is to pay again; its posting goes. */
export function UndoPaymentDialog({ payable, open, onOpenChange }: UndoPaymentDialogProps) {
  const undo = useUndoPayment();
  const confirm = () => {
    if (!payable) return;
    undo.mutate(
      payable,
      closingCallbacks(onOpenChange, 'Erro ao desfazer pagamento', () =>
        toast.success('Pagamento desfeito', {
          description: `A parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card.name} voltou para Contas a pagar.`,
        }),
      ),
    );
  };
  return (
    <ConfirmDialog
      open={open && payable !== null}
      onOpenChange={onOpenChange}
      busy={undo.isPending}
      title="Desfazer pagamento?"
      description={
        payable
          ? `A parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card.name}, de ${formatCents(payable.amount_cents)} com vencimento em ${formatDate(payable.due_date)}, volta a ficar a pagar, e a despesa lançada em ${formatDate(payable.paid_on)} é excluída do financeiro.`
          : ''
      }
      cancelLabel="Voltar"
      confirmLabel="Desfazer pagamento"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}

/** A list's 'Desfazer': `choose` a paid instalment, and the confirmation to render (it keeps the row while closing). */
export const usePaymentToUndo = () =>
  useRowDialog<Payable>(({ row, open, onOpenChange }) => (
    <UndoPaymentDialog payable={row} open={open} onOpenChange={onOpenChange} />
  ));

import { formatCents, formatDate } from '@domain/format';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { usePayPayable } from '../api/pay-payable';
import type { Payable } from '../types';
import { useRowDialog } from '@/hooks/use-row-dialog';

export interface PayPayableDialogProps {
  /** The last instalment chosen, kept while the dialog closes so its texts stay through the animation. */
  payable: Payable | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Marcar como pago': the instalment is posted in /financeiro as a cash expense of today. */
export function PayPayableDialog({ payable, open, onOpenChange }: PayPayableDialogProps) {
  const pay = usePayPayable();
  const confirm = () => {
    if (!payable) return;
    pay.mutate(
      payable,
      closingCallbacks(onOpenChange, 'Erro ao marcar a parcela como paga', (paid: Payable) =>
        toast.success('Parcela paga', {
          description: `${formatCents(paid.amount_cents)} do cartão ${paid.card.name} lançados no financeiro em ${formatDate(paid.paid_on)}.`,
        }),
      ),
    );
  };
  return (
    <ConfirmDialog
      open={open && payable !== null}
      onOpenChange={onOpenChange}
      busy={pay.isPending}
      title="Marcar parcela como paga?"
      description={
        payable
          ? `Parcela ${payable.instalment}/${payable.instalments} de ${formatCents(payable.amount_cents)} do cartão ${payable.card.name}, com vencimento em ${formatDate(payable.due_date)}. O pagamento será lançado no financeiro como despesa com a data de hoje.`
          : ''
      }
      cancelLabel="Voltar"
      confirmLabel="Marcar como pago"
      onConfirm={confirm}
    />
  );
}

/** A list's 'Marcar como pago': `choose` a row, and the confirmation to render (it keeps the row while closing). */
export const usePayableToPay = () =>
  useRowDialog<Payable>(({ row, open, onOpenChange }) => (
    <PayPayableDialog payable={row} open={open} onOpenChange={onOpenChange} />
  ));

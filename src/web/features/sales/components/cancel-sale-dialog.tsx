import { formatCents, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useCancelSale } from '../api/cancel-sale';
import { saleLabel } from '../sale-form';
import type { Sale } from '../types';
import { useRowDialog } from '@/hooks/use-row-dialog';

export interface CancelSaleDialogProps {
  /** The last sale chosen, kept while the dialog closes so its texts stay through the animation. */
  sale: Sale | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Cancelar venda': the miles go back to the lots they left, and the instalments still to receive are dropped. */
export function CancelSaleDialog({ sale, open, onOpenChange }: CancelSaleDialogProps) {
  const cancel = useCancelSale();
  const confirm = () => {
    if (!sale) return;
    cancel.mutate(
      sale,
      closingCallbacks(onOpenChange, 'Erro ao cancelar venda', (cancelled: Sale) =>
        toast.success('Venda cancelada', {
          description: `${formatNumber(cancelled.miles)} milhas voltaram aos lotes de ${programName(cancelled.account.program)} · conta ${cancelled.account.account_number}.`,
        }),
      ),
    );
  };
  return (
    <ConfirmDialog
      open={open && sale !== null}
      onOpenChange={onOpenChange}
      busy={cancel.isPending}
      title="Cancelar venda?"
      description={
        sale
          ? `A ${saleLabel(sale)}, por ${formatCents(sale.price_cents)}, será cancelada. As milhas voltam aos lotes de onde saíram, com o custo de cada um, e as parcelas a receber deixam de existir em Contas a receber.`
          : ''
      }
      cancelLabel="Voltar"
      confirmLabel="Cancelar venda"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}

/** A list's 'Cancelar venda': `choose` a row, and the confirmation to render (it keeps the row while closing). */
export const useSaleToCancel = () =>
  useRowDialog<Sale>(({ row, open, onOpenChange }) => (
    <CancelSaleDialog sale={row} open={open} onOpenChange={onOpenChange} />
  ));

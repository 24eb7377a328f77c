import { formatCents, formatNumber } from '@domain/format';
import { closingCallbacks, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useCancelCredit } from '../api/cancel-credit';
import { creditAccountText, creditLabel } from '../credit-display';
import type { Credit } from '../types';

export interface CancelCreditDialogProps {
  open: boolean;
  /** The last one chosen: kept while the dialog closes, so its texts stay. */
  credit: Credit | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Cancelar crédito': the miles will not come. Their cost is not lost while the transfer has miles
 * to carry it (docs/decisions/0029-transfers-and-credits.md): it moves to the transfer's other
 * credit, or to the miles left of it in stock.
 */
export function CancelCreditDialog({ open, credit, onOpenChange }: CancelCreditDialogProps) {
  const cancel = useCancelCredit();
  const confirm = () => {
    if (!credit) return;
    cancel.mutate(
      credit.id,
      closingCallbacks(onOpenChange, 'Erro ao cancelar crédito', () =>
        toast.success('Crédito cancelado', {
          description: `${formatNumber(credit.expected_quantity)} milhas em ${creditAccountText(credit)} não serão mais esperadas.`,
        }),
      ),
    );
  };

  return (
    <ConfirmDialog
      open={open && credit !== null}
      onOpenChange={onOpenChange}
      busy={cancel.isPending}
      title="Cancelar crédito?"
      description={
        credit ? (
          <>
            As {creditLabel(credit)} deixarão de ser esperadas. O custo delas ({formatCents(credit.cost_cents)}) passa
            para o outro crédito desta transferência, se ainda estiver a creditar, ou para as milhas que restam dela no
            estoque; sem milhas da transferência para absorvê-lo, fica registrado como perda.
          </>
        ) : (
          ''
        )
      }
      cancelLabel="Voltar"
      confirmLabel="Cancelar crédito"
      confirmVariant="destructive"
      onConfirm={confirm}
    />
  );
}

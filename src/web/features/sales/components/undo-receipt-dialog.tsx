import { formatCents, formatDate } from '@domain/format';
import { useRowConfirm } from '@/components/row-confirm-dialog';
import { useUndoReceipt } from '../api/undo-receipt';
import { receivableLabel } from '../receivable-filters';
import type { Receivable } from '../types';

/**
 * A list's 'Desfazer' of a received instalment ('Desfazer recebimento'): marked received by
 * mistake, it is to receive again and its posting goes. `choose` a row, and the confirmation to render.
 */
export const useReceiptToUndo = () =>
  useRowConfirm(useUndoReceipt(), {
    title: 'Desfazer recebimento?',
    description: (receivable: Receivable) =>
      `A ${receivableLabel(receivable)}, de ${formatCents(receivable.amount_cents)}, volta a ficar a receber, e o lançamento "Venda de milhas" de ${formatDate(receivable.received_on)} é excluído do financeiro.`,
    confirmLabel: 'Desfazer recebimento',
    destructive: true,
    failed: 'Erro ao desfazer recebimento',
    done: (_answer, receivable) => ({
      title: 'Recebimento desfeito',
      description: `A parcela ${receivable.instalment}/${receivable.instalments} de ${receivable.sale.buyer_name} voltou para Contas a receber.`,
    }),
  });

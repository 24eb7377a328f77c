import { formatCents, formatDate } from '@domain/format';
import { useRowConfirm } from '@/components/row-confirm-dialog';
import { useUndoPayment } from '../api/pay-payable';
import type { Payable } from '../types';

/**
 * A list's 'Desfazer' of a paid instalment ('Desfazer pagamento'): marked paid by mistake, it is to
 * pay again and its posting goes. `choose` a row, and the confirmation to render.
 */
export const usePaymentToUndo = () =>
  useRowConfirm(useUndoPayment(), {
    title: 'Desfazer pagamento?',
    description: (payable: Payable) =>
      `A parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card.name}, de ${formatCents(payable.amount_cents)} com vencimento em ${formatDate(payable.due_date)}, volta a ficar a pagar, e a despesa lançada em ${formatDate(payable.paid_on)} é excluída do financeiro.`,
    confirmLabel: 'Desfazer pagamento',
    destructive: true,
    failed: 'Erro ao desfazer pagamento',
    done: (_answer, payable) => ({
      title: 'Pagamento desfeito',
      description: `A parcela ${payable.instalment}/${payable.instalments} do cartão ${payable.card.name} voltou para Contas a pagar.`,
    }),
  });

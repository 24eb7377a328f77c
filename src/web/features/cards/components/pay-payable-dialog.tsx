import { formatCents, formatDate } from '@domain/format';
import { useRowConfirm } from '@/components/row-confirm-dialog';
import { usePayPayable } from '../api/pay-payable';
import type { Payable } from '../types';

/**
 * A list's 'Marcar como pago': the instalment is posted in /financeiro as a cash expense of today.
 * `choose` a row, and the confirmation to render.
 */
export const usePayableToPay = () =>
  useRowConfirm(usePayPayable(), {
    title: 'Marcar parcela como paga?',
    description: (payable: Payable) =>
      `Parcela ${payable.instalment}/${payable.instalments} de ${formatCents(payable.amount_cents)} do cartão ${payable.card.name}, com vencimento em ${formatDate(payable.due_date)}. O pagamento será lançado no financeiro como despesa com a data de hoje.`,
    confirmLabel: 'Marcar como pago',
    failed: 'Erro ao marcar a parcela como paga',
    done: (paid: Payable) => ({
      title: 'Parcela paga',
      description: `${formatCents(paid.amount_cents)} do cartão ${paid.card.name} lançados no financeiro em ${formatDate(paid.paid_on)}.`,
    }),
  });

import { formatCents, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { useRowConfirm } from '@/components/row-confirm-dialog';
import { useCancelSale } from '../api/cancel-sale';
import { saleLabel } from '../sale-form';
import type { Sale } from '../types';

/**
 * A list's 'Cancelar venda': the miles go back to the lots they left, and the instalments still to
 * receive are dropped. `choose` a row, and the confirmation to render.
 */
export const useSaleToCancel = () =>
  useRowConfirm(useCancelSale(), {
    title: 'Cancelar venda?',
    description: (sale: Sale) =>
      `A ${saleLabel(sale)}, por ${formatCents(sale.price_cents)}, será cancelada. As milhas voltam aos lotes de onde saíram, com o custo de cada um, e as parcelas a receber deixam de existir em Contas a receber.`,
    confirmLabel: 'Cancelar venda',
    destructive: true,
    failed: 'Erro ao cancelar venda',
    done: (cancelled: Sale) => ({
      title: 'Venda cancelada',
      description: `${formatNumber(cancelled.miles)} milhas voltaram aos lotes de ${programName(cancelled.account.program)} · conta ${cancelled.account.account_number}.`,
    }),
  });

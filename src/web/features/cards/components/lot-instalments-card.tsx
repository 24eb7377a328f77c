import { formatCents } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLotPayables } from '../api/get-payables';
import { usePayableToPay } from './pay-payable-dialog';
import { usePaymentToUndo } from './undo-payment-dialog';
import { DueSkeletonItem } from '@/components/due-list';
import { PayableItem } from './payable-item';

/**
 * 'Parcelas no cartão' on a lot's page (issue #23): how a lot bought on a card is being paid, each
 * instalment with 'Marcar como pago'. Nothing for a lot bought à vista.
 */
export function LotInstalmentsCard({ lotId }: { lotId: string }) {
  const payables = useLotPayables(lotId);
  const toPay = usePayableToPay();
  const toUndo = usePaymentToUndo();
  const list = payables.data;
  if (payables.isError) {
    return <QueryErrorState title="Erro ao carregar as parcelas do cartão" query={payables} />;
  }
  if (list && list.data.length === 0) return null;
  const first = list?.data[0];
  const paid = list?.months.reduce((sum, m) => sum + m.paid_cents, 0) ?? 0;
  const owed = list?.months.reduce((sum, m) => sum + m.pending_cents + m.overdue_cents, 0) ?? 0;
  return (
    <Card role="region" aria-labelledby="lot-instalments-title" className="gap-4 pb-0">
      <CardHeader>
        <CardTitle id="lot-instalments-title">Parcelas no cartão</CardTitle>
        <CardDescription>
          {first
            ? `Comprado no cartão ${first.card.name} em ${first.instalments}×: ${formatCents(paid)} pagos, ${formatCents(owed)} a pagar.`
            : 'Carregando as parcelas...'}
        </CardDescription>
      </CardHeader>
      <CardContent className="border-t p-0">
        <ul aria-label="Parcelas" aria-busy={list === undefined} className="divide-y">
          {list === undefined
            ? Array.from({ length: 2 }, (_, i) => <DueSkeletonItem key={i} />)
            : list.data.map((payable) => (
                <PayableItem
                  key={payable.id}
                  payable={payable}
                  onPay={toPay.choose}
                  onUndo={toUndo.choose}
                  showLot={false}
                />
              ))}
        </ul>
      </CardContent>
      {toPay.dialog}
      {toUndo.dialog}
    </Card>
  );
}

import { useState } from 'react';
import { ReceiptIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DueListBody, DueMonth, DueSkeletonItem } from '@/components/due-list';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePagedList } from '@/hooks/use-paged-list';
import { usePayables } from '../api/get-payables';
import { groupByMonth, PAYABLE_FILTERS, payableListParams, periodText, type PayableFilter } from '../payable-filters';
import { usePayableToPay } from './pay-payable-dialog';
import { usePaymentToUndo } from './undo-payment-dialog';
import { PayableItem } from './payable-item';

export interface PayablesSectionProps {
  /** yyyy-MM-dd: each filter's period starts from it. */
  today: string;
}

/**
 * 'Contas a pagar' on /financeiro (issue #23): the instalments of miles bought on a card, by due
 * date under their months, what is overdue, and 'Marcar como pago' (which posts the payment) or,
 * on a paid one, 'Desfazer' (a payment marked by mistake).
 */
export function PayablesSection({ today }: PayablesSectionProps) {
  const [filter, setFilter] = useState<PayableFilter>('all');
  const [page, setPage] = useState(1);
  const payables = usePayables(payableListParams(filter, today, page));
  const toPay = usePayableToPay();
  const toUndo = usePaymentToUndo();
  const { list, rows, stale, onPageChange } = usePagedList(payables, page, ({ page: next }) => setPage(next));

  const choose = (next: PayableFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Card role="region" aria-labelledby="payables-title" className="gap-4 pb-0">
      <CardHeader>
        <CardTitle id="payables-title">Contas a pagar</CardTitle>
        <CardDescription>
          As parcelas das compras de milhas no cartão de crédito, pela data de vencimento de cada fatura.
        </CardDescription>
      </CardHeader>

      <DueListBody
        query={payables}
        errorTitle="Erro ao carregar as contas a pagar"
        list={list}
        loading={rows === undefined}
        stale={stale}
        filter={filter}
        filters={PAYABLE_FILTERS}
        onFilter={choose}
        filterLabel="Filtrar parcelas por situação"
        overdueHint="Parcelas com vencimento já passado e ainda não pagas."
        overdueTestId="payables-overdue"
        periodText={list ? periodText(filter, list) : undefined}
        skeletonItem={DueSkeletonItem}
        empty={rows?.length === 0 ? <EmptyState filter={filter} /> : null}
        onPageChange={onPageChange}
      >
        {groupByMonth(rows ?? [], list?.months ?? []).map((group) => (
          <DueMonth
            key={group.month}
            month={group.month}
            sums={
              group.summary
                ? {
                    open_cents: group.summary.pending_cents + group.summary.overdue_cents,
                    settled_cents: group.summary.paid_cents,
                    count: group.summary.count,
                  }
                : null
            }
            openLabel="em aberto"
            testId="payables-month"
          >
            {group.rows.map((payable) => (
              <PayableItem key={payable.id} payable={payable} onPay={toPay.choose} onUndo={toUndo.choose} />
            ))}
          </DueMonth>
        ))}
      </DueListBody>

      {toPay.dialog}
      {toUndo.dialog}
    </Card>
  );
}

const EMPTY_TITLES: Record<PayableFilter, string> = {
  all: 'Nenhuma parcela a pagar',
  pending: 'Nenhuma parcela a vencer',
  overdue: 'Nenhuma parcela vencida',
  paid: 'Nenhuma parcela paga nos últimos 12 meses',
};

function EmptyState({ filter }: { filter: PayableFilter }) {
  const texts: ListEmptyTexts = {
    icon: ReceiptIcon,
    title: EMPTY_TITLES[filter],
    noMatch: 'Escolha outra situação para ver as demais parcelas.',
    start:
      'Ao comprar milhas no cartão em parcelas, pelo Novo Lote, cada parcela aparece aqui na data de vencimento da fatura.',
  };
  return (
    <ListEmptyState texts={texts} filtered={filter !== 'all'}>
      {filter === 'all' && (
        <Button asChild variant="outline" size="sm">
          <Link to="/lotes">Ir para Lotes</Link>
        </Button>
      )}
    </ListEmptyState>
  );
}

import { useState } from 'react';
import { ReceiptIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DueFilterButtons, DueMonth, DueOverdueNotice } from '@/components/due-list';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { usePagedList } from '@/hooks/use-paged-list';
import { cn } from '@/lib/utils';
import { usePayables } from '../api/get-payables';
import { groupByMonth, PAYABLE_FILTERS, payableListParams, periodText, type PayableFilter } from '../payable-filters';
import { usePayableToPay } from './pay-payable-dialog';
import { PayableItem, PayableSkeletonItem } from './payable-item';

const SKELETON_ROWS = 3;

export interface PayablesSectionProps {
  /** yyyy-MM-dd: each filter's period starts from it. */
  today: string;
}

/**
 * 'Contas a pagar' on /financeiro (issue #23): the instalments of miles bought on a card, by due
 * date under their months, what is overdue, and 'Marcar como pago' (which posts the payment).
 */
export function PayablesSection({ today }: PayablesSectionProps) {
  const [filter, setFilter] = useState<PayableFilter>('all');
  const [page, setPage] = useState(1);
  const payables = usePayables(payableListParams(filter, today, page));
  const toPay = usePayableToPay();
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

      {payables.isError && !list ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar as contas a pagar" query={payables} />
        </CardContent>
      ) : (
        <>
          <CardContent className="space-y-3">
            {list && list.overdue.count > 0 && (
              <DueOverdueNotice
                overdue={list.overdue}
                hint="Parcelas com vencimento já passado e ainda não pagas."
                onShow={filter === 'overdue' ? null : () => choose('overdue')}
                testId="payables-overdue"
              />
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <DueFilterButtons
                filters={PAYABLE_FILTERS}
                value={filter}
                onChange={choose}
                label="Filtrar parcelas por situação"
              />
              {list ? (
                <p className="text-xs text-muted-foreground">{periodText(filter, list)}</p>
              ) : (
                <Skeleton className="h-3 w-52" />
              )}
            </div>
          </CardContent>
          <div
            className={cn('border-t transition-opacity', stale && 'opacity-60')}
            aria-busy={rows === undefined || stale}
          >
            {rows === undefined ? (
              <ul aria-label="Carregando parcelas" className="divide-y">
                {Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <PayableSkeletonItem key={i} />
                ))}
              </ul>
            ) : rows.length === 0 ? (
              <EmptyState filter={filter} />
            ) : (
              groupByMonth(rows, list?.months ?? []).map((group) => (
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
                    <PayableItem key={payable.id} payable={payable} onPay={toPay.choose} />
                  ))}
                </DueMonth>
              ))
            )}
          </div>
          <PaginationFooter list={list} itemLabel="parcelas" onPageChange={onPageChange} />
        </>
      )}

      {toPay.dialog}
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

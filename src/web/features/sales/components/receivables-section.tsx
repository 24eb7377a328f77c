import { useState } from 'react';
import { HandCoinsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DueListBody, DueMonth, DueSkeletonItem } from '@/components/due-list';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePagedList } from '@/hooks/use-paged-list';
import { useReceivables } from '../api/get-receivables';
import {
  groupByMonth,
  periodText,
  RECEIVABLE_FILTERS,
  receivableListParams,
  type ReceivableFilter,
} from '../receivable-filters';
import { ReceivableItem } from './receivable-item';
import { useReceivableToReceive } from './receive-receivable-dialog';
import { useReceiptToUndo } from './undo-receipt-dialog';

export interface ReceivablesSectionProps {
  /** yyyy-MM-dd: each filter's period starts from it. */
  today: string;
}

/**
 * 'Contas a receber' on /financeiro (issue #23): the instalments of the sales of miles, by due date
 * under their months, what is overdue, and 'Recebido' (which posts the receipt as a revenue) or,
 * on a received one, 'Desfazer' (a receipt marked by mistake).
 */
export function ReceivablesSection({ today }: ReceivablesSectionProps) {
  const [filter, setFilter] = useState<ReceivableFilter>('all');
  const [page, setPage] = useState(1);
  const receivables = useReceivables(receivableListParams(filter, today, page));
  const toReceive = useReceivableToReceive();
  const toUndo = useReceiptToUndo();
  const { list, rows, stale, onPageChange } = usePagedList(receivables, page, ({ page: next }) => setPage(next));

  const choose = (next: ReceivableFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Card role="region" aria-labelledby="receivables-title" className="gap-4 pb-0">
      <CardHeader>
        <CardTitle id="receivables-title">Contas a receber</CardTitle>
        <CardDescription>
          As parcelas das vendas de milhas, pela data de vencimento. Ao marcar como recebida, o valor é lançado no
          financeiro.
        </CardDescription>
      </CardHeader>

      <DueListBody
        query={receivables}
        errorTitle="Erro ao carregar as contas a receber"
        list={list}
        loading={rows === undefined}
        stale={stale}
        filter={filter}
        filters={RECEIVABLE_FILTERS}
        onFilter={choose}
        filterLabel="Filtrar parcelas a receber por situação"
        overdueHint="Parcelas de vendas com vencimento já passado e ainda não recebidas."
        overdueTestId="receivables-overdue"
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
                    settled_cents: group.summary.received_cents,
                    count: group.summary.count,
                  }
                : null
            }
            openLabel="a receber"
            testId="receivables-month"
          >
            {group.rows.map((receivable) => (
              <ReceivableItem
                key={receivable.id}
                receivable={receivable}
                onReceive={toReceive.choose}
                onUndo={toUndo.choose}
              />
            ))}
          </DueMonth>
        ))}
      </DueListBody>

      {toReceive.dialog}
      {toUndo.dialog}
    </Card>
  );
}

const EMPTY_TITLES: Record<ReceivableFilter, string> = {
  all: 'Nenhuma parcela a receber',
  pending: 'Nenhuma parcela a vencer',
  overdue: 'Nenhuma parcela vencida',
  received: 'Nenhuma parcela recebida nos últimos 12 meses',
};

function EmptyState({ filter }: { filter: ReceivableFilter }) {
  const texts: ListEmptyTexts = {
    icon: HandCoinsIcon,
    title: EMPTY_TITLES[filter],
    noMatch: 'Escolha outra situação para ver as demais parcelas.',
    start: 'Ao vender milhas, pelo "Vender milhas" em Lotes, cada parcela da venda aparece aqui no seu vencimento.',
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

import { useState } from 'react';
import { AlertTriangleIcon, ReceiptIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, monthYearLabel } from '@domain/format';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { usePagedList } from '@/hooks/use-paged-list';
import { cn } from '@/lib/utils';
import { usePayables } from '../api/get-payables';
import {
  groupByMonth,
  instalmentsText,
  overdueText,
  PAYABLE_FILTERS,
  payableListParams,
  periodText,
  type PayableFilter,
  type PayableMonthGroup,
} from '../payable-filters';
import type { Payable, PayableList } from '../types';
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
              <OverdueNotice overdue={list.overdue} onShow={filter === 'overdue' ? null : () => choose('overdue')} />
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <FilterButtons value={filter} onChange={choose} />
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
                <MonthGroup key={group.month} group={group} onPay={toPay.choose} />
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

function FilterButtons({ value, onChange }: { value: PayableFilter; onChange: (filter: PayableFilter) => void }) {
  return (
    <div
      role="group"
      aria-label="Filtrar parcelas por situação"
      className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-fit"
    >
      {PAYABLE_FILTERS.map((item) => (
        <Button
          key={item.value}
          variant="ghost"
          size="sm"
          aria-pressed={item.value === value}
          onClick={() => onChange(item.value)}
          className="px-2 text-muted-foreground aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm sm:px-3"
        >
          {item.label}
        </Button>
      ))}
    </div>
  );
}

function OverdueNotice({ overdue, onShow }: { overdue: PayableList['overdue']; onShow: (() => void) | null }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="payables-overdue"
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangleIcon
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
        />
        <span>
          <span className="font-semibold tabular-nums">{overdueText(overdue)}</span>
          <span className="block text-muted-foreground">Parcelas com vencimento já passado e ainda não pagas.</span>
        </span>
      </p>
      {onShow && (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-auto" onClick={onShow}>
          Ver vencidas
        </Button>
      )}
    </div>
  );
}

function MonthGroup({ group, onPay }: { group: PayableMonthGroup; onPay: (payable: Payable) => void }) {
  const titleId = `payables-month-${group.month}`;
  const s = group.summary;
  const open = s ? s.pending_cents + s.overdue_cents : 0;
  return (
    <div data-testid="payables-month" className="border-b last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 bg-muted/40 px-5 py-2.5">
        <h4 id={titleId} className="text-sm font-semibold">
          {monthYearLabel(group.month)}
        </h4>
        {s && (
          <p className="text-right text-sm tabular-nums">
            <span className="font-semibold">{formatCents(open + s.paid_cents)}</span>
            <span className="text-muted-foreground">
              {' · '}
              {instalmentsText(s.count)}
              {open > 0 && s.paid_cents > 0 ? ` · ${formatCents(open)} em aberto` : ''}
            </span>
          </p>
        )}
      </div>
      <ul aria-labelledby={titleId} className="divide-y border-t">
        {group.rows.map((payable) => (
          <PayableItem key={payable.id} payable={payable} onPay={onPay} />
        ))}
      </ul>
    </div>
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

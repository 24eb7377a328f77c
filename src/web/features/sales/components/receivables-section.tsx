import { useState } from 'react';
import { AlertTriangleIcon, HandCoinsIcon } from 'lucide-react';
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
import { useReceivables } from '../api/get-receivables';
import {
  groupByMonth,
  instalmentsText,
  overdueText,
  periodText,
  RECEIVABLE_FILTERS,
  receivableListParams,
  type ReceivableFilter,
  type ReceivableMonthGroup,
} from '../receivable-filters';
import type { Receivable, ReceivableList } from '../types';
import { ReceivableItem, ReceivableSkeletonItem } from './receivable-item';
import { useReceivableToReceive } from './receive-receivable-dialog';

const SKELETON_ROWS = 3;

export interface ReceivablesSectionProps {
  /** yyyy-MM-dd: each filter's period starts from it. */
  today: string;
}

/**
 * 'Contas a receber' on /financeiro (issue #23): the instalments of the sales of miles, by due date
 * under their months, what is overdue, and 'Recebido' (which posts the receipt as a revenue).
 */
export function ReceivablesSection({ today }: ReceivablesSectionProps) {
  const [filter, setFilter] = useState<ReceivableFilter>('all');
  const [page, setPage] = useState(1);
  const receivables = useReceivables(receivableListParams(filter, today, page));
  const toReceive = useReceivableToReceive();
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

      {receivables.isError && !list ? (
        <CardContent className="pb-5">
          <QueryErrorState title="Erro ao carregar as contas a receber" query={receivables} />
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
                  <ReceivableSkeletonItem key={i} />
                ))}
              </ul>
            ) : rows.length === 0 ? (
              <EmptyState filter={filter} />
            ) : (
              groupByMonth(rows, list?.months ?? []).map((group) => (
                <MonthGroup key={group.month} group={group} onReceive={toReceive.choose} />
              ))
            )}
          </div>
          <PaginationFooter list={list} itemLabel="parcelas" onPageChange={onPageChange} />
        </>
      )}

      {toReceive.dialog}
    </Card>
  );
}

function FilterButtons({ value, onChange }: { value: ReceivableFilter; onChange: (filter: ReceivableFilter) => void }) {
  return (
    <div
      role="group"
      aria-label="Filtrar parcelas a receber por situação"
      className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:w-fit"
    >
      {RECEIVABLE_FILTERS.map((item) => (
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

function OverdueNotice({ overdue, onShow }: { overdue: ReceivableList['overdue']; onShow: (() => void) | null }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="receivables-overdue"
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangleIcon
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
        />
        <span>
          <span className="font-semibold tabular-nums">{overdueText(overdue)}</span>
          <span className="block text-muted-foreground">
            Parcelas de vendas com vencimento já passado e ainda não recebidas.
          </span>
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

function MonthGroup({
  group,
  onReceive,
}: {
  group: ReceivableMonthGroup;
  onReceive: (receivable: Receivable) => void;
}) {
  const titleId = `receivables-month-${group.month}`;
  const s = group.summary;
  const open = s ? s.pending_cents + s.overdue_cents : 0;
  return (
    <div data-testid="receivables-month" className="border-b last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 bg-muted/40 px-5 py-2.5">
        <h4 id={titleId} className="text-sm font-semibold">
          {monthYearLabel(group.month)}
        </h4>
        {s && (
          <p className="text-right text-sm tabular-nums">
            <span className="font-semibold">{formatCents(open + s.received_cents)}</span>
            <span className="text-muted-foreground">
              {' · '}
              {instalmentsText(s.count)}
              {open > 0 && s.received_cents > 0 ? ` · ${formatCents(open)} a receber` : ''}
            </span>
          </p>
        )}
      </div>
      <ul aria-labelledby={titleId} className="divide-y border-t">
        {group.rows.map((receivable) => (
          <ReceivableItem key={receivable.id} receivable={receivable} onReceive={onReceive} />
        ))}
      </ul>
    </div>
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

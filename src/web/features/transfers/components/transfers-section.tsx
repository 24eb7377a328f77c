import { useState } from 'react';
import { ArrowRightIcon, ArrowRightLeftIcon, UserIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { programName } from '@domain/programs';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { QueryErrorState } from '@/components/query-error-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PaginationFooter } from '@/components/ui/pagination';
import { SkeletonText } from '@/components/ui/skeleton';
import { usePagedList } from '@/hooks/use-paged-list';
import { formatCostPerThousand } from '@/lib/cost-format';
import { cn } from '@/lib/utils';
import { costPerThousandOf } from '@domain/transfers/transfer.rules';
import { useTransfers } from '../api/get-transfers';
import { milesText, pointsText } from '../transfer-form';
import type { Transfer } from '../types';

const EMPTY: ListEmptyTexts = {
  icon: ArrowRightLeftIcon,
  title: 'Nenhuma transferência registrada',
  noMatch: '',
  start: 'Use "Transferir pontos" para levar pontos da Livelo ou da Esfera a uma companhia aérea, com bônus.',
};

/**
 * 'Transferências de pontos' on /lotes (issue #23): every transfer, newest first — its route and
 * holder, points, the miles base and bonus with their state, what they cost (per thousand) and,
 * when a credit never came with no mile left to carry its cost, the loss (decision 0029).
 */
export function TransfersSection() {
  const [page, setPage] = useState(1);
  const transfers = useTransfers(page);
  const { list, rows, stale, onPageChange } = usePagedList(transfers, page, ({ page: next }) => setPage(next));
  return (
    <Card role="region" aria-labelledby="transfers-title" className="gap-4 pb-0">
      <CardHeader>
        <CardTitle id="transfers-title">Transferências de pontos</CardTitle>
        <CardDescription>
          Pontos levados a companhias aéreas, com o custo de cada milha recebida e o que se perdeu em créditos
          cancelados.
        </CardDescription>
      </CardHeader>
      {transfers.isError && !list ? (
        <div className="px-6 pb-5">
          <QueryErrorState title="Erro ao carregar as transferências" query={transfers} />
        </div>
      ) : (
        <>
          <div className="border-t">
            {rows && rows.length === 0 ? (
              <ListEmptyState texts={EMPTY} filtered={false} />
            ) : (
              <ul
                aria-label="Transferências"
                aria-busy={rows === undefined || stale}
                className={cn('divide-y transition-opacity', stale && 'opacity-60')}
              >
                {rows === undefined
                  ? Array.from({ length: 2 }, (_, i) => (
                      <li key={i} className="grid gap-3 px-5 py-4 md:grid-cols-3" aria-hidden="true">
                        <SkeletonText widths={['w-40', 'w-28']} />
                        <SkeletonText widths={['w-32', 'w-24']} />
                        <SkeletonText widths={['w-28', 'w-20']} />
                      </li>
                    ))
                  : rows.map((transfer) => <TransferItem key={transfer.id} transfer={transfer} />)}
              </ul>
            )}
          </div>
          <PaginationFooter list={list} itemLabel="transferências" onPageChange={onPageChange} />
        </>
      )}
    </Card>
  );
}

function TransferItem({ transfer }: { transfer: Transfer }) {
  const miles = transfer.base_miles + transfer.bonus_miles;
  const pending = transfer.credits.filter((c) => c.status === 'pending');
  const cancelled = transfer.credits.filter((c) => c.status === 'cancelled');
  return (
    <li
      className="grid gap-x-6 gap-y-3 px-5 py-4 md:grid-cols-[1.3fr_1fr_1fr] md:items-center"
      data-testid="transfer-row"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-1.5 font-medium">
          {programName(transfer.source_account.program)}
          <ArrowRightIcon aria-label="para" className="size-3.5 text-muted-foreground" />
          {programName(transfer.destination_account.program)}
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">
          {formatDate(transfer.transfer_date)} ·{' '}
          <Link
            to={`/contas/${transfer.destination_account.id}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            Conta {transfer.destination_account.account_number}
          </Link>
        </p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <UserIcon aria-hidden="true" className="size-3 shrink-0" />
          <span className="truncate">{transfer.destination_account.holder_name ?? 'Conta da agência'}</span>
        </p>
      </div>
      <div className="text-sm">
        <p className="font-medium tabular-nums">{pointsText(transfer.points)}</p>
        <p className="text-muted-foreground tabular-nums">
          {transfer.bonus_miles > 0
            ? `${milesText(transfer.base_miles)} + ${formatNumber(transfer.bonus_miles)} de bônus (${transfer.bonus_percent}%)`
            : milesText(transfer.base_miles)}
        </p>
        <p className="flex flex-wrap gap-1.5 pt-1">
          {pending.length > 0 && (
            <Badge variant="warning">{`${milesText(pending.reduce((s, c) => s + c.expected_quantity, 0))} a creditar`}</Badge>
          )}
          {cancelled.length > 0 && <Badge variant="secondary">Crédito cancelado</Badge>}
          {pending.length === 0 && cancelled.length === 0 && <Badge variant="success">Tudo creditado</Badge>}
        </p>
      </div>
      <div className="text-sm md:text-right">
        <p className="font-medium tabular-nums">{formatCents(transfer.total_cost_cents)}</p>
        <p className="text-muted-foreground tabular-nums">
          {formatCostPerThousand(costPerThousandOf(transfer.total_cost_cents, miles))} o milheiro
        </p>
        {transfer.lost_cost_cents > 0 && (
          <p className="font-medium text-destructive tabular-nums">Perda: {formatCents(transfer.lost_cost_cents)}</p>
        )}
      </div>
    </li>
  );
}

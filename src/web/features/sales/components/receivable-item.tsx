import { CheckIcon, UserIcon } from 'lucide-react';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { RECEIVABLE_STATUS_LABELS } from '@domain/sales/sale.schema';
import { ProgramLabel } from '@/components/program-label';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { receivableLabel } from '../receivable-filters';
import type { Receivable } from '../types';

/**
 * Wide, one line of columns; below 1024 px a card: the due date and the amount on top, then the
 * buyer, the account and the action (as 'Contas a pagar').
 */
const ROW =
  'grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 px-5 py-4 lg:grid-cols-[9.5rem_minmax(0,1fr)_minmax(0,1.3fr)_8rem_9rem] lg:items-center lg:gap-x-6';

export interface ReceivableItemProps {
  receivable: Receivable;
  onReceive: (receivable: Receivable) => void;
}

export function ReceivableItem({ receivable, onReceive }: ReceivableItemProps) {
  const { sale } = receivable;
  return (
    <li className={ROW} data-testid="receivable-row">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 lg:flex-col lg:items-start">
        <span className="font-medium whitespace-nowrap tabular-nums">{formatDate(receivable.due_date)}</span>
        <ReceivableStatusBadge receivable={receivable} />
      </div>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <p className="flex min-w-0 items-center gap-1.5">
          <UserIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="truncate font-medium">{sale.buyer_name}</span>
        </p>
        <p className="text-muted-foreground tabular-nums">{`Parcela ${receivable.instalment}/${receivable.instalments}`}</p>
      </div>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <ProgramLabel program={sale.account.program} className="max-w-full font-medium" />
        <p className="truncate text-muted-foreground">
          <span className="tabular-nums">{formatNumber(sale.miles)} milhas</span>
          <span className="tabular-nums">{` · Conta ${sale.account.account_number}`}</span>
        </p>
      </div>
      <p className="col-start-2 row-start-1 text-right font-semibold whitespace-nowrap tabular-nums lg:col-start-auto lg:row-start-auto">
        {formatCents(receivable.amount_cents)}
      </p>
      {receivable.status !== 'received' && (
        <div className="col-span-2 lg:col-span-1 lg:text-right">
          <Button
            variant="outline"
            size="sm"
            className="w-full sm:w-auto"
            aria-label={`Recebido: ${receivableLabel(receivable)}`}
            onClick={() => onReceive(receivable)}
          >
            <CheckIcon aria-hidden="true" />
            Recebido
          </Button>
        </div>
      )}
    </li>
  );
}

/** 'A receber', 'Vencida' (in words, not only in colour), 'Recebida em 15/01/2027'. */
function ReceivableStatusBadge({ receivable }: { receivable: Receivable }) {
  if (receivable.status === 'received') {
    return (
      <Badge variant="success">
        {RECEIVABLE_STATUS_LABELS.received}
        {receivable.received_on ? ` em ${formatDate(receivable.received_on)}` : ''}
      </Badge>
    );
  }
  return (
    <Badge variant={receivable.status === 'overdue' ? 'warning' : 'secondary'}>
      {RECEIVABLE_STATUS_LABELS[receivable.status]}
    </Badge>
  );
}

export function ReceivableSkeletonItem() {
  return (
    <li className={ROW} aria-hidden="true">
      <SkeletonText widths={['w-24', 'w-16']} />
      <div className="col-span-2 lg:col-span-1">
        <SkeletonText widths={['w-32', 'w-20']} />
      </div>
      <div className="col-span-2 lg:col-span-1">
        <SkeletonText widths={['w-36', 'w-28']} />
      </div>
      <Skeleton className="col-start-2 row-start-1 ml-auto h-4 w-20 lg:col-start-auto lg:row-start-auto" />
      <Skeleton className="col-span-2 h-8 w-full sm:w-32 lg:col-span-1 lg:ml-auto" />
    </li>
  );
}

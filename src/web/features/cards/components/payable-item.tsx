import { CheckIcon, CreditCardIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PAYABLE_STATUS_LABELS } from '@domain/cards/card.schema';
import { formatCents, formatDate } from '@domain/format';
import { ProgramLabel } from '@/components/program-label';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { payableLabel } from '../payable-filters';
import type { Payable } from '../types';

/**
 * Wide, one line of columns; below 1024 px a card: the due date and the amount on top, then the
 * card, the lot and the action.
 */
const ROW =
  'grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 px-5 py-4 lg:grid-cols-[9.5rem_minmax(0,1fr)_minmax(0,1.3fr)_8rem_11rem] lg:items-center lg:gap-x-6';
/** On the lot's own page: no lot column. */
const ROW_OF_LOT =
  'grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 px-5 py-4 lg:grid-cols-[9.5rem_minmax(0,1fr)_8rem_11rem] lg:items-center lg:gap-x-6';

export interface PayableItemProps {
  payable: Payable;
  onPay: (payable: Payable) => void;
  /** False on the lot's own page. */
  showLot?: boolean;
}

export function PayableItem({ payable, onPay, showLot = true }: PayableItemProps) {
  const { lot } = payable;
  return (
    <li className={showLot ? ROW : ROW_OF_LOT} data-testid="payable-row">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 lg:flex-col lg:items-start">
        <span className="font-medium whitespace-nowrap tabular-nums">{formatDate(payable.due_date)}</span>
        <PayableStatusBadge payable={payable} />
      </div>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <p className="flex min-w-0 items-center gap-1.5">
          <CreditCardIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="truncate">{payable.card.name}</span>
        </p>
        <p className="text-muted-foreground tabular-nums">{`Parcela ${payable.instalment}/${payable.instalments}`}</p>
      </div>
      {showLot && (
        <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
          <Link to={`/lotes/${lot.id}`} className="text-primary underline-offset-4 hover:underline">
            <ProgramLabel program={lot.program} className="max-w-full font-medium" />
          </Link>
          <p className="truncate text-muted-foreground">
            <span className="tabular-nums">Conta {lot.account_number}</span>
            {lot.supplier ? ` · ${lot.supplier}` : ''}
          </p>
        </div>
      )}
      <p className="col-start-2 row-start-1 text-right font-semibold whitespace-nowrap tabular-nums lg:col-start-auto lg:row-start-auto">
        {formatCents(payable.amount_cents)}
      </p>
      {payable.status !== 'paid' && (
        <div className="col-span-2 lg:col-span-1 lg:text-right">
          <Button
            variant="outline"
            size="sm"
            className="w-full sm:w-auto"
            aria-label={`Marcar como pago: ${payableLabel(payable)}`}
            onClick={() => onPay(payable)}
          >
            <CheckIcon aria-hidden="true" />
            Marcar como pago
          </Button>
        </div>
      )}
    </li>
  );
}

/** 'A vencer', 'Vencida' (in words, not only in colour), 'Paga em 15/01/2027'. */
function PayableStatusBadge({ payable }: { payable: Payable }) {
  if (payable.status === 'paid') {
    return (
      <Badge variant="success">
        {PAYABLE_STATUS_LABELS.paid}
        {payable.paid_on ? ` em ${formatDate(payable.paid_on)}` : ''}
      </Badge>
    );
  }
  return (
    <Badge variant={payable.status === 'overdue' ? 'warning' : 'secondary'}>
      {PAYABLE_STATUS_LABELS[payable.status]}
    </Badge>
  );
}

export function PayableSkeletonItem() {
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
      <Skeleton className="col-span-2 h-8 w-full sm:w-40 lg:col-span-1 lg:ml-auto" />
    </li>
  );
}

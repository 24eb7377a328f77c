import { CheckIcon, CreditCardIcon, Undo2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { PAYABLE_STATUS_LABELS } from '@domain/cards/card.schema';
import { formatCents, formatDate } from '@domain/format';
import { ProgramLabel } from '@/components/program-label';
import { DUE_ROW, DueStatusBadge } from '@/components/due-list';
import { Button } from '@/components/ui/button';
import { TruncatedText } from '@/components/ui/truncated-text';
import { payableLabel } from '../payable-filters';
import type { Payable } from '../types';

/** On the lot's own page: no lot column (DUE_ROW otherwise). */
const ROW_OF_LOT =
  'grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 px-5 py-4 lg:grid-cols-[9.5rem_minmax(0,1fr)_8rem_11rem] lg:items-center lg:gap-x-6';

export interface PayableItemProps {
  payable: Payable;
  onPay: (payable: Payable) => void;
  /** 'Desfazer' on a paid instalment (a payment marked by mistake). */
  onUndo: (payable: Payable) => void;
  /** False on the lot's own page. */
  showLot?: boolean;
}

export function PayableItem({ payable, onPay, onUndo, showLot = true }: PayableItemProps) {
  const { lot } = payable;
  return (
    <li className={showLot ? DUE_ROW : ROW_OF_LOT} data-testid="payable-row">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 lg:flex-col lg:items-start">
        <span className="font-medium whitespace-nowrap tabular-nums">{formatDate(payable.due_date)}</span>
        <DueStatusBadge
          status={payable.status === 'paid' ? 'settled' : payable.status}
          settledOn={payable.paid_on}
          labels={{ ...PAYABLE_STATUS_LABELS, settled: PAYABLE_STATUS_LABELS.paid }}
        />
      </div>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <p className="flex min-w-0 items-center gap-1.5">
          <CreditCardIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <TruncatedText text={payable.card.name} />
        </p>
        <p className="text-muted-foreground tabular-nums">{`Parcela ${payable.instalment}/${payable.instalments}`}</p>
      </div>
      {showLot && (
        <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
          <Link to={`/lotes/${lot.id}`} className="text-primary underline-offset-4 hover:underline">
            <ProgramLabel program={lot.program} className="max-w-full font-medium" />
          </Link>
          <TruncatedText
            className="block text-muted-foreground tabular-nums"
            text={`Conta ${lot.account_number}${lot.supplier ? ` · ${lot.supplier}` : ''}`}
          />
        </div>
      )}
      <p className="col-start-2 row-start-1 text-right font-semibold whitespace-nowrap tabular-nums lg:col-start-auto lg:row-start-auto">
        {formatCents(payable.amount_cents)}
      </p>
      <div className="col-span-2 lg:col-span-1 lg:text-right">
        {payable.status === 'paid' ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-full text-muted-foreground sm:w-auto"
            aria-label={`Desfazer pagamento: ${payableLabel(payable)}`}
            onClick={() => onUndo(payable)}
          >
            <Undo2Icon aria-hidden="true" />
            Desfazer
          </Button>
        ) : (
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
        )}
      </div>
    </li>
  );
}

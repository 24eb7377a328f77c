import { CheckIcon, Undo2Icon, UserIcon } from 'lucide-react';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { RECEIVABLE_STATUS_LABELS } from '@domain/sales/sale.schema';
import { ProgramLabel } from '@/components/program-label';
import { DUE_ROW, DueStatusBadge } from '@/components/due-list';
import { Button } from '@/components/ui/button';
import { TruncatedText } from '@/components/ui/truncated-text';
import { receivableLabel } from '../receivable-filters';
import type { Receivable } from '../types';

export interface ReceivableItemProps {
  receivable: Receivable;
  onReceive: (receivable: Receivable) => void;
  /** 'Desfazer' on a received instalment (a receipt marked by mistake). */
  onUndo: (receivable: Receivable) => void;
}

export function ReceivableItem({ receivable, onReceive, onUndo }: ReceivableItemProps) {
  const { sale } = receivable;
  return (
    <li className={DUE_ROW} data-testid="receivable-row">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 lg:flex-col lg:items-start">
        <span className="font-medium whitespace-nowrap tabular-nums">{formatDate(receivable.due_date)}</span>
        <DueStatusBadge
          status={receivable.status === 'received' ? 'settled' : receivable.status}
          settledOn={receivable.received_on}
          labels={{ ...RECEIVABLE_STATUS_LABELS, settled: RECEIVABLE_STATUS_LABELS.received }}
        />
      </div>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <p className="flex min-w-0 items-center gap-1.5">
          <UserIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <TruncatedText className="font-medium" text={sale.buyer_name} />
        </p>
        <p className="text-muted-foreground tabular-nums">{`Parcela ${receivable.instalment}/${receivable.instalments}`}</p>
      </div>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <ProgramLabel program={sale.account.program} className="max-w-full font-medium" />
        <TruncatedText
          className="block text-muted-foreground tabular-nums"
          text={`${formatNumber(sale.miles)} milhas · Conta ${sale.account.account_number}`}
        />
      </div>
      <p className="col-start-2 row-start-1 text-right font-semibold whitespace-nowrap tabular-nums lg:col-start-auto lg:row-start-auto">
        {formatCents(receivable.amount_cents)}
      </p>
      <div className="col-span-2 lg:col-span-1 lg:text-right">
        {receivable.status === 'received' ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-full text-muted-foreground sm:w-auto"
            aria-label={`Desfazer recebimento: ${receivableLabel(receivable)}`}
            onClick={() => onUndo(receivable)}
          >
            <Undo2Icon aria-hidden="true" />
            Desfazer
          </Button>
        ) : (
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
        )}
      </div>
    </li>
  );
}

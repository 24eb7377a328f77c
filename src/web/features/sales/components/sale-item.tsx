import { UserIcon, XCircleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { SALE_STATUS_LABELS } from '@domain/sales/sale.schema';
import { ProgramLabel } from '@/components/program-label';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { TruncatedText } from '@/components/ui/truncated-text';
import { formatCostPerThousand } from '@/lib/cost-format';
import { cn } from '@/lib/utils';
import { buyerDocumentText, cancelBlocker, receivedCount, saleLabel } from '../sale-form';
import type { Sale } from '../types';

/**
 * Wide (1280 px and up), one line of columns; from 768 px two lines of three (who and where, then
 * what, how much and the action); on a phone a card, the figures side by side.
 */
const ROW =
  'grid gap-y-3 px-5 py-4 md:grid-cols-3 md:items-start md:gap-x-6 xl:grid-cols-[6.5rem_minmax(0,1.1fr)_minmax(0,1.1fr)_7.5rem_11rem_9.5rem] xl:gap-x-4';

export interface SaleItemProps {
  sale: Sale;
  onCancel: (sale: Sale) => void;
}

export function SaleItem({ sale, onCancel }: SaleItemProps) {
  const cancelled = sale.status === 'cancelled';
  const document = buyerDocumentText(sale.buyer_document);
  const blocker = cancelBlocker(sale);
  const blockerId = `sale-${sale.id}-blocker`;
  return (
    <li className={ROW} data-testid="sale-row">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 md:flex-col md:items-start">
        <span className="font-medium whitespace-nowrap tabular-nums">{formatDate(sale.sale_date)}</span>
        <Badge variant={cancelled ? 'secondary' : 'success'}>{SALE_STATUS_LABELS[sale.status]}</Badge>
      </div>

      <div className="min-w-0 text-sm">
        <TruncatedText className="block font-medium" text={sale.buyer_name} />
        {document && <p className="text-muted-foreground tabular-nums">{document}</p>}
        {sale.buyer_contact && (
          <TruncatedText className="block text-xs text-muted-foreground" text={sale.buyer_contact} />
        )}
      </div>

      <div className="min-w-0 space-y-0.5 text-sm">
        <ProgramLabel program={sale.account.program} className="max-w-full font-medium" />
        <p>
          <Link
            to={`/contas/${sale.account.id}`}
            className="text-primary tabular-nums underline-offset-4 hover:underline"
          >
            Conta {sale.account.account_number}
          </Link>
        </p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <UserIcon aria-hidden="true" className="size-3 shrink-0" />
          <TruncatedText text={sale.account.holder_name ?? 'Conta da agência'} />
        </p>
      </div>

      <div className="text-sm">
        <p className="font-medium tabular-nums">{formatNumber(sale.miles)} milhas</p>
        <p className="text-muted-foreground tabular-nums">
          {formatCostPerThousand(sale.price_per_thousand)} <span className="whitespace-nowrap">o milheiro</span>
        </p>
      </div>

      <SaleFigures sale={sale} />

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm md:flex-col md:items-end">
        <p className="text-muted-foreground tabular-nums">
          {cancelled
            ? sale.cancelled_at
              ? `Cancelada em ${formatDate(sale.cancelled_at)}`
              : null
            : `Recebido ${receivedCount(sale)}/${sale.receivables.length}`}
        </p>
        {!cancelled && (
          <div className="flex flex-col items-end gap-1">
            <Button
              variant="outline"
              size="sm"
              disabled={blocker !== null}
              aria-label={`Cancelar ${saleLabel(sale)}`}
              aria-describedby={blocker ? blockerId : undefined}
              onClick={() => onCancel(sale)}
            >
              <XCircleIcon aria-hidden="true" />
              Cancelar venda
            </Button>
            {blocker && (
              <p id={blockerId} className="max-w-48 text-right text-xs text-muted-foreground">
                Já tem parcela recebida: não pode ser cancelada.
              </p>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** Valor, custo and lucro: side by side on a phone, one over the other from 768 px. */
function SaleFigures({ sale }: { sale: Sale }) {
  const loss = sale.profit_cents < 0;
  const muted = sale.status === 'cancelled';
  return (
    <dl
      className={cn(
        'grid grid-cols-3 gap-x-3 text-sm tabular-nums md:grid-cols-[auto_1fr] md:gap-y-0.5',
        muted && 'text-muted-foreground',
      )}
    >
      <div className="flex min-w-0 flex-col md:contents">
        <dt className="text-xs text-muted-foreground md:text-sm">Valor</dt>
        <dd className="font-semibold md:text-right">{formatCents(sale.price_cents)}</dd>
      </div>
      <div className="flex min-w-0 flex-col md:contents">
        <dt className="text-xs text-muted-foreground md:text-sm">Custo</dt>
        <dd className="md:text-right">{formatCents(sale.cost_cents)}</dd>
      </div>
      <div className="flex min-w-0 flex-col md:contents">
        <dt className="text-xs text-muted-foreground md:text-sm">{loss ? 'Prejuízo' : 'Lucro'}</dt>
        <dd className={cn('font-medium md:text-right', !muted && (loss ? 'text-destructive' : 'text-success'))}>
          {formatCents(Math.abs(sale.profit_cents))}
        </dd>
      </div>
    </dl>
  );
}

export function SaleSkeletonItem() {
  return (
    <li className={ROW} aria-hidden="true">
      <SkeletonText widths={['w-20', 'w-14']} />
      <div>
        <SkeletonText widths={['w-36', 'w-28']} />
      </div>
      <div>
        <SkeletonText widths={['w-32', 'w-24']} />
      </div>
      <div>
        <SkeletonText widths={['w-24', 'w-20']} />
      </div>
      <div>
        <SkeletonText widths={['w-32', 'w-28']} alignEnd />
      </div>
      <Skeleton className="h-8 w-full sm:w-36 md:ml-auto" />
    </li>
  );
}

import type * as React from 'react';
import { expiryBadgeVariant } from '@domain/alerts/alert.schema';
import { marginPercent } from '@domain/emissions/emission.rules';
import { formatCents, formatDate, formatDateTime, formatNumber, formatPercent } from '@domain/format';
import { programName } from '@domain/programs';
import { ListCards, ListTable } from '@/components/list-rows';
import { ProgramDot, ProgramLabel } from '@/components/program-label';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { expiryBadgeText } from '../alert-display';
import { ALERT_TEXTS } from '../alert-texts';
import type { Alert, AlertKind } from '../types';
import { AlertActions } from './alert-actions';

const SKELETON_ROWS = 5;

export interface AlertsTableProps {
  /** The tab: lots for expiry, emissions for SLA and margin. */
  kind: AlertKind;
  /** Undefined while the first page loads. */
  alerts: Alert[] | undefined;
  refreshing: boolean;
  empty: React.ReactNode;
}

type AlertLot = NonNullable<Alert['lot']>;
type AlertEmission = NonNullable<Alert['emission']>;

/** A tab's alerts (spec part 2 §2 "/alertas"): a table from 1024 px, a list of cards below. */
export function AlertsTable(props: AlertsTableProps) {
  const wide = useMediaQuery('(min-width: 1024px)');
  return wide ? <WideTable {...props} /> : <NarrowList {...props} />;
}

export function ExpiryBadge({ days }: { days: number }) {
  return (
    <Badge variant={expiryBadgeVariant(days)} data-testid="alert-expiry-badge">
      {expiryBadgeText(days)}
    </Badge>
  );
}

function Margin({ emission, className }: { emission: AlertEmission; className?: string }) {
  const negative = emission.margin_cents < 0;
  return (
    <span className={cn('inline-flex flex-col items-end leading-tight tabular-nums', className)}>
      <span className={cn(negative && 'text-destructive')}>{formatCents(emission.margin_cents)}</span>
      <span className={cn('text-xs', negative ? 'text-destructive' : 'text-muted-foreground')}>
        {formatPercent(marginPercent(emission.margin_cents, emission.revenue_cents), 1)}
      </span>
    </span>
  );
}

function PnrText({ pnr }: { pnr: string | null }) {
  return pnr ? (
    <span className="font-mono font-medium">{pnr}</span>
  ) : (
    <span className="text-muted-foreground italic">Sem PNR</span>
  );
}

function WideSkeletonRows({ columns }: { columns: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_row, i) => (
    <TableRow key={i} className="hover:bg-transparent" data-testid="alert-skeleton-row">
      {Array.from({ length: columns }, (_cell, j) => (
        <TableCell key={j}>
          <Skeleton className={cn('h-4', j === 0 ? 'w-28' : 'w-16', j === columns - 1 && 'ml-auto')} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

function NarrowSkeletonItems() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <li key={i} className="space-y-2 px-4 py-3" data-testid="alert-skeleton-row">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-3 w-56" />
      <Skeleton className="h-8 w-full" />
    </li>
  ));
}

/** An unread row: tinted, its first cell barred at the left edge (a table row takes no border of its own). */
const unreadRow = (alert: Alert) => cn(!alert.is_read && 'bg-primary/[0.04] dark:bg-primary/[0.07]');
const unreadBar = (alert: Alert) => cn(!alert.is_read && 'shadow-[inset_3px_0_0_0_var(--color-primary)]');

/** Said before an unread row's first text; the eye sees the bar, the tint and the weight. */
function UnreadMark({ alert }: { alert: Alert }) {
  if (alert.is_read) return null;
  return <span className="sr-only">{ALERT_TEXTS.unread}: </span>;
}

function WideTable({ kind, alerts, refreshing, empty }: AlertsTableProps) {
  const lots = kind === 'lot_expiring';
  const columns = lots ? 5 : 6;
  return (
    <ListTable
      label="Alertas"
      className={lots ? 'min-w-[720px]' : 'min-w-[860px]'}
      head={
        lots ? (
          <>
            <TableHead className="pl-4">Programa</TableHead>
            <TableHead>Conta</TableHead>
            <TableHead className="text-right">Milhas restantes</TableHead>
            <TableHead>Vencimento</TableHead>
            <TableHead className="text-right">Ações</TableHead>
          </>
        ) : (
          <>
            <TableHead className="pl-4">PNR e rota</TableHead>
            <TableHead>Cliente</TableHead>
            <TableHead>Enviada em</TableHead>
            <TableHead className="text-right">Margem</TableHead>
            <TableHead>Alerta</TableHead>
            <TableHead className="text-right">Ações</TableHead>
          </>
        )
      }
      rows={alerts}
      refreshing={refreshing}
      columns={columns}
      skeleton={<WideSkeletonRows columns={columns} />}
      empty={empty}
    >
      {(alert) => (
        <TableRow key={alert.id} data-testid="alert-row" data-read={alert.is_read} className={unreadRow(alert)}>
          {alert.lot ? <LotCells lot={alert.lot} alert={alert} /> : null}
          {alert.emission ? <EmissionCells emission={alert.emission} alert={alert} /> : null}
          {!alert.lot && !alert.emission && (
            <TableCell colSpan={columns - 1} className={cn('pl-4', unreadBar(alert))}>
              <UnreadMark alert={alert} />
              {alert.message}
            </TableCell>
          )}
          <TableCell className="text-right">
            <AlertActions alert={alert} className="justify-end" />
          </TableCell>
        </TableRow>
      )}
    </ListTable>
  );
}

function LotCells({ lot, alert }: { lot: AlertLot; alert: Alert }) {
  return (
    <>
      <TableCell className={cn('pl-4', unreadBar(alert))}>
        <UnreadMark alert={alert} />
        <ProgramLabel program={lot.program} className={cn(!alert.is_read && 'font-semibold')} />
      </TableCell>
      <TableCell className="font-mono text-sm">{lot.account_number || '—'}</TableCell>
      <TableCell className="text-right tabular-nums">{formatNumber(lot.remaining_quantity)}</TableCell>
      <TableCell>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="tabular-nums">{formatDate(lot.expiry_date)}</span>
          <ExpiryBadge days={lot.days_to_expiry} />
        </span>
      </TableCell>
    </>
  );
}

function EmissionCells({ emission, alert }: { emission: AlertEmission; alert: Alert }) {
  return (
    <>
      <TableCell className={cn('pl-4 whitespace-nowrap', unreadBar(alert))}>
        <UnreadMark alert={alert} />
        <span className="flex flex-col leading-tight">
          <PnrText pnr={emission.pnr} />
          <span className="font-mono text-xs text-muted-foreground">{emission.route}</span>
        </span>
      </TableCell>
      <TableCell>
        <TruncatedText
          className={cn('block max-w-[10rem] 2xl:max-w-[14rem]', !alert.is_read && 'font-semibold')}
          text={emission.client_name}
        />
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(emission.submitted_at) || '—'}</TableCell>
      <TableCell className="text-right whitespace-nowrap">
        <Margin emission={emission} />
      </TableCell>
      <TableCell>
        <TruncatedText
          className="block max-w-[13rem] text-sm text-muted-foreground 2xl:max-w-[22rem]"
          text={alert.message}
        />
      </TableCell>
    </>
  );
}

function NarrowList({ alerts, refreshing, empty }: AlertsTableProps) {
  return (
    <ListCards
      rows={alerts}
      refreshing={refreshing}
      label="Alertas"
      loadingLabel="Carregando alertas"
      skeleton={<NarrowSkeletonItems />}
      empty={empty}
    >
      {(alert) => (
        <li
          key={alert.id}
          data-testid="alert-row"
          data-read={alert.is_read}
          className={cn('space-y-2 px-4 py-3', unreadRow(alert), unreadBar(alert))}
        >
          <UnreadMark alert={alert} />
          {alert.lot && <LotCard lot={alert.lot} alert={alert} />}
          {alert.emission && <EmissionCard emission={alert.emission} alert={alert} />}
          {!alert.lot && !alert.emission && <p className="text-sm">{alert.message}</p>}
          <AlertActions alert={alert} withText />
        </li>
      )}
    </ListCards>
  );
}

function LotCard({ lot, alert }: { lot: AlertLot; alert: Alert }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className={cn('flex min-w-0 items-center gap-2', !alert.is_read && 'font-semibold')}>
          <ProgramDot program={lot.program} />
          <span className="truncate">{programName(lot.program)}</span>
        </span>
        <ExpiryBadge days={lot.days_to_expiry} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Conta</dt>
          <dd className="truncate font-mono">{lot.account_number || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Milhas</dt>
          <dd className="tabular-nums">{formatNumber(lot.remaining_quantity)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-muted-foreground">Vencimento</dt>
          <dd className="tabular-nums">{formatDate(lot.expiry_date)}</dd>
        </div>
      </dl>
    </>
  );
}

function EmissionCard({ emission, alert }: { emission: AlertEmission; alert: Alert }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <p className="truncate">
            <PnrText pnr={emission.pnr} />{' '}
            <span className="font-mono text-sm text-muted-foreground">· {emission.route}</span>
          </p>
          <p className={cn('truncate text-sm', !alert.is_read && 'font-semibold')}>{emission.client_name}</p>
        </div>
        <Margin emission={emission} className="shrink-0" />
      </div>
      <p className="text-sm text-muted-foreground">{alert.message}</p>
      <p className="text-xs text-muted-foreground tabular-nums">
        Enviada em {formatDateTime(emission.submitted_at) || '—'}
      </p>
    </>
  );
}

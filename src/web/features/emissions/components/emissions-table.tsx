import type * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { ListCards, ListTable } from '@/components/list-rows';
import { ProgramLabel } from '@/components/program-label';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { marginPercentText } from '../emission-display';
import type { Emission } from '../types';

const SKELETON_ROWS = 6;
const COLUMN_COUNT = 9;

export interface EmissionsTableProps {
  /** undefined while the first page loads. */
  emissions: Emission[] | undefined;
  refreshing: boolean;
  empty: React.ReactNode;
}

const detailPath = (emission: Pick<Emission, 'id'>) => `/emissoes/${emission.id}`;

function PnrText({ pnr }: { pnr: string | null }) {
  return pnr ? (
    <span className="font-mono font-medium">{pnr}</span>
  ) : (
    <span className="text-muted-foreground italic">Sem PNR</span>
  );
}

function Margin({
  emission,
  className,
}: {
  emission: Pick<Emission, 'margin_cents' | 'margin_percent'>;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex flex-col items-end leading-tight tabular-nums',
        emission.margin_cents < 0 && 'text-destructive',
        className,
      )}
    >
      <span>{formatCents(emission.margin_cents)}</span>
      <span className={cn('text-xs', emission.margin_cents < 0 ? 'text-destructive/80' : 'text-muted-foreground')}>
        {marginPercentText(emission.margin_percent)}
      </span>
    </span>
  );
}

/** The history of /emissoes (spec part 2 §2): a table from 768 px, a list of cards below. */
export function EmissionsTable(props: EmissionsTableProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <WideTable {...props} /> : <NarrowList {...props} />;
}

function WideSkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_row, i) => (
    <TableRow key={i} className="hover:bg-transparent" data-testid="emission-skeleton-row">
      {Array.from({ length: COLUMN_COUNT }, (_cell, j) => (
        <TableCell key={j}>
          <Skeleton className={cn('h-4', j === 1 ? 'w-32' : 'w-16', [4, 5, 6].includes(j) && 'ml-auto')} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

function NarrowSkeletonItems() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <li key={i} className="space-y-2 px-4 py-3" data-testid="emission-skeleton-row">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-3 w-56" />
      <Skeleton className="h-3 w-32" />
    </li>
  ));
}

function WideTable({ emissions, refreshing, empty }: EmissionsTableProps) {
  const navigate = useNavigate();
  return (
    <ListTable
      label="Emissões"
      className="min-w-[860px]"
      head={
        <>
          <TableHead>PNR</TableHead>
          <TableHead>Cliente</TableHead>
          <TableHead>Rota</TableHead>
          <TableHead>Programa</TableHead>
          <TableHead className="text-right">Milhas</TableHead>
          <TableHead className="text-right">Receita</TableHead>
          <TableHead className="text-right">Margem</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Data</TableHead>
        </>
      }
      rows={emissions}
      refreshing={refreshing}
      columns={COLUMN_COUNT}
      skeleton={<WideSkeletonRows />}
      empty={empty}
    >
      {(emission) => (
        <TableRow
          key={emission.id}
          data-testid="emission-row"
          className="cursor-pointer"
          // The whole row opens the emission; the PNR link is the keyboard's way in.
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) return;
            void navigate(detailPath(emission));
          }}
        >
          <TableCell>
            <Link
              to={detailPath(emission)}
              aria-label={`Abrir emissão ${emission.pnr ?? 'sem PNR'} de ${emission.client_name}`}
              className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              <PnrText pnr={emission.pnr} />
            </Link>
          </TableCell>
          <TableCell>
            <TruncatedText className="block max-w-[8rem] font-medium 2xl:max-w-[14rem]" text={emission.client_name} />
          </TableCell>
          <TableCell className="font-mono text-sm whitespace-nowrap">{emission.route}</TableCell>
          <TableCell className="max-w-[8.5rem]">
            <ProgramLabel program={emission.program} />
          </TableCell>
          <TableCell className="text-right tabular-nums">{formatNumber(emission.miles_used)}</TableCell>
          <TableCell className="text-right whitespace-nowrap tabular-nums">
            {formatCents(emission.revenue_cents)}
          </TableCell>
          <TableCell className="text-right whitespace-nowrap">
            <Margin emission={emission} />
          </TableCell>
          <TableCell>
            <EmissionStatusBadge status={emission.status} data-testid="emission-status" />
          </TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">{formatDate(emission.created_at)}</TableCell>
        </TableRow>
      )}
    </ListTable>
  );
}

function NarrowList({ emissions, refreshing, empty }: EmissionsTableProps) {
  return (
    <ListCards
      rows={emissions}
      refreshing={refreshing}
      label="Emissões"
      loadingLabel="Carregando emissões"
      skeleton={<NarrowSkeletonItems />}
      empty={empty}
    >
      {(emission) => (
        <li key={emission.id} data-testid="emission-row">
          <Link
            to={detailPath(emission)}
            className="flex flex-col gap-1.5 px-4 py-3 outline-none hover:bg-muted/50 focus-visible:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate">
                <PnrText pnr={emission.pnr} />{' '}
                <span className="font-mono text-sm text-muted-foreground">· {emission.route}</span>
              </span>
              <EmissionStatusBadge status={emission.status} data-testid="emission-status" />
            </div>
            <p className="truncate text-sm font-medium">{emission.client_name}</p>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <ProgramLabel program={emission.program} />
              <span className="tabular-nums">{formatNumber(emission.miles_used)} milhas</span>
              <span className="tabular-nums">{formatDate(emission.created_at)}</span>
            </div>
            <div className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <p className="text-xs text-muted-foreground">Receita</p>
                <p className="tabular-nums">{formatCents(emission.revenue_cents)}</p>
              </div>
              <div className="text-right">
                <p className="text-xs text-muted-foreground">Margem</p>
                <p className={cn('tabular-nums', emission.margin_cents < 0 && 'text-destructive')}>
                  {formatCents(emission.margin_cents)}{' '}
                  <span className="text-xs">({marginPercentText(emission.margin_percent)})</span>
                </p>
              </div>
            </div>
          </Link>
        </li>
      )}
    </ListCards>
  );
}

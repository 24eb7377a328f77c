import { UserIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, formatNumber, formatPercent } from '@domain/format';
import type { LotSort, LotSortOrder } from '@domain/lots/lot.schema';
import { remainingPercent } from '@domain/lots/lot.rules';
import { programName } from '@domain/programs';
import {
  SelectableListCards,
  SelectableListTable,
  type SelectableListProps,
  type SelectableRows,
} from '@/components/list-selection';
import { ProgramDot } from '@/components/program-label';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { sortableHeads } from '@/components/ui/sortable-head';
import { TableCell, TableHead } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useMediaQuery } from '@/hooks/use-media-query';
import { formatCostPerMile, lotLabel } from '../lot-display';
import type { Lot } from '../types';
import { ExpiryCountdown } from './expiry-countdown';
import { LotStatusBadge } from '@/components/lot-status-badge';
import { LotUtilisation } from './lot-utilisation';

const COLUMN_COUNT = 8;

export interface LotsTableProps extends SelectableListProps<Lot, LotSort, LotSortOrder> {
  /** yyyy-MM-dd, for the countdowns. */
  today: string;
  /** The agency's expiry alert window. */
  warningDays: number;
}

const lotPath = (lot: Pick<Lot, 'id'>) => `/lotes/${lot.id}`;

const LOT_ROWS: SelectableRows<Lot> = {
  label: 'Lotes de milhas',
  rowLabel: lotLabel,
  rowPath: lotPath,
  rowTestId: 'lot-row',
  skeletonTestId: 'lot-skeleton-row',
};

/** Table from 1024 px up; below, one card per lot with a sort select (seven columns do not fit a phone). */
export function LotsTable(props: LotsTableProps) {
  const wide = useMediaQuery('(min-width: 1024px)');
  return wide ? <LotsWideTable {...props} /> : <LotsCardList {...props} />;
}

function LotsWideTable({ today, warningDays, ...list }: LotsTableProps) {
  const sortable = sortableHeads(list);
  return (
    <SelectableListTable
      {...list}
      {...LOT_ROWS}
      className="min-w-[900px]"
      columns={COLUMN_COUNT}
      head={
        <>
          {sortable('program', 'Programa')}
          {sortable('remaining_quantity', 'Quantidade', 'right')}
          {sortable('cost_per_mile', 'Custo', 'right')}
          {sortable('expiry_date', 'Vencimento')}
          <TableHead className="w-40">Utilização</TableHead>
          {sortable('status', 'Status')}
        </>
      }
      skeletonCells={<SkeletonCells />}
    >
      {(lot) => (
        <>
          <TableCell>
            <div className="flex min-w-0 items-start gap-2.5">
              <ProgramDot program={lot.program} className="mt-1.5" data-testid="program-dot" />
              <div className="min-w-0">
                <Link
                  to={lotPath(lot)}
                  className="block max-w-[10rem] truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline 2xl:max-w-[16rem]"
                >
                  {programName(lot.program)}
                </Link>
                {lot.account_number && (
                  <TruncatedText
                    className="block max-w-[10rem] text-xs text-muted-foreground tabular-nums 2xl:max-w-[16rem]"
                    text={`Conta: ${lot.account_number}`}
                  />
                )}
                {lot.client_name && (
                  <p className="flex max-w-[10rem] items-center gap-1 text-xs text-muted-foreground 2xl:max-w-[16rem]">
                    <UserIcon aria-hidden="true" className="size-3 shrink-0" />
                    <TruncatedText text={lot.client_name} />
                  </p>
                )}
              </div>
            </div>
          </TableCell>
          <TableCell className="text-right tabular-nums">
            <LotQuantity lot={lot} lineClassName="whitespace-nowrap" />
          </TableCell>
          <TableCell className="text-right tabular-nums">
            <p className="whitespace-nowrap">
              {formatCostPerMile(lot.cost_per_mile)}
              <span className="sr-only"> por milha</span>
            </p>
            <p className="text-xs whitespace-nowrap text-muted-foreground" title="Custo das milhas que restam no lote">
              Saldo {formatCents(lot.remaining_value_cents)}
            </p>
          </TableCell>
          <TableCell>
            <ExpiryCountdown expiryDate={lot.expiry_date} today={today} warningDays={warningDays} />
          </TableCell>
          <TableCell>
            <LotUtilisation original={lot.original_quantity} remaining={lot.remaining_quantity} className="min-w-32" />
          </TableCell>
          <TableCell>
            <LotStatusBadge status={lot.status} />
          </TableCell>
        </>
      )}
    </SelectableListTable>
  );
}

/* The sort choices of the small screens' select, as value "sort:order". */
const SORT_OPTIONS: { value: `${LotSort}:${LotSortOrder}`; label: string }[] = [
  { value: 'expiry_date:asc', label: 'Vencimento mais próximo' },
  { value: 'expiry_date:desc', label: 'Vencimento mais distante' },
  { value: 'program:asc', label: 'Programa (A–Z)' },
  { value: 'program:desc', label: 'Programa (Z–A)' },
  { value: 'remaining_quantity:desc', label: 'Maior saldo' },
  { value: 'remaining_quantity:asc', label: 'Menor saldo' },
  { value: 'cost_per_mile:asc', label: 'Menor custo por milha' },
  { value: 'cost_per_mile:desc', label: 'Maior custo por milha' },
  { value: 'status:asc', label: 'Status (Disponível primeiro)' },
  { value: 'status:desc', label: 'Status (Usado primeiro)' },
];

function LotsCardList({ today, warningDays, ...list }: LotsTableProps) {
  return (
    <SelectableListCards
      {...list}
      {...LOT_ROWS}
      sortOptions={SORT_OPTIONS}
      loadingLabel="Carregando lotes"
      checkboxClassName="mt-2"
      skeletonItem={
        <>
          <Skeleton className="mt-0.5 size-4 rounded-[4px]" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-3 w-48" />
            <Skeleton className="h-2 w-full" />
          </div>
        </>
      }
    >
      {(lot, actions) => (
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <ProgramDot program={lot.program} data-testid="program-dot" />
                <Link to={lotPath(lot)} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
                  {programName(lot.program)}
                </Link>
                <LotStatusBadge status={lot.status} />
              </div>
              <TruncatedText
                className="mt-0.5 block text-xs text-muted-foreground"
                text={[lot.account_number && `Conta: ${lot.account_number}`, lot.client_name]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </div>
            {actions}
          </div>
          <div className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm tabular-nums">
            <div className="min-w-0">
              <LotQuantity lot={lot} lineClassName="truncate" />
            </div>
            <div className="min-w-0 text-right">
              <p className="truncate">{formatCostPerMile(lot.cost_per_mile)}/milha</p>
              <p className="truncate text-xs text-muted-foreground">Saldo {formatCents(lot.remaining_value_cents)}</p>
            </div>
          </div>
          <div className="flex items-end justify-between gap-3 text-sm">
            <ExpiryCountdown expiryDate={lot.expiry_date} today={today} warningDays={warningDays} />
            <LotUtilisation
              original={lot.original_quantity}
              remaining={lot.remaining_quantity}
              className="w-36 shrink-0"
            />
          </div>
        </div>
      )}
    </SelectableListCards>
  );
}

/** 'restantes / compradas' and the share left, in the table and on the phone's cards. */
function LotQuantity({ lot, lineClassName }: { lot: Lot; lineClassName: string }) {
  return (
    <>
      <p className={lineClassName}>
        <span className="font-medium">{formatNumber(lot.remaining_quantity)}</span>
        <span className="text-muted-foreground"> / {formatNumber(lot.original_quantity)}</span>
      </p>
      <p className="text-xs whitespace-nowrap text-muted-foreground">
        {formatPercent(remainingPercent(lot.original_quantity, lot.remaining_quantity))} restante
      </p>
    </>
  );
}

/** The cells between the checkbox and the actions, while the first page loads. */
function SkeletonCells() {
  return (
    <>
      <TableCell>
        <SkeletonText widths={['w-28', 'w-24']} />
      </TableCell>
      <TableCell>
        <SkeletonText widths={['w-28', 'w-20']} alignEnd />
      </TableCell>
      <TableCell>
        <SkeletonText widths={['w-20', 'w-16']} alignEnd />
      </TableCell>
      <TableCell>
        <SkeletonText widths={['w-20', 'w-24']} />
      </TableCell>
      <TableCell>
        <Skeleton className="h-2 w-full" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-16" />
      </TableCell>
    </>
  );
}

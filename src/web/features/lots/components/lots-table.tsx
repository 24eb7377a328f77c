import type * as React from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, EyeIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon, UserIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatCents, formatNumber, formatPercent } from '@domain/format';
import type { LotSort, LotSortOrder } from '@domain/lots/lot.schema';
import { remainingPercent } from '@domain/lots/lot.rules';
import { programName } from '@domain/programs';
import { Button } from '@/components/ui/button';
import { MobileListHeader, selectAllState } from '@/components/list-selection';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { formatCostPerMile, lotLabel } from '../lot-display';
import type { Lot } from '../types';
import { ExpiryCountdown } from './expiry-countdown';
import { LotStatusBadge } from './lot-status-badge';
import { LotUtilisation } from './lot-utilisation';
import { ProgramDot } from './program-label';

/* Spec part 1 §9: 5 skeleton rows while loading. */
const SKELETON_ROWS = 5;
const COLUMN_COUNT = 8;

export interface LotsTableProps {
  /** Undefined while the first page loads. */
  lots: Lot[] | undefined;
  /** A newer page is on its way; the rows shown are the previous ones. */
  refreshing: boolean;
  sort: LotSort;
  order: LotSortOrder;
  /** A column header was clicked: flip it or start it ascending. */
  onSort: (column: LotSort) => void;
  /** The small screens' sort select. */
  onSortChange: (sort: LotSort, order: LotSortOrder) => void;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onEdit: (lot: Lot) => void;
  onDelete: (lot: Lot) => void;
  /** yyyy-MM-dd, for the countdowns. */
  today: string;
  /** The agency's expiry alert window. */
  warningDays: number;
  /** Shown in place of the rows when the page is empty. */
  empty: React.ReactNode;
}

/** Table from 1024 px up; below, one card per lot with a sort select (seven columns do not fit a phone). */
export function LotsTable(props: LotsTableProps) {
  const wide = useMediaQuery('(min-width: 1024px)');
  return wide ? <LotsWideTable {...props} /> : <LotsCardList {...props} />;
}


function LotsWideTable({
  lots,
  refreshing,
  sort,
  order,
  onSort,
  selectedIds,
  onToggle,
  onToggleAll,
  onEdit,
  onDelete,
  today,
  warningDays,
  empty,
}: LotsTableProps) {
  const rows = lots ?? [];
  const sortable = (column: LotSort, label: string, align: 'left' | 'right' = 'left') => (
    <SortableHead column={column} label={label} sort={sort} order={order} onSort={onSort} align={align} />
  );

  return (
    <Table
      className="min-w-[900px] [&_td]:px-2 [&_th]:px-2 2xl:[&_td]:px-3 2xl:[&_th]:px-3"
      aria-label="Lotes de milhas"
      aria-busy={lots === undefined || refreshing}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10 pr-0">
            <Checkbox
              aria-label="Selecionar todos"
              checked={selectAllState(rows, selectedIds)}
              disabled={rows.length === 0}
              onCheckedChange={(checked) => onToggleAll(checked === true)}
            />
          </TableHead>
          {sortable('program', 'Programa')}
          {sortable('remaining_quantity', 'Quantidade', 'right')}
          {sortable('cost_per_mile', 'Custo', 'right')}
          {sortable('expiry_date', 'Vencimento')}
          <TableHead className="w-40">Utilização</TableHead>
          {sortable('status', 'Status')}
          <TableHead className="w-12">
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={cn('transition-opacity', refreshing && 'opacity-60')}>
        {lots === undefined ? (
          Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={COLUMN_COUNT} className="p-0">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((lot) => {
            const selected = selectedIds.has(lot.id);
            return (
              <TableRow key={lot.id} data-state={selected ? 'selected' : undefined} data-testid="lot-row" data-lot-id={lot.id}>
                <TableCell className="pr-0">
                  <Checkbox
                    aria-label={`Selecionar ${lotLabel(lot)}`}
                    checked={selected}
                    onCheckedChange={(checked) => onToggle(lot.id, checked === true)}
                  />
                </TableCell>
                <TableCell>
                  <div className="flex min-w-0 items-start gap-2.5">
                    <ProgramDot program={lot.program} className="mt-1.5" />
                    <div className="min-w-0">
                      <Link
                        to={`/lotes/${lot.id}`}
                        className="block max-w-[12rem] truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline 2xl:max-w-[16rem]"
                      >
                        {programName(lot.program)}
                      </Link>
                      {lot.account_number && (
                        <p className="max-w-[12rem] truncate text-xs text-muted-foreground tabular-nums 2xl:max-w-[16rem]">
                          Conta: {lot.account_number}
                        </p>
                      )}
                      {lot.client_name && (
                        <p className="flex max-w-[12rem] items-center gap-1 text-xs text-muted-foreground 2xl:max-w-[16rem]">
                          <UserIcon aria-hidden="true" className="size-3 shrink-0" />
                          <span className="truncate">{lot.client_name}</span>
                        </p>
                      )}
                    </div>
                  </div>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  <p className="whitespace-nowrap">
                    <span className="font-medium">{formatNumber(lot.remaining_quantity)}</span>
                    <span className="text-muted-foreground"> / {formatNumber(lot.original_quantity)}</span>
                  </p>
                  <p className="text-xs whitespace-nowrap text-muted-foreground">
                    {formatPercent(remainingPercent(lot.original_quantity, lot.remaining_quantity))} restante
                  </p>
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
                <TableCell className="text-right">
                  <LotRowMenu lot={lot} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}

function LotRowMenu({ lot, onEdit, onDelete }: { lot: Lot; onEdit: (lot: Lot) => void; onDelete: (lot: Lot) => void }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Ações">
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        <DropdownMenuItem onSelect={() => void navigate(`/lotes/${lot.id}`)}>
          <EyeIcon aria-hidden="true" />
          Visualizar
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onEdit(lot)}>
          <PencilIcon aria-hidden="true" />
          Editar
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(lot)}>
          <Trash2Icon aria-hidden="true" />
          Excluir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
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

function LotsCardList({
  lots,
  refreshing,
  sort,
  order,
  onSortChange,
  selectedIds,
  onToggle,
  onToggleAll,
  onEdit,
  onDelete,
  today,
  warningDays,
  empty,
}: LotsTableProps) {
  const rows = lots ?? [];
  return (
    <div aria-busy={lots === undefined || refreshing}>
      <MobileListHeader
        rows={rows}
        selectedIds={selectedIds}
        onToggleAll={onToggleAll}
        sort={sort}
        order={order}
        sortOptions={SORT_OPTIONS}
        onSortChange={onSortChange}
      />
      {lots === undefined ? (
        <ul aria-label="Carregando lotes" className="divide-y">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} className="flex gap-3 px-4 py-3" data-testid="lot-skeleton-row">
              <Skeleton className="mt-0.5 size-4 rounded-[4px]" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-36" />
                <Skeleton className="h-3 w-48" />
                <Skeleton className="h-2 w-full" />
              </div>
            </li>
          ))}
        </ul>
      ) : rows.length === 0 ? (
        empty
      ) : (
        <ul aria-label="Lotes de milhas" className={cn('divide-y transition-opacity', refreshing && 'opacity-60')}>
          {rows.map((lot) => {
            const selected = selectedIds.has(lot.id);
            return (
              <li
                key={lot.id}
                data-testid="lot-row"
                data-lot-id={lot.id}
                data-state={selected ? 'selected' : undefined}
                className="flex gap-3 px-4 py-3 data-[state=selected]:bg-muted"
              >
                <Checkbox
                  className="mt-2"
                  aria-label={`Selecionar ${lotLabel(lot)}`}
                  checked={selected}
                  onCheckedChange={(checked) => onToggle(lot.id, checked === true)}
                />
                <div className="min-w-0 flex-1 space-y-2">
                  <div className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <div className="flex items-center gap-2">
                        <ProgramDot program={lot.program} />
                        <Link to={`/lotes/${lot.id}`} className="min-w-0 truncate font-medium underline-offset-4 hover:underline">
                          {programName(lot.program)}
                        </Link>
                        <LotStatusBadge status={lot.status} />
                      </div>
                      <p className="mt-0.5 truncate text-xs text-muted-foreground">
                        {[lot.account_number && `Conta: ${lot.account_number}`, lot.client_name].filter(Boolean).join(' · ')}
                      </p>
                    </div>
                    <LotRowMenu lot={lot} onEdit={onEdit} onDelete={onDelete} />
                  </div>
                  <div className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm tabular-nums">
                    <div className="min-w-0">
                      <p className="truncate">
                        <span className="font-medium">{formatNumber(lot.remaining_quantity)}</span>
                        <span className="text-muted-foreground"> / {formatNumber(lot.original_quantity)}</span>
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {formatPercent(remainingPercent(lot.original_quantity, lot.remaining_quantity))} restante
                      </p>
                    </div>
                    <div className="min-w-0 text-right">
                      <p className="truncate">{formatCostPerMile(lot.cost_per_mile)}/milha</p>
                      <p className="truncate text-xs text-muted-foreground">Saldo {formatCents(lot.remaining_value_cents)}</p>
                    </div>
                  </div>
                  <div className="flex items-end justify-between gap-3 text-sm">
                    <ExpiryCountdown expiryDate={lot.expiry_date} today={today} warningDays={warningDays} />
                    <LotUtilisation original={lot.original_quantity} remaining={lot.remaining_quantity} className="w-36 shrink-0" />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

interface SortableHeadProps {
  column: LotSort;
  label: string;
  sort: LotSort;
  order: LotSortOrder;
  onSort: (column: LotSort) => void;
  align: 'left' | 'right';
}

function SortableHead({ column, label, sort, order, onSort, align }: SortableHeadProps) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDownIcon : order === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  const next = active && order === 'asc' ? 'decrescente' : 'crescente';
  return (
    <TableHead aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn(align === 'right' && 'text-right')}>
      <button
        type="button"
        onClick={() => onSort(column)}
        title={`Ordenar por ${label} em ordem ${next}`}
        className={cn(
          '-mx-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 uppercase outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40',
          active && 'text-foreground',
          align === 'right' && 'flex-row-reverse',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-50')} />
      </button>
    </TableHead>
  );
}

function SkeletonRow() {
  return (
    <TableRow className="hover:bg-transparent" data-testid="lot-skeleton-row">
      <TableCell className="pr-0">
        <Skeleton className="size-4 rounded-[4px]" />
      </TableCell>
      <TableCell>
        <div className="space-y-1.5">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-3 w-24" />
        </div>
      </TableCell>
      <TableCell>
        <div className="flex flex-col items-end space-y-1.5">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-3 w-20" />
        </div>
      </TableCell>
      <TableCell>
        <div className="flex flex-col items-end space-y-1.5">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-3 w-16" />
        </div>
      </TableCell>
      <TableCell>
        <div className="space-y-1.5">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-3 w-24" />
        </div>
      </TableCell>
      <TableCell>
        <Skeleton className="h-2 w-full" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-16" />
      </TableCell>
      <TableCell>
        <Skeleton className="ml-auto size-8" />
      </TableCell>
    </TableRow>
  );
}

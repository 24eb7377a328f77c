import type * as React from 'react';
import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Reconciled } from '@domain/finance/reconciliation.schema';
import { formatCents, formatDate } from '@domain/format';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { ListCards, ListTable } from '@/components/list-rows';
import { selectAllState } from '@/components/list-selection';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';
import { POSTING_ACTIONS } from '../posting-form';
import type { ReconciliationRow } from '../types';
import { AlertBadges } from './alert-badges';

const SKELETON_ROWS = 5;
const COLUMN_COUNT = 6;

/** The rows carry the emission's id as `emission_id`; the selection reads `id`. */
export type SelectableRow = ReconciliationRow & { id: string };

export interface ReconciliationTableProps {
  /** Undefined while the first page loads. */
  rows: readonly SelectableRow[] | undefined;
  refreshing: boolean;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  /** An action button: post what is missing of `category`. */
  onPost: (row: ReconciliationRow, category: Reconciled) => void;
  empty: React.ReactNode;
}

const emissionPath = (row: Pick<ReconciliationRow, 'emission_id'>) => `/emissoes/${row.emission_id}`;
const rowLabel = (row: ReconciliationRow) => `emissão ${row.pnr ?? 'sem PNR'} de ${row.client_name}`;

/** The table from 768 px; below, one card per emission. */
export function ReconciliationTable(props: ReconciliationTableProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <WideTable {...props} /> : <NarrowList {...props} />;
}

function PnrLink({ row }: { row: ReconciliationRow }) {
  return (
    <Link
      to={emissionPath(row)}
      aria-label={`Abrir emissão ${row.pnr ?? 'sem PNR'} de ${row.client_name}`}
      className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40"
    >
      {row.pnr ? (
        <span className="font-mono font-medium">{row.pnr}</span>
      ) : (
        <span className="text-muted-foreground italic">Sem PNR</span>
      )}
    </Link>
  );
}

const AMOUNT_ORDER: readonly Reconciled[] = ['revenue', 'fees', 'miles_cost', 'rav'];
/** Short, as the action buttons name them. */
const AMOUNT_LABELS: Record<Reconciled, string> = {
  revenue: 'Receita',
  fees: 'Taxas',
  miles_cost: 'Milhas',
  rav: 'RAV',
};

/** Per category, what should be posted and what was: a posting short of it, or over it, stands out. */
function Amounts({ row, className }: { row: ReconciliationRow; className?: string }) {
  return (
    <div
      className={cn('grid grid-cols-[auto_auto_auto] gap-x-3 text-xs leading-5 tabular-nums', className)}
      data-testid="reconciliation-amounts"
    >
      <div aria-hidden="true" className="contents text-muted-foreground">
        <span />
        <span className="text-right">Previsto</span>
        <span className="text-right">Lançado</span>
      </div>
      {AMOUNT_ORDER.map((category) => {
        const off = row.posted[category] !== row.expected[category];
        return (
          <p key={category} className="contents" data-category={category}>
            <span className="whitespace-nowrap text-muted-foreground">{AMOUNT_LABELS[category]}</span>
            <span className="text-right whitespace-nowrap">
              <span className="sr-only">: previsto </span>
              {formatCents(row.expected[category])}
            </span>
            <span className={cn('text-right whitespace-nowrap', off && 'font-semibold text-destructive')}>
              <span className="sr-only">, lançado </span>
              {formatCents(row.posted[category])}
            </span>
          </p>
        );
      })}
    </div>
  );
}

/** 'Taxas', 'Milhas', 'RAV', 'Receita': one per category with something missing. */
function PostButtons({ row, onPost }: { row: ReconciliationRow; onPost: ReconciliationTableProps['onPost'] }) {
  const actions = POSTING_ACTIONS.filter(({ category }) => row.missing[category] > 0);
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {actions.map(({ category, label }) => (
        <Button
          key={category}
          type="button"
          size="sm"
          variant="outline"
          className="h-7 gap-1 px-2 text-xs"
          aria-label={`${label}: lançar ${formatCents(row.missing[category])} de ${rowLabel(row)}`}
          onClick={() => onPost(row, category)}
        >
          <PlusIcon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
}

function RowCheckbox({
  row,
  selectedIds,
  onToggle,
  className,
}: Pick<ReconciliationTableProps, 'selectedIds' | 'onToggle'> & { row: SelectableRow; className?: string }) {
  return (
    <Checkbox
      className={className}
      aria-label={`Selecionar ${rowLabel(row)}`}
      checked={selectedIds.has(row.id)}
      onCheckedChange={(checked) => onToggle(row.id, checked === true)}
    />
  );
}

function SelectAll({
  rows,
  selectedIds,
  onToggleAll,
}: Pick<ReconciliationTableProps, 'selectedIds' | 'onToggleAll'> & {
  rows: readonly SelectableRow[];
}) {
  return (
    <Checkbox
      aria-label="Selecionar todos"
      checked={selectAllState(rows, selectedIds)}
      disabled={rows.length === 0}
      onCheckedChange={(checked) => onToggleAll(checked === true)}
    />
  );
}

function WideTable({ rows, refreshing, selectedIds, onToggle, onToggleAll, onPost, empty }: ReconciliationTableProps) {
  return (
    <ListTable
      label="Conciliação das emissões"
      className="min-w-[820px]"
      head={
        <>
          <TableHead className="w-10 pr-0">
            <SelectAll rows={rows ?? []} selectedIds={selectedIds} onToggleAll={onToggleAll} />
          </TableHead>
          <TableHead>PNR / Rota</TableHead>
          <TableHead>Cliente / Data</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Previsto × lançado</TableHead>
          <TableHead>Alertas e lançamentos</TableHead>
        </>
      }
      rows={rows}
      refreshing={refreshing}
      columns={COLUMN_COUNT}
      skeleton={<WideSkeletonRows />}
      empty={empty}
    >
      {(row) => (
        <TableRow
          key={row.id}
          data-testid="reconciliation-row"
          data-state={selectedIds.has(row.id) ? 'selected' : undefined}
          className="align-top [&>td]:py-3"
        >
          <TableCell className="pr-0">
            <RowCheckbox row={row} selectedIds={selectedIds} onToggle={onToggle} />
          </TableCell>
          <TableCell>
            <PnrLink row={row} />
            <p className="font-mono text-xs whitespace-nowrap text-muted-foreground">{row.route}</p>
          </TableCell>
          <TableCell>
            <TruncatedText className="block max-w-[10rem] font-medium 2xl:max-w-[14rem]" text={row.client_name} />
            <p className="text-xs text-muted-foreground tabular-nums">{formatDate(row.created_at)}</p>
          </TableCell>
          <TableCell>
            <EmissionStatusBadge status={row.status} />
          </TableCell>
          <TableCell>
            <Amounts row={row} />
          </TableCell>
          <TableCell className="w-[11rem] min-w-[11rem] space-y-2 whitespace-normal">
            <AlertBadges alerts={row.alerts} />
            <PostButtons row={row} onPost={onPost} />
          </TableCell>
        </TableRow>
      )}
    </ListTable>
  );
}

function WideSkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_row, i) => (
    <TableRow key={i} className="hover:bg-transparent" data-testid="reconciliation-skeleton-row">
      <TableCell className="pr-0">
        <Skeleton className="size-4 rounded-[4px]" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-16" />
        <Skeleton className="mt-1 h-3 w-14" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-1 h-3 w-16" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-20" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-16 w-48" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-24" />
        <Skeleton className="mt-2 h-7 w-16" />
      </TableCell>
    </TableRow>
  ));
}

function NarrowList({ rows, refreshing, selectedIds, onToggle, onToggleAll, onPost, empty }: ReconciliationTableProps) {
  return (
    <div aria-busy={rows === undefined || refreshing}>
      <div className="flex items-center gap-3 border-b px-4 py-2.5">
        <label className="flex items-center gap-3 text-sm text-muted-foreground">
          <SelectAll rows={rows ?? []} selectedIds={selectedIds} onToggleAll={onToggleAll} />
          Todos
        </label>
      </div>
      <ListCards
        rows={rows}
        refreshing={refreshing}
        label="Conciliação das emissões"
        loadingLabel="Carregando conciliação"
        skeleton={<NarrowSkeletonItems />}
        empty={empty}
      >
        {(row) => (
          <li
            key={row.id}
            data-testid="reconciliation-row"
            data-state={selectedIds.has(row.id) ? 'selected' : undefined}
            className="flex gap-3 px-4 py-3 data-[state=selected]:bg-muted"
          >
            <RowCheckbox row={row} selectedIds={selectedIds} onToggle={onToggle} className="mt-1" />
            <div className="min-w-0 flex-1 space-y-2">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">
                  <PnrLink row={row} /> <span className="font-mono text-sm text-muted-foreground">· {row.route}</span>
                </span>
                <EmissionStatusBadge status={row.status} />
              </div>
              <TruncatedText className="block text-sm" text={`${row.client_name} · ${formatDate(row.created_at)}`}>
                <span className="font-medium">{row.client_name}</span>
                <span className="text-muted-foreground tabular-nums"> · {formatDate(row.created_at)}</span>
              </TruncatedText>
              <Amounts row={row} className="w-fit" />
              <AlertBadges alerts={row.alerts} />
              <PostButtons row={row} onPost={onPost} />
            </div>
          </li>
        )}
      </ListCards>
    </div>
  );
}

function NarrowSkeletonItems() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <li key={i} className="flex gap-3 px-4 py-3" data-testid="reconciliation-skeleton-row">
      <Skeleton className="mt-0.5 size-4 rounded-[4px]" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-3 w-48" />
        <Skeleton className="h-16 w-52" />
      </div>
    </li>
  ));
}

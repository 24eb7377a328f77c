import type * as React from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, EyeIcon, HistoryIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { ClientSort, SortOrder } from '@domain/clients/client.schema';
import { formatCpfOrCnpj, formatPhone } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
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
import type { Client } from '../types';
import { ClientAvatar } from './client-avatar';
import { ClientStatusBadge } from './client-status-badge';

/* Spec part 1 §9: 5 skeleton rows while loading. */
const SKELETON_ROWS = 5;
const COLUMN_COUNT = 8;

export interface ClientsTableProps {
  /** Undefined while the first page loads. */
  clients: Client[] | undefined;
  /** A newer page is on its way; the rows shown are the previous ones. */
  refreshing: boolean;
  sort: ClientSort;
  order: SortOrder;
  /** A column header was clicked: flip it or start it ascending. */
  onSort: (column: ClientSort) => void;
  /** The small screens' sort select. */
  onSortChange: (sort: ClientSort, order: SortOrder) => void;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
  /** Shown in place of the rows when the page is empty. */
  empty: React.ReactNode;
}

/** Table from 768 px up; below, one card per client with a sort select (the table's headers would be off screen). */
export function ClientsTable(props: ClientsTableProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <ClientsWideTable {...props} /> : <ClientsCardList {...props} />;
}

function ClientsWideTable({
  clients,
  refreshing,
  sort,
  order,
  onSort,
  selectedIds,
  onToggle,
  onToggleAll,
  onEdit,
  onDelete,
  empty,
}: ClientsTableProps) {
  const rows = clients ?? [];
  const allState = selectAllState(rows, selectedIds);

  const sortable = (column: ClientSort, label: string, align: 'left' | 'right' = 'left') => (
    <SortableHead column={column} label={label} sort={sort} order={order} onSort={onSort} align={align} />
  );

  return (
    // Tighter cells below 1536 px, so every column fits beside the sidebar on a 1280 px screen.
    <Table
      className="min-w-[860px] [&_td]:px-2 [&_th]:px-2 2xl:[&_td]:px-3 2xl:[&_th]:px-3"
      aria-label="Clientes"
      aria-busy={clients === undefined || refreshing}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10 pr-0">
            <Checkbox
              aria-label="Selecionar todos"
              checked={allState}
              disabled={rows.length === 0}
              onCheckedChange={(checked) => onToggleAll(checked === true)}
            />
          </TableHead>
          {sortable('name', 'Cliente')}
          <TableHead>Contato</TableHead>
          {sortable('status', 'Status')}
          {sortable('emissions', 'Emissões', 'right')}
          {sortable('total_spent', 'Total Gasto', 'right')}
          <TableHead className="whitespace-normal">Última Atividade</TableHead>
          <TableHead className="w-12">
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={cn('transition-opacity', refreshing && 'opacity-60')}>
        {clients === undefined ? (
          Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />)
        ) : rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={COLUMN_COUNT} className="p-0">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((client) => {
            const selected = selectedIds.has(client.id);
            return (
              <TableRow key={client.id} data-state={selected ? 'selected' : undefined} data-testid="client-row">
                <TableCell className="pr-0">
                  <Checkbox
                    aria-label={`Selecionar ${client.name}`}
                    checked={selected}
                    onCheckedChange={(checked) => onToggle(client.id, checked === true)}
                  />
                </TableCell>
                <TableCell>
                  <div className="flex min-w-0 items-center gap-3">
                    <ClientAvatar name={client.name} />
                    <div className="min-w-0">
                      <Link
                        to={`/clientes/${client.id}`}
                        className="block max-w-[11rem] truncate font-medium 2xl:max-w-[16rem] underline-offset-4 outline-none hover:underline focus-visible:underline"
                      >
                        {client.name}
                      </Link>
                      {client.document && (
                        <p className="text-xs text-muted-foreground tabular-nums">{formatCpfOrCnpj(client.document)}</p>
                      )}
                    </div>
                  </div>
                </TableCell>
                <TableCell>
                  {client.email || client.phone ? (
                    <div className="min-w-0">
                      {client.email && <p className="max-w-[11rem] truncate 2xl:max-w-[16rem]" title={client.email}>{client.email}</p>}
                      {client.phone && <p className="text-xs text-muted-foreground tabular-nums">{formatPhone(client.phone)}</p>}
                    </div>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell>
                  <ClientStatusBadge status={client.status} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(client.emissions_count)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCents(client.total_spent_cents)}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatDate(client.updated_at)}</TableCell>
                <TableCell className="text-right">
                  <ClientRowMenu client={client} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}


function ClientRowMenu({ client, onEdit, onDelete }: { client: Client; onEdit: (client: Client) => void; onDelete: (client: Client) => void }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Ações">
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        <DropdownMenuItem onSelect={() => void navigate(`/clientes/${client.id}`)}>
          <EyeIcon aria-hidden="true" />
          Visualizar
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onEdit(client)}>
          <PencilIcon aria-hidden="true" />
          Editar
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(client)}>
          <Trash2Icon aria-hidden="true" />
          Excluir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/* The sort choices of the small screens' select, as value "sort:order". */
const SORT_OPTIONS: { value: `${ClientSort}:${SortOrder}`; label: string }[] = [
  { value: 'name:asc', label: 'Nome (A–Z)' },
  { value: 'name:desc', label: 'Nome (Z–A)' },
  { value: 'status:asc', label: 'Status (Ativo primeiro)' },
  { value: 'status:desc', label: 'Status (Bloqueado primeiro)' },
  { value: 'emissions:desc', label: 'Mais emissões' },
  { value: 'emissions:asc', label: 'Menos emissões' },
  { value: 'total_spent:desc', label: 'Maior gasto' },
  { value: 'total_spent:asc', label: 'Menor gasto' },
];

function ClientsCardList({
  clients,
  refreshing,
  sort,
  order,
  onSortChange,
  selectedIds,
  onToggle,
  onToggleAll,
  onEdit,
  onDelete,
  empty,
}: ClientsTableProps) {
  const rows = clients ?? [];
  return (
    <div aria-busy={clients === undefined || refreshing}>
      <MobileListHeader
        rows={rows}
        selectedIds={selectedIds}
        onToggleAll={onToggleAll}
        sort={sort}
        order={order}
        sortOptions={SORT_OPTIONS}
        onSortChange={onSortChange}
      />
      {clients === undefined ? (
        <ul aria-label="Carregando clientes" className="divide-y">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} className="flex gap-3 px-4 py-3" data-testid="client-skeleton-row">
              <Skeleton className="mt-2.5 size-4 rounded-[4px]" />
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-48" />
                <Skeleton className="h-3 w-32" />
              </div>
            </li>
          ))}
        </ul>
      ) : rows.length === 0 ? (
        empty
      ) : (
        <ul aria-label="Clientes" className={cn('divide-y transition-opacity', refreshing && 'opacity-60')}>
          {rows.map((client) => {
            const selected = selectedIds.has(client.id);
            return (
              <li
                key={client.id}
                data-testid="client-row"
                data-state={selected ? 'selected' : undefined}
                className="flex gap-3 px-4 py-3 data-[state=selected]:bg-muted"
              >
                <Checkbox
                  className="mt-2.5"
                  aria-label={`Selecionar ${client.name}`}
                  checked={selected}
                  onCheckedChange={(checked) => onToggle(client.id, checked === true)}
                />
                <ClientAvatar name={client.name} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-2">
                    <Link to={`/clientes/${client.id}`} className="min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline">
                      {client.name}
                    </Link>
                    <ClientRowMenu client={client} onEdit={onEdit} onDelete={onDelete} />
                  </div>
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <ClientStatusBadge status={client.status} />
                    {client.document && <span className="text-xs text-muted-foreground tabular-nums">{formatCpfOrCnpj(client.document)}</span>}
                  </div>
                  <div className="mt-1.5 space-y-0.5 text-sm">
                    {client.email && <p className="truncate">{client.email}</p>}
                    {client.phone && <p className="text-muted-foreground tabular-nums">{formatPhone(client.phone)}</p>}
                  </div>
                  <p className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground tabular-nums">
                    <span>
                      {formatNumber(client.emissions_count)} {client.emissions_count === 1 ? 'emissão' : 'emissões'}
                    </span>
                    <span aria-hidden="true">·</span>
                    <span className="font-medium text-foreground">{formatCents(client.total_spent_cents)}</span>
                    <span aria-hidden="true">·</span>
                    <span className="inline-flex items-center gap-1">
                      <HistoryIcon aria-hidden="true" className="size-3" />
                      <span className="sr-only">Última atividade:</span>
                      {formatDate(client.updated_at)}
                    </span>
                  </p>
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
  column: ClientSort;
  label: string;
  sort: ClientSort;
  order: SortOrder;
  onSort: (column: ClientSort) => void;
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
    <TableRow className="hover:bg-transparent" data-testid="client-skeleton-row">
      <TableCell className="pr-0">
        <Skeleton className="size-4 rounded-[4px]" />
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="space-y-1.5">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      </TableCell>
      <TableCell>
        <div className="space-y-1.5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-28" />
        </div>
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-14" />
      </TableCell>
      <TableCell>
        <Skeleton className="ml-auto h-4 w-8" />
      </TableCell>
      <TableCell>
        <Skeleton className="ml-auto h-4 w-20" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-20" />
      </TableCell>
      <TableCell>
        <Skeleton className="ml-auto size-8" />
      </TableCell>
    </TableRow>
  );
}

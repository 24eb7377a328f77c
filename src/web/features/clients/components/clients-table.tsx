import type * as React from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, EyeIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { ClientSort, SortOrder } from '@domain/clients/client.schema';
import { formatCpfOrCnpj, formatPhone } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { Button } from '@/components/ui/button';
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
  onSort: (column: ClientSort) => void;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
  /** Shown in place of the rows when the page is empty. */
  empty: React.ReactNode;
}

export function ClientsTable({
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
  const navigate = useNavigate();
  const rows = clients ?? [];
  const selectedOnPage = rows.filter((client) => selectedIds.has(client.id)).length;
  const allState = rows.length > 0 && selectedOnPage === rows.length ? true : selectedOnPage > 0 ? 'indeterminate' : false;

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
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
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

import { HistoryIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ClientSort, SortOrder } from '@domain/clients/client.schema';
import { formatCpfOrCnpj, formatPhone } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { ListTable } from '@/components/list-rows';
import { SelectableListCards, SelectAllHead, type SelectableListProps } from '@/components/list-selection';
import { RowActionsMenu } from '@/components/row-actions-menu';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { sortableHeads } from '@/components/ui/sortable-head';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import type { Client } from '../types';
import { ClientAvatar } from './client-avatar';
import { ClientStatusBadge } from './client-status-badge';

/* Spec part 1 §9: 5 skeleton rows while loading. */
const SKELETON_ROWS = 5;
const COLUMN_COUNT = 8;

export interface ClientsTableProps extends SelectableListProps<Client, ClientSort, SortOrder> {
  /** Undefined while the first page loads. */
  clients: Client[] | undefined;
}

/** Table from 768 px up; below, one card per client with a sort select (the table's headers would be off screen). */
export function ClientsTable(props: ClientsTableProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <ClientsWideTable {...props} /> : <ClientsCardList {...props} />;
}

function ClientsWideTable({ clients, onToggle, onEdit, onDelete, ...list }: ClientsTableProps) {
  const rows = clients ?? [];
  const sortable = sortableHeads(list);

  return (
    <ListTable
      label="Clientes"
      className="min-w-[860px]"
      head={
        <>
          <SelectAllHead rows={rows} selectedIds={list.selectedIds} onToggleAll={list.onToggleAll} />
          {sortable('name', 'Cliente')}
          <TableHead>Contato</TableHead>
          {sortable('status', 'Status')}
          {sortable('emissions', 'Emissões', 'right')}
          {sortable('total_spent', 'Total Gasto', 'right')}
          <TableHead className="whitespace-normal">Última Atividade</TableHead>
          <TableHead className="w-12">
            <span className="sr-only">Ações</span>
          </TableHead>
        </>
      }
      {...list}
      rows={clients}
      columns={COLUMN_COUNT}
      skeleton={<SkeletonRows />}
    >
      {(client) => {
        const selected = list.selectedIds.has(client.id);
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
                  {client.email && (
                    <p className="max-w-[11rem] truncate 2xl:max-w-[16rem]" title={client.email}>
                      {client.email}
                    </p>
                  )}
                  {client.phone && (
                    <p className="text-xs text-muted-foreground tabular-nums">{formatPhone(client.phone)}</p>
                  )}
                </div>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell>
              <ClientStatusBadge status={client.status} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(client.emissions_count)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatCents(client.total_spent_cents)}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{formatDate(client.updated_at)}</TableCell>
            <TableCell className="text-right">
              <RowActionsMenu
                viewPath={`/clientes/${client.id}`}
                onEdit={() => onEdit(client)}
                onDelete={() => onDelete(client)}
              />
            </TableCell>
          </TableRow>
        );
      }}
    </ListTable>
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

function ClientsCardList({ clients, onToggle, onEdit, onDelete, ...list }: ClientsTableProps) {
  return (
    <SelectableListCards
      {...list}
      rows={clients}
      sortOptions={SORT_OPTIONS}
      label="Clientes"
      loadingLabel="Carregando clientes"
      skeleton={<SkeletonItems />}
    >
      {(client) => {
        const selected = list.selectedIds.has(client.id);
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
                <Link
                  to={`/clientes/${client.id}`}
                  className="min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline"
                >
                  {client.name}
                </Link>
                <RowActionsMenu
                  viewPath={`/clientes/${client.id}`}
                  onEdit={() => onEdit(client)}
                  onDelete={() => onDelete(client)}
                />
              </div>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <ClientStatusBadge status={client.status} />
                {client.document && (
                  <span className="text-xs text-muted-foreground tabular-nums">{formatCpfOrCnpj(client.document)}</span>
                )}
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
      }}
    </SelectableListCards>
  );
}

function SkeletonItems() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <li key={i} className="flex gap-3 px-4 py-3" data-testid="client-skeleton-row">
      <Skeleton className="mt-2.5 size-4 rounded-[4px]" />
      <Skeleton className="size-9 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-3 w-48" />
        <Skeleton className="h-3 w-32" />
      </div>
    </li>
  ));
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => <SkeletonRow key={i} />);
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
          <SkeletonText widths={['w-36', 'w-24']} />
        </div>
      </TableCell>
      <TableCell>
        <SkeletonText widths={['w-40', 'w-28']} />
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

import { HistoryIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ClientSort, SortOrder } from '@domain/clients/client.schema';
import { formatCpfOrCnpj, formatPhone } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import {
  SelectableListCards,
  SelectableListTable,
  type SelectableListProps,
  type SelectableRows,
} from '@/components/list-selection';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { sortableHeads } from '@/components/ui/sortable-head';
import { TableCell, TableHead } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import type { Client } from '../types';
import { ClientAvatar } from './client-avatar';
import { ClientStatusBadge } from './client-status-badge';

const COLUMN_COUNT = 8;

export type ClientsTableProps = SelectableListProps<Client, ClientSort, SortOrder>;

const clientPath = (client: Pick<Client, 'id'>) => `/clientes/${client.id}`;

const CLIENT_ROWS: SelectableRows<Client> = {
  label: 'Clientes',
  rowLabel: (client) => client.name,
  rowPath: clientPath,
  rowTestId: 'client-row',
  skeletonTestId: 'client-skeleton-row',
};

/** Table from 768 px up; below, one card per client with a sort select (the table's headers would be off screen). */
export function ClientsTable(props: ClientsTableProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <ClientsWideTable {...props} /> : <ClientsCardList {...props} />;
}

function ClientsWideTable(list: ClientsTableProps) {
  const sortable = sortableHeads(list);
  return (
    <SelectableListTable
      {...list}
      {...CLIENT_ROWS}
      className="min-w-[860px]"
      columns={COLUMN_COUNT}
      head={
        <>
          {sortable('name', 'Cliente')}
          <TableHead>Contato</TableHead>
          {sortable('status', 'Status')}
          {sortable('emissions', 'Emissões', 'right')}
          {sortable('total_spent', 'Total Gasto', 'right')}
          <TableHead className="whitespace-normal">Última Atividade</TableHead>
        </>
      }
      skeletonCells={<SkeletonCells />}
    >
      {(client) => (
        <>
          <TableCell>
            <div className="flex min-w-0 items-center gap-3">
              <ClientAvatar name={client.name} />
              <div className="min-w-0">
                <Link
                  to={clientPath(client)}
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
        </>
      )}
    </SelectableListTable>
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

function ClientsCardList(list: ClientsTableProps) {
  return (
    <SelectableListCards
      {...list}
      {...CLIENT_ROWS}
      sortOptions={SORT_OPTIONS}
      loadingLabel="Carregando clientes"
      checkboxClassName="mt-2.5"
      skeletonItem={
        <>
          <Skeleton className="mt-2.5 size-4 rounded-[4px]" />
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-48" />
            <Skeleton className="h-3 w-32" />
          </div>
        </>
      }
    >
      {(client, actions) => (
        <>
          <ClientAvatar name={client.name} />
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-2">
              <Link
                to={clientPath(client)}
                className="min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline"
              >
                {client.name}
              </Link>
              {actions}
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
        </>
      )}
    </SelectableListCards>
  );
}

/** The cells between the checkbox and the actions, while the first page loads. */
function SkeletonCells() {
  return (
    <>
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
    </>
  );
}

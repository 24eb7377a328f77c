import { useState } from 'react';
import { UsersIcon } from 'lucide-react';
import { CLIENT_STATUSES, type ClientSort } from '@domain/clients/client.schema';
import { CLIENT_STATUS_LABELS } from '@domain/clients/client.rules';
import { ExportButton } from '@/components/export-button';
import { ListCard } from '@/components/list-card';
import { ListEmptyState } from '@/components/list-empty-state';
import { CreateButton, ListPageHeader } from '@/components/list-page-header';
import { BulkDeleteButton, ClearFiltersButton, ListSearch, StatusFilter } from '@/components/list-toolbar';
import { PAGES } from '@/config/navigation';
import { useExportClients } from '@/features/clients/api/export-clients';
import { useClients } from '@/features/clients/api/get-clients';
import { BulkDeleteClientsDialog } from '@/features/clients/components/bulk-delete-clients-dialog';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';
import { ClientsSummaryCards } from '@/features/clients/components/clients-summary-cards';
import { ClientsTable } from '@/features/clients/components/clients-table';
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog';
import { readClientListParams, writeClientListParams } from '@/features/clients/list-params';
import type { Client } from '@/features/clients/types';
import { useGlobalSearch } from '@/hooks/use-global-search';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';
import { usePageSelection } from '@/hooks/use-page-selection';
import { nextSort } from '@/lib/search-params';

/* The client stays after closing, so the dialog's closing animation keeps its title and values. */
interface FormState {
  open: boolean;
  client: Client | null;
}

export default function ClientsRoute() {
  const [{ page, sort, order, status }, updateList] = useListUrlState(readClientListParams, writeClientListParams);

  // A new search starts from its first page.
  const searchBox = useGlobalSearch(() => {
    if (page !== 1) updateList({ page: 1 }, true);
  });
  const { search } = searchBox;

  const params = { search, status, sort, order, page };
  const clients = useClients(params);
  const { list, rows, stale } = usePagedList(clients, page, (last) => updateList({ page: last }, true));
  const selection = usePageSelection(params, list?.data ?? []);
  const selectedIds = selection.selectedRows.map((client) => client.id);

  const [form, setForm] = useState<FormState>({ open: false, client: null });
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const exportClients = useExportClients();

  const filtersActive = searchBox.active || status !== null;
  const filtered = filtersActive || search !== '';
  const clearAll = () => {
    searchBox.clear();
    updateList({ status: null, page: 1 });
  };
  const onSort = (column: ClientSort) => updateList({ ...nextSort({ sort, order }, column), page: 1 });
  const openCreate = () => setForm({ open: true, client: null });

  return (
    <div className="space-y-6">
      <ListPageHeader {...PAGES.clients} query={clients} createLabel="Novo Cliente" onCreate={openCreate} />

      <ClientsSummaryCards summary={list?.summary} />

      <ListCard
        toolbarClassName="flex flex-col gap-3 md:flex-row md:items-center md:justify-between"
        toolbar={
          <>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <ListSearch
                wrapperClassName="sm:w-72"
                aria-label="Buscar clientes"
                placeholder="Buscar clientes..."
                value={searchBox.typed}
                onValueChange={searchBox.setTyped}
              />
              <div className="flex items-center gap-2">
                <StatusFilter
                  statuses={CLIENT_STATUSES}
                  labels={CLIENT_STATUS_LABELS}
                  className="sm:w-44"
                  value={status}
                  onValueChange={(value) => updateList({ status: value, page: 1 })}
                />
                {filtersActive && <ClearFiltersButton onClick={clearAll} />}
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <BulkDeleteButton count={selectedIds.length} onClick={() => setBulkOpen(true)} />
              <ExportButton mutation={exportClients} variables={{ search, status, sort, order }} />
            </div>
          </>
        }
        query={clients}
        itemLabel="clientes"
        onPageChange={(target) => updateList({ page: target })}
      >
        <ClientsTable
          clients={rows}
          refreshing={stale}
          sort={sort}
          order={order}
          onSort={onSort}
          onSortChange={(column, direction) => updateList({ sort: column, order: direction, page: 1 })}
          selectedIds={selection.selectedIds}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          onEdit={(client) => setForm({ open: true, client })}
          onDelete={setDeleting}
          empty={
            <ListEmptyState
              icon={UsersIcon}
              title="Nenhum cliente encontrado"
              description={
                filtered
                  ? 'Nenhum cliente corresponde à busca ou aos filtros aplicados.'
                  : 'Comece adicionando um novo cliente.'
              }
            >
              {!filtered && <CreateButton label="Novo Cliente" onClick={openCreate} />}
            </ListEmptyState>
          }
        />
      </ListCard>

      <ClientFormDialog
        open={form.open}
        client={form.client}
        onOpenChange={(open) => !open && setForm((current) => ({ ...current, open: false }))}
      />
      <DeleteClientDialog record={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <BulkDeleteClientsDialog open={bulkOpen} ids={selectedIds} onOpenChange={setBulkOpen} onDone={selection.clear} />
    </div>
  );
}

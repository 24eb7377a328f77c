import { useState } from 'react';
import { FileUpIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CLIENT_STATUS_LABELS } from '@domain/clients/client.rules';
import { SEARCH_MAX_LENGTH } from '@domain/text';
import { ExportButton } from '@/components/export-button';
import { ListCard } from '@/components/list-card';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { CreateButton, ListPageHeader } from '@/components/list-page-header';
import { BulkDeleteButton, ClearFiltersButton, ListSearch, StatusFilter } from '@/components/list-toolbar';
import { Button } from '@/components/ui/button';
import { deferredDialog } from '@/components/deferred';
import { PAGES } from '@/config/navigation';
import { useExportClients } from '@/features/clients/api/export-clients';
import { useClients } from '@/features/clients/api/get-clients';
import { ClientsSummaryCards } from '@/features/clients/components/clients-summary-cards';
import { ClientsTable } from '@/features/clients/components/clients-table';
import { hasClientFilters, readClientListParams, writeClientListParams } from '@/features/clients/list-params';
import { listFilterProps, useListUrlState } from '@/hooks/use-list-url-state';
import { useSelectableList } from '@/hooks/use-selectable-list';
import { useUrlSearch } from '@/hooks/use-url-search';

// Loaded after the list is on screen, or when opened (components/deferred.tsx).
const ClientFormDialog = deferredDialog(
  async () => (await import('@/features/clients/components/client-form-dialog')).ClientFormDialog,
);
const DeleteClientDialog = deferredDialog(
  async () => (await import('@/features/clients/components/delete-client-dialog')).DeleteClientDialog,
  (props) => props.record !== null,
);
const BulkDeleteClientsDialog = deferredDialog(
  async () => (await import('@/features/clients/components/bulk-delete-clients-dialog')).BulkDeleteClientsDialog,
);

const EMPTY: ListEmptyTexts = {
  icon: UsersIcon,
  title: 'Nenhum cliente encontrado',
  noMatch: 'Nenhum cliente corresponde à busca ou aos filtros aplicados.',
  start: 'Comece adicionando um novo cliente.',
};

export default function ClientsRoute() {
  const [state, updateList] = useListUrlState(readClientListParams, writeClientListParams);
  const { page, sort, order, status, search } = state;

  // A new search starts from its first page; typing replaces the history entry (Back leaves the list).
  const searchBox = useUrlSearch(search, (debounced) => updateList({ search: debounced, page: 1 }, true));

  const params = { search, status, sort, order, page };
  const clients = useClients(params);
  const { list, selection, dialogs, cardProps, tableProps } = useSelectableList(clients, state, updateList, params);
  const selectedIds = selection.selectedRows.map((client) => client.id);

  const [bulkOpen, setBulkOpen] = useState(false);
  const exportClients = useExportClients();

  const filtersActive = hasClientFilters({ status, search }) || searchBox.typed.trim() !== '';
  const clearAll = () => {
    searchBox.clear();
    updateList({ search: '', status: null, page: 1 });
  };

  return (
    <div className="space-y-6">
      <ListPageHeader {...PAGES.clients} query={clients} createLabel="Novo Cliente" onCreate={dialogs.openCreate} />

      <ClientsSummaryCards summary={list?.summary} query={clients} />

      <ListCard
        toolbarClassName="flex flex-col gap-3 md:flex-row md:items-center md:justify-between"
        toolbar={
          <>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <ListSearch
                wrapperClassName="sm:w-72"
                aria-label="Buscar clientes"
                placeholder="Buscar clientes..."
                maxLength={SEARCH_MAX_LENGTH}
                value={searchBox.typed}
                onValueChange={searchBox.setTyped}
              />
              <div className="flex items-center gap-2">
                <StatusFilter
                  labels={CLIENT_STATUS_LABELS}
                  className="sm:w-44"
                  {...listFilterProps(state, updateList, 'status')}
                />
                {filtersActive && <ClearFiltersButton onClick={clearAll} />}
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <BulkDeleteButton count={selectedIds.length} onClick={() => setBulkOpen(true)} />
              <Button variant="outline" asChild>
                <Link to="/importador?tipo=clientes">
                  <FileUpIcon aria-hidden="true" />
                  Importar
                </Link>
              </Button>
              <ExportButton mutation={exportClients} variables={{ search, status, sort, order }} />
            </div>
          </>
        }
        {...cardProps}
        itemLabel="clientes"
      >
        <ClientsTable
          {...tableProps}
          empty={
            <ListEmptyState texts={EMPTY} filtered={filtersActive}>
              {!filtersActive && <CreateButton label="Novo Cliente" onClick={dialogs.openCreate} />}
            </ListEmptyState>
          }
        />
      </ListCard>

      <ClientFormDialog client={dialogs.editing} {...dialogs.formDialog} />
      <DeleteClientDialog record={dialogs.deleting} {...dialogs.deleteDialog} />
      <BulkDeleteClientsDialog open={bulkOpen} ids={selectedIds} onOpenChange={setBulkOpen} onDone={selection.clear} />
    </div>
  );
}

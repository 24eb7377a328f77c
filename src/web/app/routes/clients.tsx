import { useEffect, useRef, useState } from 'react';
import { DownloadIcon, FilterXIcon, Loader2Icon, PlusIcon, RefreshCwIcon, SearchIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CLIENT_STATUSES, CLIENTS_PAGE_SIZE, type ClientSort, type ClientStatus } from '@domain/clients/client.schema';
import { CLIENT_STATUS_LABELS } from '@domain/clients/client.rules';
import { PageHeader } from '@/components/layouts/page-header';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { PAGES } from '@/config/navigation';
import { useExportClients } from '@/features/clients/api/export-clients';
import { useClients } from '@/features/clients/api/get-clients';
import { BulkDeleteClientsDialog } from '@/features/clients/components/bulk-delete-clients-dialog';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';
import { ClientsSummaryCards } from '@/features/clients/components/clients-summary-cards';
import { ClientsTable } from '@/features/clients/components/clients-table';
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog';
import { nextSort, readClientListParams, writeClientListParams, type ClientListUrlState } from '@/features/clients/list-params';
import type { Client } from '@/features/clients/types';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { hasActiveFilters, useFiltersStore } from '@/stores/filters-store';

/* The client stays after closing, so the dialog's closing animation keeps its title and values. */
interface FormState {
  open: boolean;
  client: Client | null;
}

export default function ClientsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, sort, order, status } = readClientListParams(searchParams);

  // Spec part 1 §4: the box shows every keystroke, the query waits 300 ms.
  const globalSearch = useFiltersStore((state) => state.globalSearch);
  const setGlobalSearch = useFiltersStore((state) => state.setGlobalSearch);
  const clearFilters = useFiltersStore((state) => state.clearFilters);
  const storeFiltersActive = useFiltersStore(hasActiveFilters);
  const search = useDebouncedValue(globalSearch, SEARCH_DEBOUNCE_MS).trim();

  const updateList = (patch: Partial<ClientListUrlState>, replace = false) =>
    setSearchParams((params) => writeClientListParams(params, patch), { replace });

  // A new search starts from its first page.
  const lastSearch = useRef(search);
  useEffect(() => {
    if (lastSearch.current === search) return;
    lastSearch.current = search;
    if (page !== 1) updateList({ page: 1 }, true);
  }, [search]); // only a change of search resets the page

  const params = { search, status, sort, order, page };
  const clients = useClients(params);
  const list = clients.data;

  // Spec part 1 §4: the page stays between 1 and the last one (after deletes, or an old link).
  useEffect(() => {
    if (!list || clients.isPlaceholderData) return;
    const last = Math.max(list.total_pages, 1);
    if (page > last) updateList({ page: last }, true);
  }, [list, clients.isPlaceholderData, page]);

  // Selection belongs to the rows on screen: another page, order or filter starts it afresh.
  const scope = JSON.stringify(params);
  const [selection, setSelection] = useState<{ scope: string; ids: Set<string> }>({ scope, ids: new Set() });
  const selectedIds = selection.scope === scope ? selection.ids : new Set<string>();
  const pageIds = new Set(list?.data.map((c) => c.id));
  const selectedOnPage = [...selectedIds].filter((id) => pageIds.has(id));

  const toggle = (id: string, selected: boolean) => {
    const ids = new Set(selectedIds);
    if (selected) ids.add(id);
    else ids.delete(id);
    setSelection({ scope, ids });
  };
  const toggleAll = (selected: boolean) => setSelection({ scope, ids: selected ? new Set(pageIds) : new Set() });
  const clearSelection = () => setSelection({ scope, ids: new Set() });

  const [form, setForm] = useState<FormState>({ open: false, client: null });
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const exportClients = useExportClients();
  const runExport = () =>
    exportClients.mutate(
      { search, status, sort, order },
      {
        onSuccess: () => toast.success('Exportação concluída', { description: 'Arquivo CSV baixado com sucesso!' }),
        onError: (error) => toastError('Erro na exportação', error, 'Ocorreu um erro durante a exportação.'),
      },
    );

  const filtersActive = storeFiltersActive || status !== null;
  const clearAll = () => {
    clearFilters();
    updateList({ status: null, page: 1 });
  };

  const onSort = (column: ClientSort) => updateList({ ...nextSort({ sort, order }, column), page: 1 });
  const onStatus = (value: string) =>
    updateList({ status: (CLIENT_STATUSES as readonly string[]).includes(value) ? (value as ClientStatus) : null, page: 1 });

  const initialLoading = clients.isPending;
  const refreshing = clients.isFetching && !initialLoading;

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.clients}
        actions={
          <>
            <Button variant="outline" onClick={() => void clients.refetch()} disabled={clients.isFetching}>
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              Atualizar
            </Button>
            <Button onClick={() => setForm({ open: true, client: null })}>
              <PlusIcon aria-hidden="true" />
              Novo Cliente
            </Button>
          </>
        }
      />

      <ClientsSummaryCards summary={list?.summary} />

      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 md:flex-row md:items-center md:justify-between">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <div className="relative sm:w-72">
              <SearchIcon
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                type="search"
                aria-label="Buscar clientes"
                placeholder="Buscar clientes..."
                className="pl-9"
                value={globalSearch}
                onChange={(event) => setGlobalSearch(event.target.value)}
              />
            </div>
            <div className="flex items-center gap-2">
              <Select
                aria-label="Filtrar por status"
                className="sm:w-44"
                value={status ?? ''}
                onChange={(event) => onStatus(event.target.value)}
              >
                <option value="">Todos os status</option>
                {CLIENT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {CLIENT_STATUS_LABELS[value]}
                  </option>
                ))}
              </Select>
              {filtersActive && (
                <Button variant="ghost" onClick={clearAll} className="shrink-0">
                  <FilterXIcon aria-hidden="true" />
                  Limpar Filtros
                </Button>
              )}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {selectedOnPage.length > 0 && (
              <Button variant="destructive" onClick={() => setBulkOpen(true)}>
                <Trash2Icon aria-hidden="true" />
                Excluir ({selectedOnPage.length})
              </Button>
            )}
            <Button variant="outline" onClick={runExport} disabled={exportClients.isPending}>
              {exportClients.isPending ? (
                <Loader2Icon aria-hidden="true" className="animate-spin" />
              ) : (
                <DownloadIcon aria-hidden="true" />
              )}
              Exportar
            </Button>
          </div>
        </div>

        {clients.isError && !list ? (
          <QueryErrorState
            className="m-4"
            title="Erro ao carregar clientes"
            error={clients.error}
            onRetry={() => void clients.refetch()}
            retrying={clients.isFetching}
          />
        ) : (
          <ClientsTable
            // A page past the end (an old link, the last rows deleted) waits for the clamp below
            // instead of flashing the empty state.
            clients={list && list.data.length === 0 && list.total > 0 ? undefined : list?.data}
            refreshing={refreshing && clients.isPlaceholderData}
            sort={sort}
            order={order}
            onSort={onSort}
            onSortChange={(nextSortColumn, nextOrder) => updateList({ sort: nextSortColumn, order: nextOrder, page: 1 })}
            selectedIds={selectedIds}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onEdit={(client) => setForm({ open: true, client })}
            onDelete={setDeleting}
            empty={
              <EmptyState
                filtered={filtersActive || search !== ''}
                onCreate={() => setForm({ open: true, client: null })}
              />
            }
          />
        )}

        {list && list.total_pages > 1 && (
          <div className="border-t p-4">
            <Pagination
              label="Paginação de clientes"
              page={list.page}
              totalPages={list.total_pages}
              total={list.total}
              pageSize={CLIENTS_PAGE_SIZE}
              itemLabel="clientes"
              onPageChange={(target) => updateList({ page: target })}
            />
          </div>
        )}
      </Card>

      <ClientFormDialog
        open={form.open}
        client={form.client}
        onOpenChange={(open) => !open && setForm((current) => ({ ...current, open: false }))}
      />
      <DeleteClientDialog client={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <BulkDeleteClientsDialog open={bulkOpen} ids={selectedOnPage} onOpenChange={setBulkOpen} onDone={clearSelection} />
    </div>
  );
}

interface EmptyStateProps {
  filtered: boolean;
  onCreate: () => void;
}

function EmptyState({ filtered, onCreate }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UsersIcon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">Nenhum cliente encontrado</p>
        <p className="text-sm text-muted-foreground">
          {filtered ? 'Nenhum cliente corresponde à busca ou aos filtros aplicados.' : 'Comece adicionando um novo cliente.'}
        </p>
      </div>
      {!filtered && (
        <Button onClick={onCreate}>
          <PlusIcon aria-hidden="true" />
          Novo Cliente
        </Button>
      )}
    </div>
  );
}

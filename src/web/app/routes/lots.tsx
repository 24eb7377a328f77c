import { useEffect, useRef, useState } from 'react';
import {
  CalendarX2Icon,
  DownloadIcon,
  FilterXIcon,
  Loader2Icon,
  PackageIcon,
  PlusIcon,
  RefreshCwIcon,
  SearchIcon,
  Trash2Icon,
} from 'lucide-react';
import { useSearchParams } from 'react-router';
import { todayIso } from '@domain/format';
import { LOT_STATUSES, LOT_STATUS_LABELS, LOTS_PAGE_SIZE, type LotSort, type LotStatus } from '@domain/lots/lot.schema';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '@domain/lots/lot.rules';
import { isProgramKey, PROGRAM_LIST } from '@domain/programs';
import { PageHeader } from '@/components/layouts/page-header';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { PAGES } from '@/config/navigation';
import { useAgencySettings } from '@/features/agency/api/get-settings';
import { useExportLots } from '@/features/lots/api/export-lots';
import { useLots } from '@/features/lots/api/get-lots';
import { BulkDeleteLotsDialog } from '@/features/lots/components/bulk-delete-lots-dialog';
import { DeleteLotDialog } from '@/features/lots/components/delete-lot-dialog';
import { LotFormDialog } from '@/features/lots/components/lot-form-dialog';
import { LotsSummaryCards } from '@/features/lots/components/lots-summary-cards';
import { LotsTable } from '@/features/lots/components/lots-table';
import { MarkExpiredDialog } from '@/features/lots/components/mark-expired-dialog';
import {
  hasLotFilters,
  LOT_SEARCH_MAX_LENGTH,
  nextLotSort,
  readLotListParams,
  writeLotListParams,
  type LotListUrlState,
} from '@/features/lots/list-params';
import type { Lot } from '@/features/lots/types';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';

type FormState = { open: false } | { open: true; lot: Lot | null };

export default function LotsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, sort, order, program, status, search } = readLotListParams(searchParams);
  const settings = useAgencySettings();
  const warningDays = settings.data?.expiry_alert_days ?? DEFAULT_EXPIRY_WARNING_DAYS;
  const today = todayIso();

  const updateList = (patch: Partial<LotListUrlState>, replace = false) =>
    setSearchParams((params) => writeLotListParams(params, patch), { replace });

  // Spec part 1 §4: the box shows every keystroke, the query waits 300 ms. The address keeps the
  // search, so a reload or a shared link shows the same lots.
  const [typed, setTyped] = useState(search);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (lastDebounced.current === debounced) return;
    lastDebounced.current = debounced;
    // A new search starts from its first page.
    if (debounced !== search) updateList({ search: debounced, page: 1 }, true);
  }, [debounced]); // only a change of what was typed writes the address
  // Back, Forward or 'Limpar Filtros' changed the address: the box follows.
  useEffect(() => {
    if (search !== lastDebounced.current) {
      lastDebounced.current = search;
      setTyped(search);
    }
  }, [search]);

  const params = { search, program, status, sort, order, page };
  const lots = useLots(params);
  const list = lots.data;

  // Spec part 1 §4: the page stays between 1 and the last one (after deletes, or an old link).
  useEffect(() => {
    if (!list || lots.isPlaceholderData) return;
    const last = Math.max(list.total_pages, 1);
    if (page > last) updateList({ page: last }, true);
  }, [list, lots.isPlaceholderData, page]);

  // Selection belongs to the rows on screen: another page, order or filter starts it afresh.
  const scope = JSON.stringify(params);
  const [selection, setSelection] = useState<{ scope: string; ids: Set<string> }>({ scope, ids: new Set() });
  const selectedIds = selection.scope === scope ? selection.ids : new Set<string>();
  const pageLots = list?.data ?? [];
  const selectedLots = pageLots.filter((lot) => selectedIds.has(lot.id));

  const toggle = (id: string, selected: boolean) => {
    const ids = new Set(selectedIds);
    if (selected) ids.add(id);
    else ids.delete(id);
    setSelection({ scope, ids });
  };
  const toggleAll = (selected: boolean) => setSelection({ scope, ids: selected ? new Set(pageLots.map((lot) => lot.id)) : new Set() });
  const clearSelection = () => setSelection({ scope, ids: new Set() });

  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<Lot | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [markExpiredOpen, setMarkExpiredOpen] = useState(false);

  const exportLots = useExportLots();
  const runExport = () =>
    exportLots.mutate(
      { search, program, status, sort, order },
      {
        onSuccess: () => toast.success('Exportação concluída', { description: 'Arquivo CSV baixado com sucesso!' }),
        onError: (error) => toastError('Erro na exportação', error, 'Ocorreu um erro durante a exportação.'),
      },
    );

  const filtersActive = hasLotFilters({ program, status, search }) || typed.trim() !== '';
  const clearAll = () => {
    lastDebounced.current = '';
    setTyped('');
    updateList({ search: '', program: null, status: null, page: 1 });
  };

  const onSort = (column: LotSort) => updateList({ ...nextLotSort({ sort, order }, column), page: 1 });

  const initialLoading = lots.isPending;
  const refreshing = lots.isFetching && !initialLoading;

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.lots}
        actions={
          <>
            <Button variant="outline" onClick={() => void lots.refetch()} disabled={lots.isFetching}>
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              Atualizar
            </Button>
            <Button onClick={() => setForm({ open: true, lot: null })}>
              <PlusIcon aria-hidden="true" />
              Novo Lote
            </Button>
          </>
        }
      />

      <LotsSummaryCards totals={list?.totals} warningDays={warningDays} />

      <Card className="gap-0 py-0">
        <div className="flex flex-wrap items-center gap-2 border-b p-4">
          <div className="relative w-full sm:w-auto sm:min-w-44 sm:flex-1 lg:max-w-72">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Buscar lotes"
              placeholder="Buscar lotes..."
              title="Busca por fornecedor, observações ou número da conta"
              maxLength={LOT_SEARCH_MAX_LENGTH}
              className="pl-9"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <Select
            aria-label="Filtrar por programa"
            className="w-full sm:w-48"
            value={program ?? ''}
            onChange={(event) => updateList({ program: isProgramKey(event.target.value) ? event.target.value : null, page: 1 })}
          >
            <option value="">Todos os programas</option>
            {PROGRAM_LIST.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </Select>
          <Select
            aria-label="Filtrar por status"
            className="w-full sm:w-40"
            value={status ?? ''}
            onChange={(event) =>
              updateList({
                status: (LOT_STATUSES as readonly string[]).includes(event.target.value) ? (event.target.value as LotStatus) : null,
                page: 1,
              })
            }
          >
            <option value="">Todos os status</option>
            {LOT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {LOT_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
          {filtersActive && (
            <Button variant="ghost" onClick={clearAll} className="shrink-0">
              <FilterXIcon aria-hidden="true" />
              Limpar Filtros
            </Button>
          )}
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            {selectedLots.length > 0 && (
              <Button variant="destructive" onClick={() => setBulkOpen(true)}>
                <Trash2Icon aria-hidden="true" />
                Excluir ({selectedLots.length})
              </Button>
            )}
            <Button variant="outline" onClick={() => setMarkExpiredOpen(true)}>
              <CalendarX2Icon aria-hidden="true" />
              Marcar Expirados
            </Button>
            <Button variant="outline" onClick={runExport} disabled={exportLots.isPending}>
              {exportLots.isPending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : <DownloadIcon aria-hidden="true" />}
              Exportar
            </Button>
          </div>
        </div>

        {lots.isError && !list ? (
          <QueryErrorState
            className="m-4"
            title="Erro ao carregar lotes"
            error={lots.error}
            onRetry={() => void lots.refetch()}
            retrying={lots.isFetching}
          />
        ) : (
          <LotsTable
            // A page past the end (an old link, the last rows deleted) waits for the clamp above
            // instead of flashing the empty state.
            lots={list && list.data.length === 0 && list.total > 0 ? undefined : list?.data}
            refreshing={refreshing && lots.isPlaceholderData}
            sort={sort}
            order={order}
            onSort={onSort}
            onSortChange={(nextSort, nextOrder) => updateList({ sort: nextSort, order: nextOrder, page: 1 })}
            selectedIds={selectedIds}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onEdit={(lot) => setForm({ open: true, lot })}
            onDelete={setDeleting}
            today={today}
            warningDays={warningDays}
            empty={<EmptyState filtered={filtersActive} onCreate={() => setForm({ open: true, lot: null })} />}
          />
        )}

        {list && list.total_pages > 1 && (
          <div className="border-t p-4">
            <Pagination
              label="Paginação de lotes"
              page={list.page}
              totalPages={list.total_pages}
              total={list.total}
              pageSize={LOTS_PAGE_SIZE}
              itemLabel="lotes"
              onPageChange={(target) => updateList({ page: target })}
            />
          </div>
        )}
      </Card>

      <LotFormDialog
        open={form.open}
        lot={form.open ? form.lot : null}
        warningDays={warningDays}
        onOpenChange={(open) => !open && setForm({ open: false })}
      />
      <DeleteLotDialog lot={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <BulkDeleteLotsDialog open={bulkOpen} lots={selectedLots} onOpenChange={setBulkOpen} onDone={clearSelection} />
      <MarkExpiredDialog open={markExpiredOpen} onOpenChange={setMarkExpiredOpen} />
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
        <PackageIcon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">Nenhum lote encontrado</p>
        <p className="text-sm text-muted-foreground">
          {filtered ? 'Nenhum lote corresponde à busca ou aos filtros aplicados.' : 'Comece adicionando um novo lote de milhas.'}
        </p>
      </div>
      {!filtered && (
        <Button onClick={onCreate}>
          <PlusIcon aria-hidden="true" />
          Novo Lote
        </Button>
      )}
    </div>
  );
}

import { useState } from 'react';
import { CalendarX2Icon, PackageIcon } from 'lucide-react';
import { todayIso } from '@domain/format';
import { LOT_STATUSES, LOT_STATUS_LABELS, type LotSort } from '@domain/lots/lot.schema';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '@domain/lots/lot.rules';
import { SEARCH_MAX_LENGTH } from '@domain/text.schema';
import { ExportButton } from '@/components/export-button';
import { ListCard } from '@/components/list-card';
import { ListEmptyState } from '@/components/list-empty-state';
import { CreateButton, ListPageHeader } from '@/components/list-page-header';
import {
  BulkDeleteButton,
  ClearFiltersButton,
  ListSearch,
  ProgramFilter,
  StatusFilter,
} from '@/components/list-toolbar';
import { Button } from '@/components/ui/button';
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
import { hasLotFilters, readLotListParams, writeLotListParams } from '@/features/lots/list-params';
import type { Lot } from '@/features/lots/types';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';
import { usePageSelection } from '@/hooks/use-page-selection';
import { useUrlSearch } from '@/hooks/use-url-search';
import { nextSort } from '@/lib/search-params';

type FormState = { open: false } | { open: true; lot: Lot | null };

export default function LotsRoute() {
  const [{ page, sort, order, program, status, search }, updateList] = useListUrlState(
    readLotListParams,
    writeLotListParams,
  );
  const settings = useAgencySettings();
  const warningDays = settings.data?.expiry_alert_days ?? DEFAULT_EXPIRY_WARNING_DAYS;
  const today = todayIso();

  // A new search starts from its first page.
  const searchBox = useUrlSearch(search, (debounced) => updateList({ search: debounced, page: 1 }, true));

  const params = { search, program, status, sort, order, page };
  const lots = useLots(params);
  const { list, rows, stale } = usePagedList(lots, page, (last) => updateList({ page: last }, true));
  const selection = usePageSelection(params, list?.data ?? []);

  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<Lot | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [markExpiredOpen, setMarkExpiredOpen] = useState(false);
  const exportLots = useExportLots();

  const filtersActive = hasLotFilters({ program, status, search }) || searchBox.typed.trim() !== '';
  const clearAll = () => {
    searchBox.clear();
    updateList({ search: '', program: null, status: null, page: 1 });
  };
  const onSort = (column: LotSort) => updateList({ ...nextSort({ sort, order }, column), page: 1 });
  const openCreate = () => setForm({ open: true, lot: null });

  return (
    <div className="space-y-6">
      <ListPageHeader {...PAGES.lots} query={lots} createLabel="Novo Lote" onCreate={openCreate} />

      <LotsSummaryCards totals={list?.totals} warningDays={warningDays} />

      <ListCard
        toolbarClassName="flex flex-wrap items-center gap-2"
        toolbar={
          <>
            <ListSearch
              wrapperClassName="w-full sm:w-auto sm:min-w-44 sm:flex-1 lg:max-w-72"
              aria-label="Buscar lotes"
              placeholder="Buscar lotes..."
              title="Busca por fornecedor, observações ou número da conta"
              maxLength={SEARCH_MAX_LENGTH}
              value={searchBox.typed}
              onValueChange={searchBox.setTyped}
            />
            <ProgramFilter value={program} onValueChange={(value) => updateList({ program: value, page: 1 })} />
            <StatusFilter
              statuses={LOT_STATUSES}
              labels={LOT_STATUS_LABELS}
              className="w-full sm:w-40"
              value={status}
              onValueChange={(value) => updateList({ status: value, page: 1 })}
            />
            {filtersActive && <ClearFiltersButton onClick={clearAll} />}
            <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
              <BulkDeleteButton count={selection.selectedRows.length} onClick={() => setBulkOpen(true)} />
              <Button variant="outline" onClick={() => setMarkExpiredOpen(true)}>
                <CalendarX2Icon aria-hidden="true" />
                Marcar Expirados
              </Button>
              <ExportButton mutation={exportLots} variables={{ search, program, status, sort, order }} />
            </div>
          </>
        }
        query={lots}
        itemLabel="lotes"
        onPageChange={(target) => updateList({ page: target })}
      >
        <LotsTable
          lots={rows}
          refreshing={stale}
          sort={sort}
          order={order}
          onSort={onSort}
          onSortChange={(column, direction) => updateList({ sort: column, order: direction, page: 1 })}
          selectedIds={selection.selectedIds}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          onEdit={(lot) => setForm({ open: true, lot })}
          onDelete={setDeleting}
          today={today}
          warningDays={warningDays}
          empty={
            <ListEmptyState
              icon={PackageIcon}
              title="Nenhum lote encontrado"
              description={
                filtersActive
                  ? 'Nenhum lote corresponde à busca ou aos filtros aplicados.'
                  : 'Comece adicionando um novo lote de milhas.'
              }
            >
              {!filtersActive && <CreateButton label="Novo Lote" onClick={openCreate} />}
            </ListEmptyState>
          }
        />
      </ListCard>

      <LotFormDialog
        open={form.open}
        lot={form.open ? form.lot : null}
        warningDays={warningDays}
        onOpenChange={(open) => !open && setForm({ open: false })}
      />
      <DeleteLotDialog record={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <BulkDeleteLotsDialog
        open={bulkOpen}
        lots={selection.selectedRows}
        onOpenChange={setBulkOpen}
        onDone={selection.clear}
      />
      <MarkExpiredDialog open={markExpiredOpen} onOpenChange={setMarkExpiredOpen} />
    </div>
  );
}

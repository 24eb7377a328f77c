import { useState } from 'react';
import { ArrowRightLeftIcon, CalendarX2Icon, HandCoinsIcon, PackageIcon } from 'lucide-react';
import { todayIso } from '@domain/format';
import { LOT_STATUS_LABELS } from '@domain/lots/lot.schema';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '@domain/lots/lot.rules';
import { SEARCH_MAX_LENGTH } from '@domain/text';
import { ExportButton } from '@/components/export-button';
import { ListCard } from '@/components/list-card';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { CreateButton, ListPageHeader } from '@/components/list-page-header';
import {
  BulkDeleteButton,
  ClearFiltersButton,
  ListSearch,
  ProgramFilter,
  StatusFilter,
} from '@/components/list-toolbar';
import { Button } from '@/components/ui/button';
import { deferredDialog } from '@/components/deferred';
import { PAGES } from '@/config/navigation';
import { useAgencySettings } from '@/features/agency/api/get-settings';
import { useExportLots } from '@/features/lots/api/export-lots';
import { useLots } from '@/features/lots/api/get-lots';
import { LotsSummaryCards } from '@/features/lots/components/lots-summary-cards';
import { LotsTable } from '@/features/lots/components/lots-table';
import { hasLotFilters, readLotListParams, writeLotListParams } from '@/features/lots/list-params';
import { ClubsSection } from '@/features/clubs/components/clubs-section';
import { SalesSection } from '@/features/sales/components/sales-section';
import { SuppliersSection } from '@/features/suppliers/components/suppliers-section';
import { PendingCreditsSection } from '@/features/transfers/components/pending-credits-section';
import { TransfersSection } from '@/features/transfers/components/transfers-section';
import { listFilterProps, useListUrlState } from '@/hooks/use-list-url-state';
import { useSelectableList } from '@/hooks/use-selectable-list';
import { useUrlSearch } from '@/hooks/use-url-search';

const EMPTY: ListEmptyTexts = {
  icon: PackageIcon,
  title: 'Nenhum lote encontrado',
  noMatch: 'Nenhum lote corresponde à busca ou aos filtros aplicados.',
  start: 'Comece adicionando um novo lote de milhas.',
};

// Loaded after the list is on screen, or when opened (components/deferred.tsx).
const BulkDeleteLotsDialog = deferredDialog(
  async () => (await import('@/features/lots/components/bulk-delete-lots-dialog')).BulkDeleteLotsDialog,
);
const DeleteLotDialog = deferredDialog(
  async () => (await import('@/features/lots/components/delete-lot-dialog')).DeleteLotDialog,
  (props) => props.record !== null,
);
const LotFormDialog = deferredDialog(
  async () => (await import('@/features/lots/components/lot-form-dialog')).LotFormDialog,
);
const MarkExpiredDialog = deferredDialog(
  async () => (await import('@/features/lots/components/mark-expired-dialog')).MarkExpiredDialog,
);
const SaleDialog = deferredDialog(async () => (await import('@/features/sales/components/sale-dialog')).SaleDialog);
const TransferDialog = deferredDialog(
  async () => (await import('@/features/transfers/components/transfer-dialog')).TransferDialog,
);

export default function LotsRoute() {
  const [state, updateList] = useListUrlState(readLotListParams, writeLotListParams);
  const { page, sort, order, program, status, search } = state;
  const settings = useAgencySettings();
  const warningDays = settings.data?.expiry_alert_days ?? DEFAULT_EXPIRY_WARNING_DAYS;
  const today = todayIso();

  // A new search starts from its first page.
  const searchBox = useUrlSearch(search, (debounced) => updateList({ search: debounced, page: 1 }, true));

  const params = { search, program, status, sort, order, page };
  const lots = useLots(params);
  const { list, selection, dialogs, cardProps, tableProps } = useSelectableList(lots, state, updateList, params);

  const [bulkOpen, setBulkOpen] = useState(false);
  const [markExpiredOpen, setMarkExpiredOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [saleOpen, setSaleOpen] = useState(false);
  const exportLots = useExportLots();

  const filtersActive = hasLotFilters({ program, status, search }) || searchBox.typed.trim() !== '';
  const clearAll = () => {
    searchBox.clear();
    updateList({ search: '', program: null, status: null, page: 1 });
  };

  return (
    <div className="space-y-6">
      <ListPageHeader
        {...PAGES.lots}
        query={lots}
        createLabel="Novo Lote"
        onCreate={dialogs.openCreate}
        extraActions={
          <>
            <Button variant="outline" onClick={() => setTransferOpen(true)}>
              <ArrowRightLeftIcon aria-hidden="true" />
              Transferir pontos
            </Button>
            <Button variant="outline" onClick={() => setSaleOpen(true)}>
              <HandCoinsIcon aria-hidden="true" />
              Vender milhas
            </Button>
          </>
        }
      />

      <LotsSummaryCards totals={list?.totals} query={lots} warningDays={warningDays} />

      <PendingCreditsSection today={today} />

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
            <ProgramFilter {...listFilterProps(state, updateList, 'program')} />
            <StatusFilter
              labels={LOT_STATUS_LABELS}
              className="w-full sm:w-40"
              {...listFilterProps(state, updateList, 'status')}
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
        {...cardProps}
        itemLabel="lotes"
      >
        <LotsTable
          {...tableProps}
          today={today}
          warningDays={warningDays}
          empty={
            <ListEmptyState texts={EMPTY} filtered={filtersActive}>
              {!filtersActive && <CreateButton label="Novo Lote" onClick={dialogs.openCreate} />}
            </ListEmptyState>
          }
        />
      </ListCard>

      {/* Where the stock comes from besides purchases (issue #23). */}
      <ClubsSection />
      <TransfersSection />
      <SalesSection />
      <SuppliersSection />

      <LotFormDialog lot={dialogs.editing} warningDays={warningDays} {...dialogs.formDialog} />
      <DeleteLotDialog record={dialogs.deleting} {...dialogs.deleteDialog} />
      <BulkDeleteLotsDialog
        open={bulkOpen}
        lots={selection.selectedRows}
        onOpenChange={setBulkOpen}
        onDone={selection.clear}
      />
      <MarkExpiredDialog open={markExpiredOpen} onOpenChange={setMarkExpiredOpen} />
      <TransferDialog open={transferOpen} onOpenChange={setTransferOpen} />
      <SaleDialog open={saleOpen} onOpenChange={setSaleOpen} />
    </div>
  );
}

import { useState } from 'react';
import { PlaneTakeoffIcon } from 'lucide-react';
import { EMISSION_STATUS_LABELS } from '@domain/emissions/emission.status';
import { isValidIsoDate } from '@domain/format';
import { SEARCH_MAX_LENGTH } from '@domain/text';
import { ListCard } from '@/components/list-card';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import { CreateButton, ListPageHeader } from '@/components/list-page-header';
import { deferredDialog } from '@/components/deferred';
import {
  ClearFiltersButton,
  ListSearch,
  PeriodFilter,
  PeriodInvertedMessage,
  ProgramFilter,
  StatusFilter,
} from '@/components/list-toolbar';
import { PAGES } from '@/config/navigation';
import { useEmissions } from '@/features/emissions/api/get-emissions';
import { EmissionsSummaryCards } from '@/features/emissions/components/emissions-summary-cards';
import { EmissionsTable } from '@/features/emissions/components/emissions-table';
import { hasEmissionFilters, readEmissionListParams, writeEmissionListParams } from '@/features/emissions/list-params';
import { listFilterProps, useListUrlState } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';
import { useUrlSearch } from '@/hooks/use-url-search';

const EMPTY: ListEmptyTexts = {
  icon: PlaneTakeoffIcon,
  title: 'Nenhuma emissão encontrada',
  noMatch: 'Nenhuma emissão corresponde à busca ou aos filtros aplicados.',
  start: 'Registre a primeira emissão de passagem com milhas.',
};

// Loaded after the list is on screen, or when opened (components/deferred.tsx).
const EmissionWizardDialog = deferredDialog(
  async () => (await import('@/features/emissions/components/emission-wizard-dialog')).EmissionWizardDialog,
);

export default function EmissionsRoute() {
  const [state, updateList] = useListUrlState(readEmissionListParams, writeEmissionListParams);
  const { page, status, program, date_from, date_to, search } = state;

  const searchBox = useUrlSearch(search, (debounced) => updateList({ search: debounced, page: 1 }, true));

  // An inverted period is not sent (the API would refuse it): the list keeps the last valid one
  // (none on a link that arrives inverted) while the message below the filters says why.
  const periodInverted = date_from !== null && date_to !== null && date_from > date_to;
  const [validPeriod, setValidPeriod] = useState(() =>
    periodInverted ? { date_from: null, date_to: null } : { date_from, date_to },
  );
  if (!periodInverted && (validPeriod.date_from !== date_from || validPeriod.date_to !== date_to))
    setValidPeriod({ date_from, date_to });
  const emissions = useEmissions({
    page,
    status,
    program,
    ...(periodInverted ? validPeriod : { date_from, date_to }),
    search,
  });
  const { list, rows, stale, onPageChange } = usePagedList(emissions, page, updateList);

  const [wizardOpen, setWizardOpen] = useState(false);
  // The period boxes hold what is typed; the list follows once a date is complete (or cleared).
  const [periodKey, setPeriodKey] = useState(0);
  const onDate = (key: 'date_from' | 'date_to') => (value: string) => {
    if (value === '') updateList({ [key]: null, page: 1 });
    else if (isValidIsoDate(value)) updateList({ [key]: value, page: 1 });
  };

  const filtersActive = hasEmissionFilters(state) || searchBox.typed.trim() !== '';
  const clearAll = () => {
    searchBox.clear();
    setPeriodKey((k) => k + 1);
    updateList({ search: '', status: null, program: null, date_from: null, date_to: null, page: 1 });
  };

  return (
    <div className="space-y-6">
      <ListPageHeader
        {...PAGES.emissions}
        query={emissions}
        createLabel="Nova Emissão"
        onCreate={() => setWizardOpen(true)}
      />

      <EmissionsSummaryCards summary={list?.summary} query={emissions} />

      <ListCard
        // The search keeps room for its placeholder (13rem); where search, status, programme and
        // period do not fit on one line (1280 px beside the sidebar), the period wraps to a second.
        toolbarClassName="flex flex-wrap items-end gap-2"
        toolbar={
          <>
            <ListSearch
              wrapperClassName="w-full sm:w-auto sm:min-w-52 sm:flex-1"
              aria-label="Buscar emissões"
              placeholder="PNR, rota ou cliente..."
              maxLength={SEARCH_MAX_LENGTH}
              value={searchBox.typed}
              onValueChange={searchBox.setTyped}
            />
            <StatusFilter
              labels={EMISSION_STATUS_LABELS}
              className="w-full sm:w-40"
              {...listFilterProps(state, updateList, 'status')}
            />
            <ProgramFilter {...listFilterProps(state, updateList, 'program')} />
            <PeriodFilter
              key={periodKey}
              from={date_from}
              to={date_to}
              onFromChange={onDate('date_from')}
              onToChange={onDate('date_to')}
              inverted={periodInverted}
            />
            {filtersActive && <ClearFiltersButton onClick={clearAll} />}
            {periodInverted && <PeriodInvertedMessage />}
          </>
        }
        query={emissions}
        itemLabel="emissões"
        onPageChange={onPageChange}
      >
        <EmissionsTable
          emissions={rows}
          refreshing={stale}
          empty={
            <ListEmptyState texts={EMPTY} filtered={filtersActive}>
              <CreateButton label="Nova Emissão" onClick={() => setWizardOpen(true)} />
            </ListEmptyState>
          }
        />
      </ListCard>

      <EmissionWizardDialog open={wizardOpen} onOpenChange={setWizardOpen} />
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { FilterXIcon, PlaneTakeoffIcon, PlusIcon, RefreshCwIcon, SearchIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EMISSION_STATUSES, EMISSION_STATUS_LABELS, EMISSIONS_PAGE_SIZE, type EmissionStatus } from '@domain/emissions/emission.schema';
import { isValidIsoDate } from '@domain/format';
import { isProgramKey, PROGRAM_LIST } from '@domain/programs';
import { PageHeader } from '@/components/layouts/page-header';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { PAGES } from '@/config/navigation';
import { useEmissions } from '@/features/emissions/api/get-emissions';
import { EmissionWizardDialog } from '@/features/emissions/components/emission-wizard-dialog';
import { EmissionsSummaryCards } from '@/features/emissions/components/emissions-summary-cards';
import { EmissionsTable } from '@/features/emissions/components/emissions-table';
import {
  EMISSION_SEARCH_MAX_LENGTH,
  hasEmissionFilters,
  readEmissionListParams,
  writeEmissionListParams,
  type EmissionListUrlState,
} from '@/features/emissions/list-params';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';

export default function EmissionsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readEmissionListParams(searchParams);
  const { page, status, program, date_from, date_to, search } = state;

  const updateList = (patch: Partial<EmissionListUrlState>, replace = false) =>
    setSearchParams((params) => writeEmissionListParams(params, patch), { replace });

  // The box shows every keystroke, the query waits (spec part 1 §4), the address keeps the search.
  const [typed, setTyped] = useState(search);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS).trim();
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (lastDebounced.current === debounced) return;
    lastDebounced.current = debounced;
    if (debounced !== search) updateList({ search: debounced, page: 1 }, true);
  }, [debounced]);
  useEffect(() => {
    if (search !== lastDebounced.current) {
      lastDebounced.current = search;
      setTyped(search);
    }
  }, [search]);

  const emissions = useEmissions({ page, status, program, date_from, date_to, search });
  const list = emissions.data;

  useEffect(() => {
    if (!list || emissions.isPlaceholderData) return;
    const last = Math.max(list.total_pages, 1);
    if (page > last) updateList({ page: last }, true);
  }, [list, emissions.isPlaceholderData, page]);

  const [wizardOpen, setWizardOpen] = useState(false);
  // The period boxes hold what is typed; the list follows once a date is complete (or cleared).
  const [periodKey, setPeriodKey] = useState(0);
  const onDate = (key: 'date_from' | 'date_to') => (value: string) => {
    if (value === '') updateList({ [key]: null, page: 1 });
    else if (isValidIsoDate(value)) updateList({ [key]: value, page: 1 });
  };
  const periodInverted = date_from !== null && date_to !== null && date_from > date_to;

  const filtersActive = hasEmissionFilters(state) || typed.trim() !== '';
  const clearAll = () => {
    lastDebounced.current = '';
    setTyped('');
    setPeriodKey((k) => k + 1);
    updateList({ search: '', status: null, program: null, date_from: null, date_to: null, page: 1 });
  };

  const initialLoading = emissions.isPending;
  const refreshing = emissions.isFetching && !initialLoading;

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.emissions}
        actions={
          <>
            <Button variant="outline" onClick={() => void emissions.refetch()} disabled={emissions.isFetching}>
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              Atualizar
            </Button>
            <Button onClick={() => setWizardOpen(true)}>
              <PlusIcon aria-hidden="true" />
              Nova Emissão
            </Button>
          </>
        }
      />

      <EmissionsSummaryCards summary={list?.summary} />

      <Card className="gap-0 py-0">
        <div className="flex flex-wrap items-end gap-2 border-b p-4">
          <div className="relative w-full sm:w-auto sm:min-w-44 sm:flex-1 lg:max-w-64">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Buscar emissões"
              placeholder="PNR, rota ou cliente..."
              maxLength={EMISSION_SEARCH_MAX_LENGTH}
              className="pl-9"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <Select
            aria-label="Filtrar por status"
            className="w-full sm:w-40"
            value={status ?? ''}
            onChange={(event) =>
              updateList({
                status: (EMISSION_STATUSES as readonly string[]).includes(event.target.value) ? (event.target.value as EmissionStatus) : null,
                page: 1,
              })
            }
          >
            <option value="">Todos os status</option>
            {EMISSION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {EMISSION_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
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
          <div className="grid w-full grid-cols-2 gap-2 sm:w-auto" key={periodKey}>
            <DateInput aria-label="Data inicial" placeholder="De dd/mm/aaaa" className="sm:w-40" value={date_from ?? ''} onChange={onDate('date_from')} />
            <DateInput
              aria-label="Data final"
              placeholder="Até dd/mm/aaaa"
              className="sm:w-40"
              value={date_to ?? ''}
              onChange={onDate('date_to')}
              aria-invalid={periodInverted || undefined}
            />
          </div>
          {filtersActive && (
            <Button variant="ghost" onClick={clearAll} className="shrink-0">
              <FilterXIcon aria-hidden="true" />
              Limpar Filtros
            </Button>
          )}
          {periodInverted && (
            <p role="alert" className="w-full text-[0.8rem] font-medium text-destructive">
              Período inválido: a data inicial é posterior à final.
            </p>
          )}
        </div>

        {emissions.isError && !list ? (
          <QueryErrorState
            className="m-4"
            title="Erro ao carregar emissões"
            error={emissions.error}
            onRetry={() => void emissions.refetch()}
            retrying={emissions.isFetching}
          />
        ) : (
          <EmissionsTable
            emissions={list && list.data.length === 0 && list.total > 0 ? undefined : list?.data}
            refreshing={refreshing && emissions.isPlaceholderData}
            empty={<EmptyState filtered={filtersActive} onCreate={() => setWizardOpen(true)} />}
          />
        )}

        {list && list.total_pages > 1 && (
          <div className="border-t p-4">
            <Pagination
              label="Paginação de emissões"
              page={list.page}
              totalPages={list.total_pages}
              total={list.total}
              pageSize={EMISSIONS_PAGE_SIZE}
              itemLabel="emissões"
              onPageChange={(target) => updateList({ page: target })}
            />
          </div>
        )}
      </Card>

      <EmissionWizardDialog open={wizardOpen} onOpenChange={setWizardOpen} />
    </div>
  );
}

function EmptyState({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <PlaneTakeoffIcon aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1">
        <p className="font-semibold">Nenhuma emissão encontrada</p>
        <p className="text-sm text-muted-foreground">
          {filtered ? 'Nenhuma emissão corresponde à busca ou aos filtros aplicados.' : 'Registre a primeira emissão de passagem com milhas.'}
        </p>
      </div>
      <Button onClick={onCreate}>
        <PlusIcon aria-hidden="true" />
        Nova Emissão
      </Button>
    </div>
  );
}

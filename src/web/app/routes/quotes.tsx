import { useState } from 'react';
import { CalculatorIcon, FileTextIcon } from 'lucide-react';
import { Link } from 'react-router';
import { isValidIsoDate } from '@domain/format';
import { QUOTE_STATUS_LABELS } from '@domain/quotes/quote.schema';
import { SEARCH_MAX_LENGTH } from '@domain/text';
import { PageHeader } from '@/components/layouts/page-header';
import { ListCard } from '@/components/list-card';
import { ListEmptyState, type ListEmptyTexts } from '@/components/list-empty-state';
import {
  ClearFiltersButton,
  ListSearch,
  PeriodFilter,
  PeriodInvertedMessage,
  StatusFilter,
} from '@/components/list-toolbar';
import { Button } from '@/components/ui/button';
import { PAGES } from '@/config/navigation';
import { useQuotes } from '@/features/quotes/api/get-quotes';
import { QuotesTable } from '@/features/quotes/components/quotes-table';
import { hasQuoteFilters, readQuoteListParams, writeQuoteListParams } from '@/features/quotes/list-params';
import { listFilterProps, useListUrlState } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';
import { useUrlSearch } from '@/hooks/use-url-search';

const EMPTY: ListEmptyTexts = {
  icon: FileTextIcon,
  title: 'Nenhuma cotação encontrada',
  noMatch: 'Nenhuma cotação corresponde à busca ou aos filtros aplicados.',
  start: 'Simule um preço no simulador e salve a cotação para acompanhá-la aqui.',
};

function NewQuoteButton() {
  return (
    <Button asChild>
      <Link to="/simulador">
        <CalculatorIcon aria-hidden="true" />
        Nova Cotação
      </Link>
    </Button>
  );
}

/** /cotacoes (issue #19): the quotes saved from the simulator, by status, client or route and period, in the address. */
export default function QuotesRoute() {
  const [state, updateList] = useListUrlState(readQuoteListParams, writeQuoteListParams);
  const { page, date_from, date_to, search } = state;
  const searchBox = useUrlSearch(search, (debounced) => updateList({ search: debounced, page: 1 }, true));

  // An inverted period is not sent (the API would refuse it): the list keeps the last valid one.
  const periodInverted = date_from !== null && date_to !== null && date_from > date_to;
  const [validPeriod, setValidPeriod] = useState(() =>
    periodInverted ? { date_from: null, date_to: null } : { date_from, date_to },
  );
  if (!periodInverted && (validPeriod.date_from !== date_from || validPeriod.date_to !== date_to))
    setValidPeriod({ date_from, date_to });
  const quotes = useQuotes({ ...state, ...(periodInverted ? validPeriod : { date_from, date_to }) });
  const { rows, stale, onPageChange } = usePagedList(quotes, page, updateList);

  const [periodKey, setPeriodKey] = useState(0);
  const onDate = (key: 'date_from' | 'date_to') => (value: string) => {
    if (value === '') updateList({ [key]: null, page: 1 });
    else if (isValidIsoDate(value)) updateList({ [key]: value, page: 1 });
  };
  const filtersActive = hasQuoteFilters(state) || searchBox.typed.trim() !== '';
  const clearAll = () => {
    searchBox.clear();
    setPeriodKey((k) => k + 1);
    updateList({ search: '', status: null, date_from: null, date_to: null, page: 1 });
  };

  return (
    <div className="space-y-6">
      <PageHeader {...PAGES.quotes} actions={<NewQuoteButton />} />
      <ListCard
        toolbarClassName="flex flex-wrap items-end gap-2"
        toolbar={
          <>
            <ListSearch
              wrapperClassName="w-full sm:w-auto sm:min-w-52 sm:flex-1"
              aria-label="Buscar cotações"
              placeholder="Cliente ou rota..."
              maxLength={SEARCH_MAX_LENGTH}
              value={searchBox.typed}
              onValueChange={searchBox.setTyped}
            />
            <StatusFilter
              labels={QUOTE_STATUS_LABELS}
              className="w-full sm:w-40"
              {...listFilterProps(state, updateList, 'status')}
            />
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
        query={quotes}
        itemLabel="cotações"
        onPageChange={onPageChange}
      >
        <QuotesTable
          quotes={rows}
          refreshing={stale}
          empty={
            <ListEmptyState texts={EMPTY} filtered={filtersActive}>
              <NewQuoteButton />
            </ListEmptyState>
          }
        />
      </ListCard>
    </div>
  );
}

import { useState } from 'react';
import { RefreshCwIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { ALERT_KINDS } from '@domain/alerts/alert.schema';
import { isValidIsoDate } from '@domain/format';
import { GenerateReportButton } from '@/components/generate-report-button';
import { PageHeader } from '@/components/layouts/page-header';
import { ListCard } from '@/components/list-card';
import { ListEmptyState } from '@/components/list-empty-state';
import { ClearFiltersButton, PeriodFilter, PeriodInvertedMessage, ProgramFilter } from '@/components/list-toolbar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PAGES } from '@/config/navigation';
import { useAlerts } from '@/features/alerts/api/get-alerts';
import { alertEmptyTexts, alertTotalText } from '@/features/alerts/alert-texts';
import { AccountFilter, AlertStatusFilter } from '@/features/alerts/components/alert-filters';
import { AlertKindTabs } from '@/features/alerts/components/alert-kind-tabs';
import { AlertsTable } from '@/features/alerts/components/alerts-table';
import { MarkAllReadButton } from '@/features/alerts/components/mark-all-read-button';
import { hasAlertFilters, readAlertListParams, writeAlertListParams } from '@/features/alerts/list-params';
import { getProgramAccountsQueryOptions } from '@/features/lots/api/get-accounts';
import { listFilterProps, useListUrlState } from '@/hooks/use-list-url-state';
import { usePagedList } from '@/hooks/use-paged-list';
import { cn } from '@/lib/utils';

/**
 * /alertas (spec part 2 §2 "Centro de Alertas", §9 "Alerts and rules"): lots about to expire,
 * emissions past their SLA and emissions below their minimum margin, one tab each, with the
 * programme, account and period filters, open or resolved, read and unread.
 */
export default function AlertsRoute() {
  const [state, updateList] = useListUrlState(readAlertListParams, writeAlertListParams);
  const { page, kind, status, program, date_from, date_to } = state;

  // An inverted period is not sent (the API would refuse it): the list keeps the last valid one
  // while the message below the filters says why (as /emissoes).
  const periodInverted = date_from !== null && date_to !== null && date_from > date_to;
  const [validPeriod, setValidPeriod] = useState(() =>
    periodInverted ? { date_from: null, date_to: null } : { date_from, date_to },
  );
  if (!periodInverted && (validPeriod.date_from !== date_from || validPeriod.date_to !== date_to))
    setValidPeriod({ date_from, date_to });
  const alerts = useAlerts({ ...state, ...(periodInverted ? validPeriod : { date_from, date_to }) });
  const { list, rows, stale, refreshing, onPageChange } = usePagedList(alerts, page, updateList);
  // Another tab's rows, kept on screen while this tab's arrive, would not fit its columns.
  const tabRows = rows?.some((alert) => alert.kind !== kind) ? undefined : rows;

  // The account picker lists the chosen programme's loyalty accounts (the lot form's query).
  const accounts = useQuery({
    ...getProgramAccountsQueryOptions(program ?? 'LATAM'),
    enabled: program !== null,
  });

  const [periodKey, setPeriodKey] = useState(0);
  const onDate = (key: 'date_from' | 'date_to') => (value: string) => {
    if (value === '') updateList({ [key]: null, page: 1 });
    else if (isValidIsoDate(value)) updateList({ [key]: value, page: 1 });
  };

  const filtersActive = hasAlertFilters(state);
  const clearAll = () => {
    setPeriodKey((k) => k + 1);
    updateList({ program: null, account_id: null, date_from: null, date_to: null, page: 1 });
  };

  const counts = list?.counts;
  const total = counts ? ALERT_KINDS.reduce((sum, k) => sum + counts[k].total, 0) : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.alerts}
        actions={
          <>
            {total === undefined ? (
              <Skeleton className="h-6 w-32" />
            ) : (
              <Badge
                variant={status === 'open' && total > 0 ? 'default' : 'secondary'}
                className="h-6 px-2.5 text-sm"
                data-testid="alerts-total"
              >
                {alertTotalText(total, status)}
              </Badge>
            )}
            <Button variant="outline" onClick={() => void alerts.refetch()} disabled={alerts.isFetching}>
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
              Atualizar
            </Button>
            <GenerateReportButton
              variant="outline"
              data-testid="alerts-pdf"
              input={
                periodInverted
                  ? null
                  : {
                      ref_type: 'alerts',
                      filter: {
                        kind,
                        status,
                        program: program ?? undefined,
                        account_id: state.account_id ?? undefined,
                        date_from: date_from ?? undefined,
                        date_to: date_to ?? undefined,
                      },
                    }
              }
            />
          </>
        }
      />

      <AlertKindTabs
        kind={kind}
        onKindChange={(next) => updateList({ kind: next, page: 1 })}
        counts={counts}
        actions={
          <>
            <AlertStatusFilter {...listFilterProps(state, updateList, 'status')} />
            {status === 'open' && <MarkAllReadButton kind={kind} unread={counts?.[kind].unread ?? 0} />}
          </>
        }
      >
        <ListCard
          toolbarClassName="flex flex-wrap items-end gap-2"
          toolbar={
            <>
              <ProgramFilter
                value={program}
                // Another programme's account would match nothing.
                onValueChange={(value) => updateList({ program: value, account_id: null, page: 1 })}
              />
              <AccountFilter
                program={program}
                accounts={accounts.data}
                {...listFilterProps(state, updateList, 'account_id')}
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
          query={alerts}
          itemLabel="alertas"
          onPageChange={onPageChange}
        >
          <AlertsTable
            kind={kind}
            alerts={tabRows}
            refreshing={stale}
            empty={<ListEmptyState texts={alertEmptyTexts(kind, status)} filtered={filtersActive} />}
          />
        </ListCard>
      </AlertKindTabs>
    </div>
  );
}

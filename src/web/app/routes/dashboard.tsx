import { useState } from 'react';
import { RefreshCwIcon } from 'lucide-react';
import { countedPeriods, summaryPeriods } from '@domain/finance/periods';
import { todayIso } from '@domain/format';
import { PageHeader } from '@/components/layouts/page-header';
import { deferred } from '@/components/deferred';
import { Button } from '@/components/ui/button';
import { PAGES } from '@/config/navigation';
import { useMe } from '@/features/auth/api/get-me';
import { useDashboard, type DashboardParams } from '@/features/dashboard/api/get-dashboard';
import { AgencyCard } from '@/features/dashboard/components/agency-card';
import {
  DashboardEmptyState,
  DashboardErrorState,
  DashboardPanelsSkeleton,
  isEmptyDashboard,
} from '@/features/dashboard/components/dashboard-states';
import { KpiCards } from '@/features/dashboard/components/kpi-cards';
import { PeriodSelect } from '@/features/dashboard/components/period-select';
import {
  periodProblem,
  presetPeriod,
  readDashboardPeriod,
  requestedPeriod,
  writeDashboardPeriod,
} from '@/features/dashboard/period';
import { dashboardKpis } from '@/features/dashboard/trends';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { cn } from '@/lib/utils';

/**
 * Everything below the KPI cards (below the fold at 1280 × 800 and on a phone), with the charts'
 * Recharts: loaded once the page is interactive, so that the first page after sign-in keeps
 * within its first-load budget (e2e/first-load.spec.ts); their skeletons stand in until then.
 */
const DashboardPanels = deferred(
  async () => (await import('@/features/dashboard/components/dashboard-panels')).DashboardPanels,
);

/**
 * / (spec part 1 §2 "Dashboard (/)", issue #18): the agency at a glance from one request
 * (GET /api/v1/dashboard) — its registration, seven KPIs with real trends against the previous
 * period, the top clients, the recent activity, six months of revenue, cost and profit, the miles
 * per programme and the summary stats, each leading to the list it summarises. The period is kept
 * in the address (?periodo= or ?de=&ate=); the real-time stream and the app's writes refresh it.
 */
export default function DashboardRoute() {
  const [state, update] = useListUrlState(readDashboardPeriod, writeDashboardPeriod);
  const today = todayIso();

  // A custom period half typed or refused by the API is not sent: the page keeps the last one
  // asked, and says why below the boxes.
  const problem = state.kind === 'personalizado' ? periodProblem(state) : null;
  const next = requestedPeriod(state, today);
  const [asked, setAsked] = useState<DashboardParams>(() => next ?? { from: null, to: null });
  if (next && (next.from !== asked.from || next.to !== asked.to)) setAsked(next);
  const current = next ?? asked;

  const query = useDashboard(current);
  const data = query.data;
  const fresh = data && !query.isPlaceholderData ? data : undefined;
  const shown =
    current.from && current.to ? { from: current.from, to: current.to } : (fresh?.period ?? presetPeriod('mes', today));
  // The period line names the compared period before the figures arrive, counted as the server
  // counts it (domain/finance/periods.ts): the line keeps its height and nothing below it moves.
  const expected = countedPeriods(shown, summaryPeriods(shown, today).previous, today);
  // The agency card from the session while the figures come (/auth/me carries the same fields):
  // drawn whole at once, it does not push the figures down when they arrive.
  const me = useMe().data;
  const agency =
    data?.agency ?? (me ? { ...me.agency, registration_status: me.agency.registration_status ?? 'Ativa' } : undefined);
  const empty = data !== undefined && isEmptyDashboard(data);

  return (
    <div className="space-y-6">
      <PageHeader
        {...PAGES.dashboard}
        actions={
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCwIcon aria-hidden="true" className={cn(query.isFetching && 'animate-spin')} />
            Atualizar
          </Button>
        }
      />

      {query.isError && data === undefined ? (
        <DashboardErrorState retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : empty ? (
        <>
          <AgencyCard agency={data.agency} />
          <DashboardEmptyState />
        </>
      ) : (
        <>
          <PeriodSelect
            state={state}
            shown={shown}
            previous={fresh?.previous_period ?? expected.previous}
            countedThrough={fresh?.counted_through ?? expected.through}
            problem={problem}
            onChange={(patch) => update(patch)}
          />
          <div
            className={cn('space-y-6 transition-opacity', query.isPlaceholderData && 'opacity-60')}
            aria-busy={query.isPending || query.isPlaceholderData || undefined}
          >
            <AgencyCard agency={agency} />
            <KpiCards kpis={data && dashboardKpis(data)} />
            <DashboardPanels dashboard={data} today={today} fallback={<DashboardPanelsSkeleton />} />
          </div>
        </>
      )}
    </div>
  );
}

import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { MonthlySection } from './monthly-section';
import { ProgramsSection } from './programs-section';
import { RecentActivity } from './recent-activity';
import { SummaryStats } from './summary-stats';
import { TopClients } from './top-clients';

export interface DashboardPanelsProps {
  /** Undefined while the figures load (each panel shows its skeleton). */
  dashboard: Dashboard | undefined;
  today: string;
}

/**
 * What / shows below the KPI cards: six months of revenue, cost and profit beside the top
 * clients, the miles per programme beside the recent activity, and the summary stats.
 */
export function DashboardPanels({ dashboard: d, today }: DashboardPanelsProps) {
  return (
    <>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <MonthlySection monthly={d?.monthly} />
        </div>
        <div className="lg:col-span-2">
          <TopClients clients={d?.top_clients} />
        </div>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <ProgramsSection programs={d?.miles_by_program} />
        </div>
        <div className="lg:col-span-2">
          <RecentActivity activity={d?.recent_activity} />
        </div>
      </div>
      <SummaryStats dashboard={d} today={today} />
    </>
  );
}

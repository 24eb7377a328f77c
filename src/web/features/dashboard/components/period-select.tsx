import { CalendarRangeIcon } from 'lucide-react';
import { deferred } from '@/components/deferred';
import { Select } from '@/components/ui/select';
import {
  DASHBOARD_PERIOD_KINDS,
  DASHBOARD_PERIOD_LABELS,
  comparedLabel,
  periodLabel,
  type DashboardPeriodKind,
  type DashboardPeriodUrlState,
  type Period,
} from '../period';

/** The De/Até boxes bring the form library: loaded once the page is interactive, or when chosen. */
const CustomPeriod = deferred(async () => (await import('./custom-period')).default);

export interface PeriodSelectProps {
  /** The address's period. */
  state: DashboardPeriodUrlState;
  /** The days on screen (the last asked while a custom period is half typed). */
  shown: Period;
  /** What the trends compare with, once known. */
  previous: Period | undefined;
  /** The last day the flows count (today, for a period still under way), once known. */
  countedThrough: string | undefined;
  problem: string | null;
  onChange: (patch: Partial<DashboardPeriodUrlState>) => void;
}

/**
 * The period of the flows and trends: this month (the default), the last 30 days, this quarter,
 * this year, or any days typed in De/Até. Stocks (balance, active emissions, clients, lots
 * expiring, alerts) are today's whatever the period.
 */
export function PeriodSelect({ state, shown, previous, countedThrough, problem, onChange }: PeriodSelectProps) {
  const onKind = (kind: DashboardPeriodKind) =>
    onChange(kind === 'personalizado' ? { kind, from: shown.from, to: shown.to } : { kind, from: null, to: null });
  return (
    <section aria-label="Período" className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <Select
        aria-label="Período"
        className="w-full sm:w-48"
        value={state.kind}
        onChange={(event) => onKind(event.target.value as DashboardPeriodKind)}
      >
        {DASHBOARD_PERIOD_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {DASHBOARD_PERIOD_LABELS[kind]}
          </option>
        ))}
      </Select>
      {state.kind === 'personalizado' && (
        <CustomPeriod
          from={state.from}
          to={state.to}
          problem={problem}
          onChange={(period) => onChange({ kind: 'personalizado', ...period })}
          fallback={<div className="h-9 w-full sm:w-[22.5rem]" />}
        />
      )}
      <p aria-live="polite" className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarRangeIcon aria-hidden="true" className="size-4 shrink-0" />
        <span>
          <span data-testid="dashboard-period" className="font-medium text-foreground">
            {periodLabel(shown, countedThrough)}
          </span>
          {previous && <> · {comparedLabel(previous)}</>}
        </span>
      </p>
    </section>
  );
}

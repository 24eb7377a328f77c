import { Link } from 'react-router';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { formatCents, formatNumber, formatPercent } from '@domain/format';
import { deferred } from '@/components/deferred';
import { ProgramDot } from '@/components/program-label';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { programName } from '@domain/programs';
import { dashboardLinks } from '../links';

/** Recharts loads with this chunk once the page is interactive (as MonthlySection's). */
const ProgramsChart = deferred(async () => (await import('./programs-chart')).default);

/** programs-chart.tsx's row height and axis. */
const chartHeight = (count: number) => count * 40 + 28;

/**
 * The available miles per programme (spec part 1 §2 "a chart of miles by program"): bars in the
 * programmes' colours, and beside them the list with each one's miles, share and cost, each a link
 * to its available lots. The chart is left out of a screen reader's reading; the list says it all.
 */
export function ProgramsSection({ programs }: { programs: Dashboard['miles_by_program'] | undefined }) {
  const total = programs?.reduce((sum, p) => sum + p.miles, 0) ?? 0;
  return (
    <Card className="gap-3" aria-labelledby="dashboard-programs-title">
      <CardHeader className="px-4 sm:px-5">
        <h2 id="dashboard-programs-title" className="text-base leading-tight font-semibold">
          Milhas por programa
        </h2>
        <CardDescription>Saldo disponível hoje e seu custo. Clique num programa para ver os lotes.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-5">
        {programs === undefined ? (
          <Skeleton className="h-48 w-full" />
        ) : programs.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Nenhuma milha disponível.{' '}
            <Link to="/lotes" className="font-medium text-primary underline-offset-4 hover:underline">
              Cadastrar lotes
            </Link>
          </p>
        ) : (
          <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
            <div
              aria-hidden="true"
              data-testid="dashboard-programs-chart"
              style={{ minHeight: chartHeight(programs.length) }}
            >
              <ProgramsChart
                programs={programs}
                fallback={<Skeleton className="w-full" style={{ height: chartHeight(programs.length) }} />}
              />
            </div>
            <ul className="divide-y" aria-label="Milhas por programa">
              {programs.map((p) => (
                <li key={p.program} data-testid="program-miles" className="flex items-start gap-2.5 py-2">
                  <ProgramDot program={p.program} className="mt-1.5" />
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-3">
                      <Link
                        to={dashboardLinks.programLots(p.program)}
                        className="truncate text-sm font-medium underline-offset-4 hover:text-primary hover:underline"
                      >
                        {programName(p.program)}
                      </Link>
                      <span className="shrink-0 text-sm font-semibold whitespace-nowrap tabular-nums">
                        {formatNumber(p.miles)}
                      </span>
                    </div>
                    <p className="text-xs text-muted-foreground tabular-nums">
                      {formatPercent(total === 0 ? 0 : (p.miles / total) * 100)} do saldo · {formatCents(p.value_cents)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

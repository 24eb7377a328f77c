import { useState } from 'react';
import { BarChart3Icon, TableIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { deferred } from '@/components/deferred';
import { CompactMoney, MoneyUnit } from '@/components/compact-money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { TREND_MONTHS } from '../constants';
import { dashboardLinks } from '../links';
import { monthLabel, shortMonthLabel } from '../period';

/**
 * Recharts loads with this chunk once the page is interactive (/ is the first page after sign-in:
 * e2e/first-load.spec.ts), the skeleton standing in until then.
 */
const MonthlyChart = deferred(async () => (await import('./monthly-chart')).default);

/** The chart's height and its legend's (monthly-chart.tsx), for the skeleton standing in for both. */
const CHART_BOX_HEIGHT = 260 + 28;

const cell = 'px-1.5 text-right whitespace-nowrap tabular-nums sm:px-3';

/**
 * The chart's figures as a table, each month a link to its emissions. Hidden (for screen readers
 * only, in a clipped box) it is a bare table whose links are out of the tab order: a keyboard
 * would stop on links nobody sees; 'Ver tabela' shows it with them.
 */
function MonthlyTable({ monthly, hidden }: { monthly: Dashboard['monthly']; hidden: boolean }) {
  const Wrapper = hidden ? 'table' : Table;
  return (
    <Wrapper className={hidden ? undefined : 'text-xs sm:text-sm'}>
      <caption className="sr-only">Receita, custo e lucro por mês, últimos {monthly.length} meses</caption>
      <TableHeader>
        <TableRow>
          <TableHead className="px-1.5 sm:px-3">Mês</TableHead>
          <TableHead className="px-1.5 text-right sm:px-3">
            Receita
            <MoneyUnit />
          </TableHead>
          <TableHead className="px-1.5 text-right sm:px-3">
            Custo
            <MoneyUnit />
          </TableHead>
          <TableHead className="px-1.5 text-right sm:px-3">
            Lucro
            <MoneyUnit />
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {monthly.map((m) => (
          <TableRow key={m.month}>
            <TableCell className="px-1.5 whitespace-nowrap sm:px-3">
              <Link
                to={dashboardLinks.monthEmissions(m.month)}
                tabIndex={hidden ? -1 : undefined}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                <span className="sm:hidden">{shortMonthLabel(m.month)}</span>
                <span className="max-sm:hidden">{monthLabel(m.month)}</span>
              </Link>
            </TableCell>
            <TableCell className={cell}>
              <CompactMoney cents={m.revenue_cents} />
            </TableCell>
            <TableCell className={cell}>
              <CompactMoney cents={m.cost_cents} />
            </TableCell>
            <TableCell className={cn(cell, m.margin_cents < 0 && 'text-destructive')}>
              <CompactMoney cents={m.margin_cents} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Wrapper>
  );
}

/**
 * Revenue, cost and profit of the trend's months (accrual), ending with the period's: a chart
 * whose months open /emissoes, and the same figures as a table — read by screen readers always,
 * shown on 'Ver tabela'.
 */
export function MonthlySection({ monthly }: { monthly: Dashboard['monthly'] | undefined }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <Card className="gap-3" aria-labelledby="dashboard-monthly-title">
      <CardHeader className="flex flex-row items-start justify-between gap-3 px-4 sm:px-5">
        <div className="min-w-0 space-y-1.5">
          <h2 id="dashboard-monthly-title" className="text-base leading-tight font-semibold">
            Receita, custo e lucro
          </h2>
          <CardDescription>
            {monthly && monthly.length > 0
              ? `${monthly.length} meses até ${monthLabel(monthly.at(-1)!.month)}, pela data de cada emissão.`
              : `Os últimos ${TREND_MONTHS} meses.`}{' '}
            Clique num mês para ver as emissões.
          </CardDescription>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
        >
          {asTable ? <BarChart3Icon aria-hidden="true" /> : <TableIcon aria-hidden="true" />}
          {asTable ? 'Ver gráfico' : 'Ver tabela'}
        </Button>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        {monthly === undefined ? (
          <Skeleton className="w-full" style={{ height: CHART_BOX_HEIGHT }} />
        ) : (
          <>
            {!asTable && (
              // The table below says the same to a screen reader: the drawing is left out of its reading.
              <div data-testid="dashboard-monthly-chart" aria-hidden="true" style={{ minHeight: CHART_BOX_HEIGHT }}>
                <MonthlyChart
                  monthly={monthly}
                  fallback={<Skeleton className="w-full" style={{ height: CHART_BOX_HEIGHT }} />}
                />
              </div>
            )}
            <div data-testid="dashboard-monthly-table" className={cn(!asTable && 'sr-only')}>
              <MonthlyTable monthly={monthly} hidden={!asTable} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { lazy, Suspense, useState } from 'react';
import { BarChart3Icon, TableIcon } from 'lucide-react';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { CompactMoney, MoneyUnit } from '@/components/compact-money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { monthLabel, shortMonthLabel } from '../period';

/** Recharts loads with this chunk, on /financeiro only. */
const MonthlyChart = lazy(() => import('./monthly-chart'));

const CHART_HEIGHT = 280;

const cell = 'px-1.5 text-right whitespace-nowrap tabular-nums sm:px-3';

/**
 * The chart's figures as a table. Hidden (for screen readers only, in a clipped box) it is a bare
 * table: the scrolling container of ui/table would be a scrollable region with nothing to focus.
 */
function MonthlyTable({ monthly, hidden }: { monthly: FinanceSummary['monthly']; hidden: boolean }) {
  const Wrapper = hidden ? 'table' : Table;
  return (
    <Wrapper className={hidden ? undefined : 'text-xs sm:text-sm'}>
      <caption className="sr-only">Receita, custo e margem por mês, últimos 12 meses</caption>
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
            Margem
            <MoneyUnit />
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {monthly.map((m) => (
          <TableRow key={m.month}>
            <TableCell className="px-1.5 whitespace-nowrap sm:px-3">
              <span className={cn(!hidden && 'sm:hidden')}>
                {hidden ? monthLabel(m.month) : shortMonthLabel(m.month)}
              </span>
              {!hidden && <span className="hidden sm:inline">{monthLabel(m.month)}</span>}
            </TableCell>
            <TableCell className={cell}>
              <CompactMoney cents={m.revenue_cents} />
            </TableCell>
            <TableCell className={cell}>
              <CompactMoney cents={m.cost_cents} />
            </TableCell>
            <TableCell className={cell}>
              <CompactMoney cents={m.margin_cents} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Wrapper>
  );
}

/**
 * The 12 months ending with the period's last (accrual): a chart, and the same figures as a
 * table — read by screen readers always, shown on 'Ver tabela'.
 */
export function MonthlySection({
  monthly,
  className,
}: {
  monthly: FinanceSummary['monthly'] | undefined;
  className?: string;
}) {
  const [asTable, setAsTable] = useState(false);
  return (
    <Card className={cn('gap-4', className)} aria-labelledby="finance-monthly-title">
      <CardHeader className="flex flex-row items-start justify-between gap-3 px-4 sm:px-5">
        <div className="min-w-0 space-y-1.5">
          <CardTitle id="finance-monthly-title" className="text-base">
            Receita mensal
          </CardTitle>
          <CardDescription>Receita, custo total e margem bruta dos últimos 12 meses (competência).</CardDescription>
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
          <Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />
        ) : (
          <>
            {!asTable && (
              // The table below says the same to a screen reader: the drawing is left out of its reading.
              <div data-testid="finance-chart" aria-hidden="true" className="w-full" style={{ height: CHART_HEIGHT }}>
                <Suspense fallback={<Skeleton className="size-full" />}>
                  <MonthlyChart monthly={monthly} />
                </Suspense>
              </div>
            )}
            <div data-testid="finance-monthly-table" className={cn(!asTable && 'sr-only')}>
              <MonthlyTable monthly={monthly} hidden={!asTable} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

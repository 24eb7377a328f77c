import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { formatCents } from '@domain/format';
import { shortMonthLabel } from '../period';

/*
 * Recharts is imported here only: finance-page loads this module lazily (MonthlySection), so the
 * library stays out of every other page's scripts (e2e/first-load.spec.ts).
 */

export const CHART_HEIGHT = 280;

const SERIES = {
  revenue: { name: 'Receita', color: 'var(--color-primary)' },
  cost: { name: 'Custo', color: 'var(--color-muted-foreground)' },
  margin: { name: 'Margem', color: 'var(--color-success)' },
} as const;

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
/** The axis in reais, short: "250 mil", "1,2 mi". */
const compactReais = (reais: number) => compact.format(reais);

/** Revenue and cost bars with the margin line, 12 months; the table beside it carries the same figures for screen readers. */
export default function MonthlyChart({ monthly }: { monthly: FinanceSummary['monthly'] }) {
  const data = monthly.map((m) => ({
    month: shortMonthLabel(m.month),
    revenue: m.revenue_cents / 100,
    cost: m.cost_cents / 100,
    margin: m.margin_cents / 100,
    cents: m,
  }));
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="month"
          tickLine={false}
          axisLine={false}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          interval="preserveStartEnd"
          minTickGap={8}
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={56}
          tick={{ fill: 'var(--color-muted-foreground)', fontSize: 12 }}
          tickFormatter={compactReais}
        />
        <Tooltip
          cursor={{ fill: 'var(--color-muted)', opacity: 0.5 }}
          contentStyle={{
            background: 'var(--color-popover)',
            color: 'var(--color-popover-foreground)',
            border: '1px solid var(--color-border)',
            borderRadius: 8,
            fontSize: 12,
          }}
          formatter={(value, name, item) => {
            const cents = (item.payload as (typeof data)[number]).cents;
            const key = item.dataKey as 'revenue' | 'cost' | 'margin';
            const exact = { revenue: cents.revenue_cents, cost: cents.cost_cents, margin: cents.margin_cents }[key];
            return [exact === undefined ? String(value) : formatCents(exact), name];
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
        <Bar dataKey="revenue" name={SERIES.revenue.name} fill={SERIES.revenue.color} radius={[3, 3, 0, 0]} />
        <Bar dataKey="cost" name={SERIES.cost.name} fill={SERIES.cost.color} radius={[3, 3, 0, 0]} />
        <Line
          dataKey="margin"
          name={SERIES.margin.name}
          type="monotone"
          stroke={SERIES.margin.color}
          strokeWidth={2}
          dot={{ r: 2 }}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

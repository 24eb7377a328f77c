import { useNavigate } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { formatCents } from '@domain/format';
import { dashboardLinks } from '../links';
import { monthLabel, shortMonthLabel } from '../period';
import { ChartContainer, ChartLegendRow, ChartTooltipBox, type ChartConfig } from './chart';

/*
 * Recharts is imported by the chart modules only, which MonthlySection loads lazily: the library
 * stays out of the first load of / (e2e/first-load.spec.ts).
 */

export const MONTHLY_CHART_HEIGHT = 260;

export const MONTHLY_SERIES = {
  revenue: { label: 'Receita', color: 'var(--color-primary)' },
  cost: { label: 'Custo', color: 'var(--color-muted-foreground)' },
  margin: { label: 'Lucro', color: 'var(--color-success)' },
} satisfies ChartConfig;

type Key = keyof typeof MONTHLY_SERIES;

/** What the tooltip's content reads of Recharts' props. */
interface TooltipArgs {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
}

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

interface Row {
  month: string;
  label: string;
  revenue: number;
  cost: number;
  margin: number;
  /** The exact figures, for the tooltip. */
  cents: Record<Key, number>;
}

function MonthTooltip({ active, payload }: TooltipArgs) {
  const row = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
  if (!row) return null;
  return (
    <ChartTooltipBox
      title={monthLabel(row.month)}
      rows={(Object.keys(MONTHLY_SERIES) as Key[]).map((key) => ({
        key,
        label: MONTHLY_SERIES[key].label,
        color: MONTHLY_SERIES[key].color,
        value: formatCents(row.cents[key]),
      }))}
    />
  );
}

/**
 * Revenue and cost bars with the profit line over the trend's months; a month clicked (anywhere in
 * its column) opens /emissoes filtered to it. The section's table says the same with links, for
 * keyboards and screen readers.
 */
export default function MonthlyChart({ monthly }: { monthly: Dashboard['monthly'] }) {
  const navigate = useNavigate();
  const data: Row[] = monthly.map((m) => ({
    month: m.month,
    label: shortMonthLabel(m.month),
    revenue: m.revenue_cents / 100,
    cost: m.cost_cents / 100,
    margin: m.margin_cents / 100,
    cents: { revenue: m.revenue_cents, cost: m.cost_cents, margin: m.margin_cents },
  }));
  return (
    <>
      <ChartContainer config={MONTHLY_SERIES} height={MONTHLY_CHART_HEIGHT} className="cursor-pointer">
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
          accessibilityLayer={false}
          onClick={(state) => {
            const month = typeof state.activeIndex === 'number' ? data[state.activeIndex]?.month : undefined;
            if (month) void navigate(dashboardLinks.monthEmissions(month));
          }}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} interval={0} tickMargin={6} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={60}
            tickFormatter={(reais: number) => compact.format(reais)}
          />
          <Tooltip cursor={{ fill: 'var(--color-muted)', opacity: 0.6 }} content={MonthTooltip} />
          <Bar dataKey="revenue" fill="var(--color-revenue)" radius={[3, 3, 0, 0]} maxBarSize={36} />
          <Bar dataKey="cost" fill="var(--color-cost)" radius={[3, 3, 0, 0]} maxBarSize={36} />
          <Line dataKey="margin" type="monotone" stroke="var(--color-margin)" strokeWidth={2} dot={{ r: 3 }} />
        </ComposedChart>
      </ChartContainer>
      <ChartLegendRow config={MONTHLY_SERIES} />
    </>
  );
}

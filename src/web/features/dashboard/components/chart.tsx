import type * as React from 'react';
import { ResponsiveContainer } from 'recharts';
import { cn } from '@/lib/utils';

/*
 * A small shadcn-style chart wrapper (https://ui.shadcn.com/docs/components/chart): each series
 * named once with its label and colour, its colour given to the chart as --color-<key> so that
 * it follows the theme (light and dark) through the CSS variables; axis text, grid and tooltip
 * take the theme's colours. Imported only by the chart modules, which load lazily (Recharts stays
 * out of the first load, e2e/first-load.spec.ts).
 */

export type ChartConfig = Record<string, { label: string; color: string }>;

export interface ChartContainerProps {
  config: ChartConfig;
  height: number;
  className?: string;
  children: React.ReactElement;
}

export function ChartContainer({ config, height, className, children }: ChartContainerProps) {
  const colours = Object.fromEntries(Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color]));
  return (
    <div
      data-slot="chart"
      className={cn(
        'w-full text-xs',
        '[&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border',
        '[&_.recharts-surface]:outline-none [&_.recharts-wrapper]:outline-none',
        className,
      )}
      style={{ ...colours, height } as React.CSSProperties}
    >
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

interface TooltipRow {
  key: string;
  label: string;
  color: string;
  value: string;
}

/** The tooltip's box: a title and one row per series, in the theme's popover colours. */
export function ChartTooltipBox({ title, rows }: { title: string; rows: TooltipRow[] }) {
  return (
    <div className="min-w-40 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="mb-1 font-medium">{title}</p>
      <dl className="space-y-0.5">
        {rows.map((row) => (
          <div key={row.key} className="flex items-center justify-between gap-4">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <span aria-hidden="true" className="size-2.5 rounded-xs" style={{ background: row.color }} />
              {row.label}
            </dt>
            <dd className="font-medium whitespace-nowrap tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The series' legend under a chart. */
export function ChartLegendRow({ config }: { config: ChartConfig }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
      {Object.entries(config).map(([key, { label, color }]) => (
        <li key={key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-xs" style={{ background: color }} />
          {label}
        </li>
      ))}
    </ul>
  );
}

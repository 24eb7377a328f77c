import { useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { formatCents, formatNumber } from '@domain/format';
import { programColor, programName } from '@domain/programs';
import { dashboardLinks } from '../links';
import { ChartContainer, ChartTooltipBox } from './chart';

/** Each programme's bar and the gap to the next. */
export const PROGRAM_ROW_HEIGHT = 40;

/** What the tooltip's content reads of Recharts' props. */
interface TooltipArgs {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
}

const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

type Row = Dashboard['miles_by_program'][number] & { name: string };

function ProgramTooltip({ active, payload }: TooltipArgs) {
  const row = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
  if (!row) return null;
  return (
    <ChartTooltipBox
      title={row.name}
      rows={[
        { key: 'miles', label: 'Milhas', color: programColor(row.program), value: formatNumber(row.miles) },
        { key: 'value', label: 'Custo', color: 'transparent', value: formatCents(row.value_cents) },
      ]}
    />
  );
}

/** A bar in its programme's catalogue colour. */
function ProgramBar({ payload, ...bar }: BarShapeProps) {
  return <Rectangle {...bar} fill={programColor((payload as Row).program)} />;
}

/**
 * Available miles per programme, one horizontal bar each in the catalogue's colour; a bar clicked
 * opens its available lots. The section's list beside it carries the figures and the same links.
 */
export default function ProgramsChart({ programs }: { programs: Dashboard['miles_by_program'] }) {
  const navigate = useNavigate();
  const data: Row[] = programs.map((p) => ({ ...p, name: programName(p.program) }));
  return (
    <ChartContainer
      config={{ miles: { label: 'Milhas', color: 'var(--color-primary)' } }}
      height={data.length * PROGRAM_ROW_HEIGHT + 28}
      className="cursor-pointer"
    >
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
        onClick={(state) => {
          const program = typeof state.activeIndex === 'number' ? data[state.activeIndex]?.program : undefined;
          if (program) void navigate(dashboardLinks.programLots(program));
        }}
      >
        <CartesianGrid horizontal={false} />
        <XAxis
          type="number"
          tickLine={false}
          axisLine={false}
          tickFormatter={(miles: number) => compact.format(miles)}
        />
        <YAxis type="category" dataKey="name" tickLine={false} axisLine={false} width={96} interval={0} />
        <Tooltip cursor={{ fill: 'var(--color-muted)', opacity: 0.6 }} content={ProgramTooltip} />
        <Bar dataKey="miles" radius={[0, 3, 3, 0]} maxBarSize={24} shape={ProgramBar} />
      </BarChart>
    </ChartContainer>
  );
}

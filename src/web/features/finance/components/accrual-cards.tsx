import {
  ArrowDownIcon,
  ArrowUpIcon,
  BanknoteIcon,
  MinusIcon,
  PercentIcon,
  ReceiptIcon,
  TrendingUpIcon,
} from 'lucide-react';
import type { FinanceSummary } from '@domain/finance/summary.schema';
import { formatCents, formatNumber, formatPercent } from '@domain/format';
import { SummaryCard, SummaryCards, type SummaryQuery } from '@/components/summary-card';
import { cn } from '@/lib/utils';
import { previousLabel } from '../period';

type Accrual = FinanceSummary['accrual'];

interface Change {
  /** "+12,3%", "−2,1 p.p."; null when there is nothing to compare with. */
  text: string | null;
  direction: 'up' | 'down' | 'same';
}

/** The relative change of a figure in centavos (prev 0: no base to compare with, unless both are 0). */
export function centsChange(current: number, previous: number): Change {
  if (current === previous) return { text: formatPercent(0), direction: 'same' };
  if (previous === 0) return { text: null, direction: current > 0 ? 'up' : 'down' };
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const direction = current > previous ? 'up' : 'down';
  return { text: `${direction === 'up' ? '+' : '−'}${formatPercent(Math.abs(change))}`, direction };
}

/** The change of a percentage, in percentage points. */
export function pointsChange(current: number, previous: number): Change {
  const diff = Math.round((current - previous) * 100) / 100;
  if (diff === 0) return { text: '0,0 p.p.', direction: 'same' };
  const direction = diff > 0 ? 'up' : 'down';
  return { text: `${direction === 'up' ? '+' : '−'}${formatPercent(Math.abs(diff)).replace('%', ' p.p.')}`, direction };
}

function Trend({ change, vs, upIsGood }: { change: Change; vs: string; upIsGood: boolean }) {
  const good = change.direction === 'same' ? null : (change.direction === 'up') === upIsGood;
  const Icon = change.direction === 'up' ? ArrowUpIcon : change.direction === 'down' ? ArrowDownIcon : MinusIcon;
  return (
    <p
      className={cn(
        'flex items-center gap-1 text-xs font-medium tabular-nums',
        good === null ? 'text-muted-foreground' : good ? 'text-success' : 'text-destructive',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      <span>{change.text === null ? `sem base de comparação ${vs}` : `${change.text} ${vs}`}</span>
    </p>
  );
}

export interface AccrualCardsProps {
  summary: FinanceSummary | undefined;
  query: SummaryQuery;
}

/** Accrual (competência): revenue, total cost, gross margin and margin % of the period's active emissions, against the previous period. */
export function AccrualCards({ summary, query }: AccrualCardsProps) {
  const a: Accrual | undefined = summary?.accrual;
  const p: Accrual | undefined = summary?.previous_accrual;
  const vs = summary ? previousLabel(summary.previous_period) : '';
  const trend = (pick: (x: Accrual) => number, upIsGood = true) =>
    a && p ? <Trend change={centsChange(pick(a), pick(p))} vs={vs} upIsGood={upIsGood} /> : undefined;
  const count = a?.emissions ?? 0;
  return (
    <SummaryCards label="Competência do período" query={query}>
      <SummaryCard
        label="Receita"
        icon={BanknoteIcon}
        value={a && formatCents(a.revenue_cents)}
        trend={trend((x) => x.revenue_cents)}
        hint={
          a
            ? `${formatNumber(count)} ${count === 1 ? 'emissão ativa' : 'emissões ativas'} no período`
            : 'Emissões ativas no período'
        }
      />
      <SummaryCard
        label="Custo total"
        icon={ReceiptIcon}
        value={a && formatCents(a.cost_cents)}
        trend={trend((x) => x.cost_cents, false)}
        hint="Taxas, milhas usadas e RAV"
      />
      <SummaryCard
        label="Margem bruta"
        icon={TrendingUpIcon}
        value={a && formatCents(a.margin_cents)}
        trend={trend((x) => x.margin_cents)}
        hint="Receita menos custo total"
      />
      <SummaryCard
        label="Margem %"
        icon={PercentIcon}
        value={a && formatPercent(a.margin_percent, 2)}
        trend={
          a && p ? <Trend change={pointsChange(a.margin_percent, p.margin_percent)} vs={vs} upIsGood /> : undefined
        }
        hint="Margem bruta sobre a receita"
      />
    </SummaryCards>
  );
}

import { AlarmClockIcon, CircleDollarSignIcon, CoinsIcon, PackageIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { SummaryCard, SummaryCards, type SummaryQuery } from '@/components/summary-card';
import { formatCostPerMile } from '../lot-display';
import type { LotTotals } from '../types';

export interface LotsSummaryCardsProps {
  totals: LotTotals | undefined;
  /** The query the totals come with, for its error state. */
  query: SummaryQuery;
  /** The agency's expiry alert window. */
  warningDays: number;
}

const FIGURES = {
  miles: { label: 'Total de Milhas', hint: 'Saldo dos lotes disponíveis', icon: PackageIcon },
  value: { label: 'Valor Total', hint: 'Custo das milhas em estoque', icon: CircleDollarSignIcon },
  cost: { label: 'Custo Médio por Milha', hint: 'Ponderado pelo saldo', icon: CoinsIcon },
  expiring: { label: 'Lotes Expirando', icon: AlarmClockIcon },
};

/** The four cards of /lotes, over every lot matching the filters (spec part 1 §2). */
export function LotsSummaryCards({ totals, query, warningDays }: LotsSummaryCardsProps) {
  const expiring = totals?.expiring_lots ?? 0;
  return (
    <SummaryCards label="Resumo dos lotes" query={query}>
      <SummaryCard {...FIGURES.miles} value={totals && formatNumber(totals.total_miles)} />
      <SummaryCard {...FIGURES.value} value={totals && formatCents(totals.total_value_cents)} />
      <SummaryCard {...FIGURES.cost} value={totals && formatCostPerMile(totals.avg_cost_per_mile)} />
      <SummaryCard
        {...FIGURES.expiring}
        hint={`Vencem em até ${formatNumber(warningDays)} dias`}
        highlight={expiring > 0}
        value={totals && formatNumber(expiring)}
      />
    </SummaryCards>
  );
}

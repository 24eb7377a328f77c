import { AlarmClockIcon, CircleDollarSignIcon, CoinsIcon, PackageIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { SummaryCard, SummaryCards } from '@/components/summary-card';
import { formatCostPerMile } from '../lot-display';
import type { LotTotals } from '../types';

export interface LotsSummaryCardsProps {
  totals: LotTotals | undefined;
  /** The agency's expiry alert window. */
  warningDays: number;
}

/** The four cards of /lotes, over every lot matching the filters (spec part 1 §2). */
export function LotsSummaryCards({ totals, warningDays }: LotsSummaryCardsProps) {
  const loading = totals === undefined;
  const expiring = totals?.expiring_lots ?? 0;
  return (
    <SummaryCards label="Resumo dos lotes">
      <SummaryCard
        label="Total de Milhas"
        hint="Saldo dos lotes disponíveis"
        icon={PackageIcon}
        loading={loading}
        value={formatNumber(totals?.total_miles ?? 0)}
      />
      <SummaryCard
        label="Valor Total"
        hint="Custo das milhas em estoque"
        icon={CircleDollarSignIcon}
        loading={loading}
        value={formatCents(totals?.total_value_cents ?? 0)}
      />
      <SummaryCard
        label="Custo Médio por Milha"
        hint="Ponderado pelo saldo"
        icon={CoinsIcon}
        loading={loading}
        value={formatCostPerMile(totals?.avg_cost_per_mile)}
      />
      <SummaryCard
        label="Lotes Expirando"
        hint={`Vencem em até ${formatNumber(warningDays)} dias`}
        icon={AlarmClockIcon}
        loading={loading}
        highlight={expiring > 0}
        value={formatNumber(expiring)}
      />
    </SummaryCards>
  );
}

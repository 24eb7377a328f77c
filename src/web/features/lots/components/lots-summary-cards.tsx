import type * as React from 'react';
import { AlarmClockIcon, CircleDollarSignIcon, CoinsIcon, PackageIcon, type LucideIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatCostPerMile } from '../lot-display';
import type { LotTotals } from '../types';

interface SummaryCardProps {
  label: string;
  hint: string;
  icon: LucideIcon;
  value: React.ReactNode;
  loading: boolean;
  highlight?: boolean;
}

function SummaryCard({ label, hint, icon: Icon, value, loading, highlight = false }: SummaryCardProps) {
  return (
    <Card className={cn('gap-1.5 px-4 py-4 sm:px-5', highlight && 'border-amber-400/60 bg-amber-50/60 dark:border-amber-400/30 dark:bg-amber-400/5')}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon aria-hidden="true" className={cn('size-4 shrink-0 text-muted-foreground', highlight && 'text-amber-600 dark:text-amber-400')} />
      </div>
      {loading ? (
        <Skeleton className="h-7 w-24" />
      ) : (
        <p className="truncate text-xl font-semibold tracking-tight tabular-nums sm:text-2xl">{value}</p>
      )}
      <p className="text-xs leading-snug text-muted-foreground">{hint}</p>
    </Card>
  );
}

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
    <section aria-label="Resumo dos lotes" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
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
    </section>
  );
}

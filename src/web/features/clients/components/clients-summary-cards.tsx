import type * as React from 'react';
import { CircleDollarSignIcon, PlaneTakeoffIcon, UserCheckIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { SummaryCards } from '@/components/summary-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { ClientsSummary } from '../types';

interface SummaryCardProps {
  label: string;
  icon: LucideIcon;
  value: React.ReactNode;
  loading: boolean;
}

function SummaryCard({ label, icon: Icon, value, loading }: SummaryCardProps) {
  return (
    <Card className="gap-2 px-4 py-4 sm:px-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </div>
      {loading ? (
        <Skeleton className="h-7 w-20" />
      ) : (
        <p className="truncate text-xl font-semibold tracking-tight tabular-nums sm:text-2xl">{value}</p>
      )}
    </Card>
  );
}

export interface ClientsSummaryCardsProps {
  summary: ClientsSummary | undefined;
}

/** The four cards of /clientes, over the agency's whole client base. */
export function ClientsSummaryCards({ summary }: ClientsSummaryCardsProps) {
  const loading = summary === undefined;
  return (
    <SummaryCards label="Resumo dos clientes">
      <SummaryCard
        label="Total de Clientes"
        icon={UsersIcon}
        loading={loading}
        value={formatNumber(summary?.total_clients ?? 0)}
      />
      <SummaryCard
        label="Clientes Ativos"
        icon={UserCheckIcon}
        loading={loading}
        value={formatNumber(summary?.active_clients ?? 0)}
      />
      <SummaryCard
        label="Total de Emissões"
        icon={PlaneTakeoffIcon}
        loading={loading}
        value={formatNumber(summary?.total_emissions ?? 0)}
      />
      <SummaryCard
        label="Receita Total"
        icon={CircleDollarSignIcon}
        loading={loading}
        value={formatCents(summary?.total_revenue_cents ?? 0, 0)}
      />
    </SummaryCards>
  );
}

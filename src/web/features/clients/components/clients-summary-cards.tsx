import { CircleDollarSignIcon, PlaneTakeoffIcon, UserCheckIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { SummaryCards, summaryFigureClass, type SummaryQuery } from '@/components/summary-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { ClientsSummary } from '../types';

interface ClientSummaryCardProps {
  label: string;
  icon: LucideIcon;
  /** Undefined while the summary loads. */
  value: string | undefined;
}

function ClientSummaryCard({ label, icon: Icon, value }: ClientSummaryCardProps) {
  return (
    <Card className="@container gap-2 px-4 py-4 sm:px-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </div>
      {value === undefined ? (
        <Skeleton className="h-7 w-20" />
      ) : (
        <p data-slot="summary-figure" className={summaryFigureClass(value)}>
          {value}
        </p>
      )}
    </Card>
  );
}

export interface ClientsSummaryCardsProps {
  summary: ClientsSummary | undefined;
  /** The query the summary comes with, for its error state. */
  query: SummaryQuery;
}

const FIGURES = {
  clients: { label: 'Total de Clientes', icon: UsersIcon },
  active: { label: 'Clientes Ativos', icon: UserCheckIcon },
  emissions: { label: 'Total de Emissões', icon: PlaneTakeoffIcon },
  revenue: { label: 'Receita Total', icon: CircleDollarSignIcon },
};

/** The four cards of /clientes, over the agency's whole client base. */
export function ClientsSummaryCards({ summary, query }: ClientsSummaryCardsProps) {
  return (
    <SummaryCards label="Resumo dos clientes" query={query}>
      <ClientSummaryCard {...FIGURES.clients} value={summary && formatNumber(summary.total_clients)} />
      <ClientSummaryCard {...FIGURES.active} value={summary && formatNumber(summary.active_clients)} />
      <ClientSummaryCard {...FIGURES.emissions} value={summary && formatNumber(summary.total_emissions)} />
      <ClientSummaryCard {...FIGURES.revenue} value={summary && formatCents(summary.total_revenue_cents, 0)} />
    </SummaryCards>
  );
}

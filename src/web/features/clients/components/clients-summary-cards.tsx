import { CircleDollarSignIcon, PlaneTakeoffIcon, UserCheckIcon, UsersIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { SummaryCard, SummaryCards, type SummaryQuery } from '@/components/summary-card';
import type { ClientsSummary } from '../types';

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
      <SummaryCard {...FIGURES.clients} value={summary && formatNumber(summary.total_clients)} />
      <SummaryCard {...FIGURES.active} value={summary && formatNumber(summary.active_clients)} />
      <SummaryCard {...FIGURES.emissions} value={summary && formatNumber(summary.total_emissions)} />
      <SummaryCard {...FIGURES.revenue} value={summary && formatCents(summary.total_revenue_cents, 0)} />
    </SummaryCards>
  );
}

import { CircleDollarSignIcon, ClockIcon, PlaneTakeoffIcon, TicketCheckIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { SummaryCard, SummaryCards } from '@/components/summary-card';
import type { EmissionSummary } from '../types';

/** The four cards of /emissoes (spec part 2 §2), over every emission matching the filters. */
export function EmissionsSummaryCards({ summary }: { summary: EmissionSummary | undefined }) {
  const loading = summary === undefined;
  return (
    <SummaryCards label="Resumo das emissões">
      <SummaryCard
        label="Total de Emissões"
        hint="Todas as emissões do filtro"
        icon={PlaneTakeoffIcon}
        loading={loading}
        value={formatNumber(summary?.total ?? 0)}
      />
      <SummaryCard
        label="Emitidas"
        hint="Bilhetes já emitidos"
        icon={TicketCheckIcon}
        loading={loading}
        value={formatNumber(summary?.issued ?? 0)}
      />
      <SummaryCard
        label="Pendentes"
        hint="Pendentes e processando"
        icon={ClockIcon}
        loading={loading}
        value={formatNumber(summary?.pending ?? 0)}
      />
      <SummaryCard
        label="Receita (emitidas)"
        hint="Somente emissões emitidas"
        icon={CircleDollarSignIcon}
        loading={loading}
        value={formatCents(summary?.revenue_issued_cents ?? 0)}
      />
    </SummaryCards>
  );
}

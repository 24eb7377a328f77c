import { CircleDollarSignIcon, ClockIcon, PlaneTakeoffIcon, TicketCheckIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { SummaryCard, SummaryCards, type SummaryQuery } from '@/components/summary-card';
import type { EmissionSummary } from '../types';

const FIGURES = {
  total: { label: 'Total de Emissões', hint: 'Conforme a busca e os filtros', icon: PlaneTakeoffIcon },
  issued: { label: 'Emitidas', hint: 'Bilhetes já emitidos', icon: TicketCheckIcon },
  pending: { label: 'Pendentes', hint: 'Pendentes e processando', icon: ClockIcon },
  revenue: { label: 'Receita (emitidas)', hint: 'Somente emissões emitidas', icon: CircleDollarSignIcon },
};

/** The four cards of /emissoes (spec part 2 §2), over every emission the list's search and filters match (the API's summary). */
export function EmissionsSummaryCards({
  summary,
  query,
  unfiltered = false,
}: {
  summary: EmissionSummary | undefined;
  query: SummaryQuery;
  /** Shown without the list's search and filters (the home page): the total is every emission. */
  unfiltered?: boolean;
}) {
  return (
    <SummaryCards label="Resumo das emissões" query={query}>
      <SummaryCard
        {...FIGURES.total}
        hint={unfiltered ? 'Todas as emissões da agência' : FIGURES.total.hint}
        value={summary && formatNumber(summary.total)}
      />
      <SummaryCard {...FIGURES.issued} value={summary && formatNumber(summary.issued)} />
      <SummaryCard {...FIGURES.pending} value={summary && formatNumber(summary.pending)} />
      <SummaryCard {...FIGURES.revenue} value={summary && formatCents(summary.revenue_issued_cents)} />
    </SummaryCards>
  );
}

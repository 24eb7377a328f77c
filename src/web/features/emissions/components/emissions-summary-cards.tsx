import type * as React from 'react';
import { CircleDollarSignIcon, ClockIcon, PlaneTakeoffIcon, TicketCheckIcon, type LucideIcon } from 'lucide-react';
import { formatCents, formatNumber } from '@domain/format';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { EmissionSummary } from '../types';

interface SummaryCardProps {
  label: string;
  hint: string;
  icon: LucideIcon;
  value: React.ReactNode;
  loading: boolean;
}

function SummaryCard({ label, hint, icon: Icon, value, loading }: SummaryCardProps) {
  return (
    <Card className="gap-1.5 px-4 py-4 sm:px-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
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

/** The four cards of /emissoes (spec part 2 §2), over every emission matching the filters. */
export function EmissionsSummaryCards({ summary }: { summary: EmissionSummary | undefined }) {
  const loading = summary === undefined;
  return (
    <section aria-label="Resumo das emissões" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <SummaryCard
        label="Total de Emissões"
        hint="Todas as emissões do filtro"
        icon={PlaneTakeoffIcon}
        loading={loading}
        value={formatNumber(summary?.total ?? 0)}
      />
      <SummaryCard label="Emitidas" hint="Bilhetes já emitidos" icon={TicketCheckIcon} loading={loading} value={formatNumber(summary?.issued ?? 0)} />
      <SummaryCard label="Pendentes" hint="Pendentes e processando" icon={ClockIcon} loading={loading} value={formatNumber(summary?.pending ?? 0)} />
      <SummaryCard
        label="Receita (emitidas)"
        hint="Somente emissões emitidas"
        icon={CircleDollarSignIcon}
        loading={loading}
        value={formatCents(summary?.revenue_issued_cents ?? 0)}
      />
    </section>
  );
}

import { formatCents, formatDate, formatNumber } from '@domain/format';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { ClientStats } from '../types';

const STATS: { label: string; value: (s: ClientStats) => string; hint?: string }[] = [
  { label: 'Emissões', value: (s) => formatNumber(s.total_emissions) },
  { label: 'Ativas', value: (s) => formatNumber(s.active_emissions) },
  { label: 'Total gasto', value: (s) => formatCents(s.total_spent_cents) },
  { label: 'Receita', value: (s) => formatCents(s.total_revenue_cents) },
  { label: 'Lucro', value: (s) => formatCents(s.total_profit_cents) },
  { label: 'Ticket médio', value: (s) => formatCents(s.avg_ticket_cents) },
  { label: 'Recebido', value: (s) => formatCents(s.received_cents) },
  { label: 'A receber', value: (s) => formatCents(s.receivable_cents) },
  { label: 'Última emissão', value: (s) => (s.last_emission_date ? formatDate(s.last_emission_date) : '—') },
];

/**
 * Client stats of spec part 1 §3, computed by the server from the client's emissions, and what its
 * active emissions were paid and still owe (issue #15, from their postings).
 */
export function ClientStatsCards({ stats }: { stats: ClientStats | undefined }) {
  return (
    <section aria-label="Indicadores do cliente" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {STATS.map((stat, index) => (
        <Card
          key={stat.label}
          className={cn('@container gap-1.5 px-4 py-3.5', index === STATS.length - 1 && 'col-span-2 sm:col-span-1')}
        >
          <p className="text-xs font-medium text-muted-foreground">{stat.label}</p>
          {stats ? (
            // Whole, never cut: a step smaller in a narrow card (R$ 228.317,45 on a phone), and
            // wrapped rather than truncated if even that does not fit.
            <p
              className={cn(
                'text-base font-semibold tracking-tight tabular-nums [overflow-wrap:anywhere] @[11rem]:text-lg',
                stat.label === 'Lucro' && stats.total_profit_cents < 0 && 'text-destructive',
              )}
            >
              {stat.value(stats)}
            </p>
          ) : (
            <Skeleton className="h-6 w-20" />
          )}
        </Card>
      ))}
    </section>
  );
}

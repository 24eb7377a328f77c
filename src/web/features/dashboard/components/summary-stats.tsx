import type * as React from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { addDaysIso, formatCents, formatNumber, formatPercent } from '@domain/format';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { OVERDUE_DAYS } from '../constants';
import { dashboardLinks } from '../links';

const hoursFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "12,5 h"; "—" before any emission is issued. */
export const formatHours = (hours: number | null) => (hours === null ? '—' : `${hoursFormat.format(hours)} h`);

interface Stat {
  key: string;
  label: string;
  value: string;
  hint: React.ReactNode;
  href?: string;
  tone?: 'danger';
}

function StatItem({ stat }: { stat: Stat }) {
  const value = (
    <span
      className={cn(
        'text-lg font-semibold tracking-tight whitespace-nowrap tabular-nums',
        stat.tone === 'danger' && 'text-destructive',
      )}
    >
      {stat.value}
    </span>
  );
  return (
    <div className="min-w-0 space-y-0.5 py-2" data-testid={`stat-${stat.key}`}>
      <dt className="text-xs font-medium text-muted-foreground">{stat.label}</dt>
      <dd className="space-y-0.5">
        {stat.href ? (
          <Link to={stat.href} className="block w-fit underline-offset-4 hover:text-primary hover:underline">
            {value}
          </Link>
        ) : (
          <span className="block">{value}</span>
        )}
        <span className="block text-xs leading-snug text-muted-foreground">{stat.hint}</span>
      </dd>
    </div>
  );
}

/**
 * The summary stats: the stock's value (balance × average cost), utilisation (spec §9), the
 * issue's SLA, what clients still owe (and how much of it is overdue), and the miles expiring in
 * 30, 60 and 90 days at their cost.
 */
export function SummaryStats({ dashboard, today }: { dashboard: Dashboard | undefined; today: string }) {
  const d = dashboard;
  const stats: Stat[] | undefined = d && [
    {
      key: 'portfolio',
      label: 'Valor total da carteira',
      value: formatCents(d.summary.portfolio_value_cents),
      hint: 'Saldo de milhas × custo médio',
      href: dashboardLinks.availableLots(),
    },
    {
      key: 'utilisation',
      label: 'Utilização',
      value: formatPercent(d.summary.utilisation_percent),
      hint: 'Emissões ativas por cliente ativo',
    },
    {
      key: 'sla',
      label: 'SLA de emissão',
      value: formatHours(d.sla.average_hours),
      hint:
        d.sla.count === 0
          ? 'Nenhuma emissão concluída ainda'
          : `Média; P95 de ${formatHours(d.sla.p95_hours)} em ${formatNumber(d.sla.count)} ${d.sla.count === 1 ? 'emissão' : 'emissões'}`,
    },
    {
      key: 'receivables',
      label: 'A receber',
      value: formatCents(d.receivables.total_cents),
      hint: 'O que os clientes ainda devem das emissões ativas',
      href: dashboardLinks.receivables(),
    },
    {
      key: 'overdue',
      label: `Vencido (mais de ${OVERDUE_DAYS} dias)`,
      value: formatCents(d.receivables.overdue_cents),
      hint: `De emissões criadas há mais de ${OVERDUE_DAYS} dias`,
      href: dashboardLinks.receivables(addDaysIso(today, -(OVERDUE_DAYS + 1))!),
      tone: d.receivables.overdue_cents > 0 ? 'danger' : undefined,
    },
  ];
  return (
    <Card className="gap-2" aria-labelledby="dashboard-summary-title">
      <CardHeader className="px-4 sm:px-5">
        <h2 id="dashboard-summary-title" className="text-base leading-tight font-semibold">
          Resumo
        </h2>
        <CardDescription>A carteira, o atendimento e o dinheiro a receber, hoje.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-5">
        {stats === undefined || d === undefined ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-6 sm:grid-cols-3 lg:grid-cols-5">
              {stats.map((stat) => (
                <StatItem key={stat.key} stat={stat} />
              ))}
            </dl>
            <div className="space-y-2 border-t pt-3">
              <h3 className="text-xs font-medium text-muted-foreground">Milhas a vencer</h3>
              <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3" aria-label="Milhas a vencer">
                {d.expiring.map((e) => (
                  <li key={e.days} data-testid={`expiring-${e.days}`} className="rounded-md border px-3 py-2 text-sm">
                    <p className="text-xs text-muted-foreground">Em até {e.days} dias</p>
                    <p className="font-semibold tabular-nums">
                      {formatNumber(e.miles)} {e.miles === 1 ? 'milha' : 'milhas'}
                    </p>
                    <p className="text-xs text-muted-foreground tabular-nums">
                      {formatCents(e.value_cents)} de custo · {formatNumber(e.lots)} {e.lots === 1 ? 'lote' : 'lotes'}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { formatBRL, formatCents, formatNumber, formatPercent } from '@domain/format';
import { dashboardLinks } from './links';
import { comparisonLabel, isWholeMonth } from './period';

/*
 * The seven KPI cards of / (spec part 1 §2 "Dashboard (/)"), each with a real trend: the API
 * gives each flow for the period and for the previous one of equal length, and these functions
 * turn them into the card's value, trend (up, down, warning, neutral) and labels. Pure, so the
 * wording of every case is tested (__tests__/trends.test.ts).
 */

export type TrendKind = 'up' | 'down' | 'warning' | 'neutral';
/** How the change reads for the agency: a cost going down is good. */
export type TrendTone = 'good' | 'bad' | 'warning' | 'neutral';

export interface Trend {
  kind: TrendKind;
  tone: TrendTone;
  label: string;
}

const MINUS = '\u2212';

/**
 * A flow against the previous period's: "+12,5% vs. mês anterior", after `subject` when the card's
 * figure is another ("Compras: −3,2% vs. mês anterior" under the balance). With nothing before,
 * "Novo no período" (or "Sem dados do período anterior" when there is nothing now either); the
 * same figure, "sem variação".
 */
export function flowTrend(
  current: number,
  previous: number,
  options: { vs: string; upIsGood?: boolean; subject?: string },
): Trend {
  const { vs, upIsGood = true, subject } = options;
  const about = (text: string) => (subject ? `${subject}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1));
  const tone = (kind: 'up' | 'down'): TrendTone => ((kind === 'up') === upIsGood ? 'good' : 'bad');
  if (current === previous) {
    return previous === 0
      ? { kind: 'neutral', tone: 'neutral', label: 'Sem dados do período anterior' }
      : { kind: 'neutral', tone: 'neutral', label: about(`sem variação ${vs}`) };
  }
  const kind = current > previous ? 'up' : 'down';
  if (previous === 0) {
    return current > 0
      ? { kind, tone: tone(kind), label: 'Novo no período' }
      : { kind, tone: tone(kind), label: 'Sem base no período anterior' };
  }
  const change = (Math.abs(current - previous) / Math.abs(previous)) * 100;
  return { kind, tone: tone(kind), label: about(`${kind === 'up' ? '+' : MINUS}${formatPercent(change)} ${vs}`) };
}

/** The average R$ per 1,000 miles of the lots bought in each period: cheaper is good. */
export function costTrend(current: string | null, previous: string | null, vs: string): Trend {
  if (current === null) return { kind: 'neutral', tone: 'neutral', label: 'Sem compras no período' };
  if (previous === null) return { kind: 'neutral', tone: 'neutral', label: 'Sem compras no período anterior' };
  return flowTrend(Number(current), Number(previous), { vs, upIsGood: false, subject: 'Custo das compras' });
}

/** A count that asks for attention when above zero: yellow (lots) or red (alerts). */
export function attentionTrend(
  count: number,
  labels: { warning: string; none: string },
  severity: 'warning' | 'bad' = 'warning',
): Trend {
  return count > 0
    ? { kind: 'warning', tone: severity, label: labels.warning }
    : { kind: 'neutral', tone: 'neutral', label: labels.none };
}

export type KpiKey = 'miles' | 'profit' | 'emissions' | 'clients' | 'cost' | 'expiring' | 'alerts';

export interface Kpi {
  key: KpiKey;
  title: string;
  value: string;
  trend: Trend;
  /** What the figure and its trend count, under them. */
  hint: string;
  /** The list it summarises, filtered. */
  href: string;
  /** Yellow (lots about to expire) or red (unread alerts) card. */
  highlight: 'warning' | 'danger' | null;
  /** Hidden on small screens (spec: cards 5 to 7). */
  secondary: boolean;
}

/** Spec part 1 §9: seven KPI cards (and seven skeletons); the first four are shown on every screen. */
export const KPI_COUNT = 7;
export const MAIN_KPIS = 4;

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The period's title for the profit card: the spec's "Lucro Mensal" for a month, else "Lucro do Período". */
export const profitTitle = (period: Dashboard['period']) =>
  isWholeMonth(period) ? 'Lucro Mensal' : 'Lucro do Período';

/** R$ per mile from the API's R$ per 1,000 miles, 4 decimals (spec §9). */
export const costPerMile = (perThousand: string) => formatBRL(Number(perThousand) / 1000, 4);

export function dashboardKpis(d: Dashboard): Kpi[] {
  const k = d.kpis;
  const vs = comparisonLabel(d.previous_period, d.period, d.counted_through);
  const windowDays = k.lots_expiring_days;
  const expiring = d.expiring.find((e) => e.days === windowDays);
  return [
    {
      key: 'miles',
      title: 'Saldo Total de Milhas',
      value: formatNumber(k.miles_balance),
      trend: flowTrend(k.miles_purchased.current, k.miles_purchased.previous, { vs, subject: 'Compras' }),
      hint: `${plural(k.miles_purchased.current, 'milha comprada', 'milhas compradas')} no período`,
      href: dashboardLinks.availableLots(),
      highlight: null,
      secondary: false,
    },
    {
      key: 'profit',
      title: profitTitle(d.period),
      value: formatCents(k.profit_cents.current),
      trend: flowTrend(k.profit_cents.current, k.profit_cents.previous, { vs }),
      hint: `Receita de ${formatCents(k.revenue_cents.current)} no período`,
      href: dashboardLinks.finance(d.period),
      highlight: null,
      secondary: false,
    },
    {
      key: 'emissions',
      title: 'Emissões Ativas',
      value: formatNumber(k.active_emissions),
      trend: flowTrend(k.emissions_created.current, k.emissions_created.previous, { vs, subject: 'Criadas' }),
      hint: `${plural(k.emissions_created.current, 'criada', 'criadas')} no período`,
      href: dashboardLinks.emissions(d.period),
      highlight: null,
      secondary: false,
    },
    {
      key: 'clients',
      title: 'Total de Clientes',
      value: formatNumber(k.active_clients),
      trend: flowTrend(k.clients_created.current, k.clients_created.previous, { vs, subject: 'Novos' }),
      hint: `${plural(k.clients_created.current, 'novo', 'novos')} no período`,
      href: dashboardLinks.activeClients(),
      highlight: null,
      secondary: false,
    },
    {
      key: 'cost',
      title: 'Custo Médio por Milha',
      value: k.average_cost_per_thousand === null ? '—' : costPerMile(k.average_cost_per_thousand),
      trend: costTrend(k.purchase_cost_per_thousand.current, k.purchase_cost_per_thousand.previous, vs),
      hint:
        k.average_cost_per_thousand === null
          ? 'Sem milhas em estoque'
          : `${formatBRL(Number(k.average_cost_per_thousand))} o milheiro, ponderado pelo saldo`,
      href: dashboardLinks.availableLots(),
      highlight: null,
      secondary: true,
    },
    {
      key: 'expiring',
      title: 'Lotes Expirando',
      value: formatNumber(k.lots_expiring),
      trend: attentionTrend(k.lots_expiring, {
        warning: `Vencem em até ${plural(windowDays, 'dia', 'dias')}`,
        none: `Nenhum vence em ${plural(windowDays, 'dia', 'dias')}`,
      }),
      hint:
        expiring && expiring.miles > 0
          ? `${plural(expiring.miles, 'milha', 'milhas')}, ${formatCents(expiring.value_cents)} de custo`
          : `Próximos ${plural(windowDays, 'dia', 'dias')}, nos lotes disponíveis`,
      href: dashboardLinks.availableLots(),
      highlight: k.lots_expiring > 0 ? 'warning' : null,
      secondary: true,
    },
    {
      key: 'alerts',
      title: 'Alertas Pendentes',
      value: formatNumber(k.pending_alerts),
      trend: attentionTrend(
        k.pending_alerts,
        { warning: 'Não lidos: pedem atenção', none: 'Nenhum alerta não lido' },
        'bad',
      ),
      hint: `${plural(k.alerts_opened.current, 'aberto', 'abertos')} no período`,
      href: dashboardLinks.alerts(),
      highlight: k.pending_alerts > 0 ? 'danger' : null,
      secondary: true,
    },
  ];
}

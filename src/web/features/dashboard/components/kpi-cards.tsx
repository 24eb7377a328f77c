import {
  AlertTriangleIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  BellIcon,
  CalendarClockIcon,
  CoinsIcon,
  MinusIcon,
  PlaneTakeoffIcon,
  TrendingUpIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { summaryFigureClass } from '@/components/summary-card';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { KPI_COUNT, MAIN_KPIS, type Kpi, type KpiKey, type Trend } from '../trends';

const ICONS: Record<KpiKey, LucideIcon> = {
  miles: CoinsIcon,
  profit: TrendingUpIcon,
  emissions: PlaneTakeoffIcon,
  clients: UsersIcon,
  cost: WalletIcon,
  expiring: CalendarClockIcon,
  alerts: BellIcon,
};

const TREND_ICONS: Record<Trend['kind'], LucideIcon> = {
  up: ArrowUpIcon,
  down: ArrowDownIcon,
  warning: AlertTriangleIcon,
  neutral: MinusIcon,
};

const TONE_CLASSES: Record<Trend['tone'], string> = {
  good: 'text-success',
  bad: 'text-destructive',
  warning: 'text-amber-700 dark:text-amber-400',
  neutral: 'text-muted-foreground',
};

const HIGHLIGHT_CLASSES = {
  warning: 'border-amber-400/70 bg-amber-50/70 dark:border-amber-400/35 dark:bg-amber-400/8',
  danger: 'border-destructive/50 bg-destructive/5 dark:border-destructive/50 dark:bg-destructive/10',
} as const;

function TrendLine({ trend }: { trend: Trend }) {
  const Icon = TREND_ICONS[trend.kind];
  return (
    <p
      data-testid="kpi-trend"
      data-trend={trend.kind}
      className={cn('flex items-start gap-1 text-xs font-medium tabular-nums', TONE_CLASSES[trend.tone])}
    >
      <Icon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{trend.label}</span>
    </p>
  );
}

/** One KPI: its figure, trend and what they count; the whole card opens the list it summarises. */
function KpiCard({ kpi }: { kpi: Kpi }) {
  const Icon = ICONS[kpi.key];
  return (
    <Link
      to={kpi.href}
      data-testid={`kpi-${kpi.key}`}
      className="group rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
    >
      <Card
        className={cn(
          '@container h-full gap-1.5 px-4 py-4 transition-colors group-hover:border-primary/40 sm:px-5',
          kpi.highlight && HIGHLIGHT_CLASSES[kpi.highlight],
        )}
      >
        <div className="flex items-start justify-between gap-2">
          <p className="text-sm leading-snug font-medium text-muted-foreground">{kpi.title}</p>
          <Icon
            aria-hidden="true"
            className={cn(
              'size-4 shrink-0 text-muted-foreground',
              kpi.highlight === 'warning' && 'text-amber-600 dark:text-amber-400',
              kpi.highlight === 'danger' && 'text-destructive',
            )}
          />
        </div>
        <p data-testid="kpi-value" data-slot="summary-figure" className={summaryFigureClass(kpi.value)}>
          {kpi.value}
        </p>
        <TrendLine trend={kpi.trend} />
        <p className="text-xs leading-snug text-muted-foreground">{kpi.hint}</p>
      </Card>
    </Link>
  );
}

function KpiSkeleton() {
  return (
    <Card data-testid="kpi-skeleton" className="gap-2.5 px-4 py-4 sm:px-5">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-7 w-24" />
      <Skeleton className="h-3 w-32" />
      <Skeleton className="h-3 w-20" />
    </Card>
  );
}

/**
 * The seven KPI cards: the four main ones in a row (two by two on a phone), the three others
 * (cost, expiring lots, alerts) below them, left out under 768 px (spec part 1 §2: hidden on
 * small screens). While loading, seven skeletons in the same places.
 */
export function KpiCards({ kpis }: { kpis: Kpi[] | undefined }) {
  const main = kpis?.filter((k) => !k.secondary);
  const more = kpis?.filter((k) => k.secondary);
  const skeletons = (count: number) => Array.from({ length: count }, (_, i) => <KpiSkeleton key={i} />);
  return (
    <section aria-label="Indicadores" aria-busy={kpis === undefined || undefined} className="space-y-3 sm:space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {main ? main.map((kpi) => <KpiCard key={kpi.key} kpi={kpi} />) : skeletons(MAIN_KPIS)}
      </div>
      <div className="grid grid-cols-1 gap-3 max-md:hidden sm:gap-4 md:grid-cols-3">
        {more ? more.map((kpi) => <KpiCard key={kpi.key} kpi={kpi} />) : skeletons(KPI_COUNT - MAIN_KPIS)}
      </div>
    </section>
  );
}

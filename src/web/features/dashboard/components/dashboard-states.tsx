import { AlertTriangleIcon, PackageIcon, RefreshCwIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Dashboard } from '@domain/dashboard/dashboard.schema';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** Spec part 1 §2 "No data": an agency with no clients, lots or emissions yet (whatever the period). */
export const isEmptyDashboard = (d: Dashboard) =>
  d.summary.clients === 0 && d.summary.lots === 0 && d.summary.emissions === 0;

export function DashboardEmptyState() {
  return (
    <Card className="items-center gap-3 px-6 py-12 text-center" data-testid="dashboard-empty">
      <PackageIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="font-semibold">Nenhum dado disponível</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        Comece cadastrando lotes e fazendo emissões para visualizar suas métricas.
      </p>
      <Button asChild>
        <Link to="/lotes">Ir para Lotes</Link>
      </Button>
    </Card>
  );
}

/** Spec part 1 §2 "Failure", its texts as written; 'Tentar Novamente' asks again. */
export function DashboardErrorState({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-6 py-10 text-center"
    >
      <AlertTriangleIcon aria-hidden="true" className="size-8 text-destructive" />
      <div className="space-y-1">
        <h2 className="font-semibold">Erro ao carregar dados</h2>
        <p className="text-sm text-muted-foreground">
          Não foi possível carregar os dados do dashboard. Tente novamente.
        </p>
      </div>
      <Button type="button" variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCwIcon aria-hidden="true" className={cn(retrying && 'animate-spin')} />
        Tentar Novamente
      </Button>
    </div>
  );
}

/** The panels' place while their module loads (dashboard-panels.tsx): the same rows, as skeletons. */
export function DashboardPanelsSkeleton() {
  const box = (className: string) => (
    <Card className={cn('px-4 py-5 sm:px-5', className)}>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-56 w-full" />
    </Card>
  );
  return (
    <div className="space-y-6" data-testid="dashboard-panels-skeleton">
      {[0, 1].map((row) => (
        <div key={row} className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
          {box('lg:col-span-3')}
          {box('lg:col-span-2')}
        </div>
      ))}
      {box('')}
    </div>
  );
}

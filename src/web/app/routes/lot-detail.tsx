import { useState } from 'react';
import { ArrowLeftIcon, PencilIcon, SearchXIcon, Trash2Icon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatNumber, todayIso } from '@domain/format';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '@domain/lots/lot.rules';
import { programName } from '@domain/programs';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAgencySettings } from '@/features/agency/api/get-settings';
import { useLot } from '@/features/lots/api/get-lot';
import { DeleteLotDialog } from '@/features/lots/components/delete-lot-dialog';
import { LotAllocationsCard } from '@/features/lots/components/lot-allocations-card';
import { LotDetailsCard, LotUtilisationCard } from '@/features/lots/components/lot-details-card';
import { LotFigures } from '@/features/lots/components/lot-figures';
import { LotFormDialog } from '@/features/lots/components/lot-form-dialog';
import { LotStatusBadge } from '@/features/lots/components/lot-status-badge';
import { ProgramDot } from '@/features/lots/components/program-label';
import { isApiError } from '@/lib/api-client';

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
      <Link to="/lotes">
        <ArrowLeftIcon aria-hidden="true" />
        Voltar para lotes
      </Link>
    </Button>
  );
}

export default function LotDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useLot(id);
  const settings = useAgencySettings();
  const warningDays = settings.data?.expiry_alert_days ?? DEFAULT_EXPIRY_WARNING_DAYS;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (detail.isPending) return <LotDetailSkeleton />;

  if (detail.isError) {
    if (isApiError(detail.error) && (detail.error.status === 404 || detail.error.code === 'LOT_NOT_FOUND')) return <LotNotFound />;
    return (
      <div className="space-y-4">
        <BackLink />
        <QueryErrorState title="Erro ao carregar lote" error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      </div>
    );
  }

  const { lot, allocations } = detail.data;
  const today = todayIso();

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <BackLink />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <h1 className="flex items-center gap-3 text-2xl font-semibold tracking-tight break-words sm:text-[1.75rem]">
              <ProgramDot program={lot.program} className="size-3.5" />
              {programName(lot.program)} · {formatNumber(lot.original_quantity)} milhas
            </h1>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <LotStatusBadge status={lot.status} />
              {lot.account_number && <span className="tabular-nums">Conta: {lot.account_number}</span>}
              {lot.client_name && <span>· {lot.client_name}</span>}
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden="true" />
              Editar
            </Button>
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2Icon aria-hidden="true" />
              Excluir
            </Button>
          </div>
        </div>
      </div>

      <LotFigures lot={lot} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <LotDetailsCard lot={lot} today={today} warningDays={warningDays} />
        <LotUtilisationCard lot={lot} />
      </div>

      <LotAllocationsCard allocations={allocations} />

      <LotFormDialog open={editing} lot={lot} warningDays={warningDays} onOpenChange={setEditing} />
      <DeleteLotDialog lot={deleting ? lot : null} onOpenChange={setDeleting} onDeleted={() => void navigate('/lotes', { replace: true })} />
    </div>
  );
}

function LotNotFound() {
  return (
    <Card className="mx-auto max-w-lg border-dashed">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchXIcon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-lg font-semibold">Lote não encontrado</h1>
        <p className="max-w-sm text-sm text-muted-foreground">Este lote não existe ou foi excluído.</p>
        <Button asChild variant="outline">
          <Link to="/lotes">
            <ArrowLeftIcon aria-hidden="true" />
            Voltar para lotes
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function LotDetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Carregando lote">
      <div className="space-y-3">
        <Skeleton className="h-8 w-36" />
        <div className="space-y-2">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-5 w-40" />
        </div>
      </div>
      <LotFigures lot={undefined} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {[6, 3].map((lines, i) => (
          <Card key={i}>
            <CardHeader>
              <Skeleton className="h-5 w-40" />
            </CardHeader>
            <CardContent className="space-y-3">
              {Array.from({ length: lines }, (_, j) => (
                <Skeleton key={j} className="h-4 w-full" />
              ))}
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

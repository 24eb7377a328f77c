import { useState } from 'react';
import { ArrowLeftIcon, PencilIcon, SearchXIcon, Trash2Icon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClient } from '@/features/clients/api/get-client';
import { ClientAvatar } from '@/features/clients/components/client-avatar';
import { ClientEmissionsCard } from '@/features/clients/components/client-emissions-card';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';
import { ClientLoyaltyAccountsCard } from '@/features/clients/components/client-loyalty-accounts-card';
import { ClientProfileCard } from '@/features/clients/components/client-profile-card';
import { ClientStatsCards } from '@/features/clients/components/client-stats-cards';
import { ClientStatusBadge } from '@/features/clients/components/client-status-badge';
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog';
import { isApiError } from '@/lib/api-client';

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
      <Link to="/clientes">
        <ArrowLeftIcon aria-hidden="true" />
        Voltar para clientes
      </Link>
    </Button>
  );
}

export default function ClientDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useClient(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (detail.isPending) return <ClientDetailSkeleton />;

  if (detail.isError) {
    if (isApiError(detail.error) && detail.error.status === 404) return <ClientNotFound />;
    return (
      <div className="space-y-4">
        <BackLink />
        <QueryErrorState
          title="Erro ao carregar cliente"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </div>
    );
  }

  const { client, stats } = detail.data;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <BackLink />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-center gap-4">
            <ClientAvatar name={client.name} className="size-12 text-base" />
            <div className="min-w-0 space-y-1">
              <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-[1.75rem]">{client.name}</h1>
              <ClientStatusBadge status={client.status} />
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

      <ClientStatsCards stats={stats} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ClientProfileCard client={client} />
        <ClientLoyaltyAccountsCard accounts={client.loyalty_accounts} />
      </div>

      <ClientEmissionsCard clientId={client.id} />

      <ClientFormDialog open={editing} client={client} onOpenChange={setEditing} />
      <DeleteClientDialog
        client={deleting ? client : null}
        onOpenChange={setDeleting}
        onDeleted={() => void navigate('/clientes', { replace: true })}
      />
    </div>
  );
}

function ClientNotFound() {
  return (
    <Card className="mx-auto max-w-lg border-dashed">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchXIcon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-lg font-semibold">Cliente não encontrado</h1>
        <p className="max-w-sm text-sm text-muted-foreground">Este cliente não existe ou foi excluído.</p>
        <Button asChild variant="outline">
          <Link to="/clientes">
            <ArrowLeftIcon aria-hidden="true" />
            Voltar para clientes
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function ClientDetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Carregando cliente">
      <div className="space-y-3">
        <Skeleton className="h-8 w-40" />
        <div className="flex items-center gap-4">
          <Skeleton className="size-12 rounded-full" />
          <div className="space-y-2">
            <Skeleton className="h-7 w-56" />
            <Skeleton className="h-5 w-14" />
          </div>
        </div>
      </div>
      <ClientStatsCards stats={undefined} />
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

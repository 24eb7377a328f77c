import { useParams } from 'react-router';
import { DetailColumns, DetailHeader, DetailPage, useEditDelete, type DetailTexts } from '@/components/detail-page';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useClient } from '@/features/clients/api/get-client';
import { ClientAnonymizedBadge } from '@/features/clients/components/client-anonymized-badge';
import { ClientAvatar } from '@/features/clients/components/client-avatar';
import { ClientEmissionsCard } from '@/features/clients/components/client-emissions-card';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';
import { ClientLgpdActions } from '@/features/clients/components/client-lgpd-actions';
import { ClientLoyaltyAccountsCard } from '@/features/clients/components/client-loyalty-accounts-card';
import { ClientProfileCard } from '@/features/clients/components/client-profile-card';
import { ClientStatsCards } from '@/features/clients/components/client-stats-cards';
import { ClientStatusBadge } from '@/features/clients/components/client-status-badge';
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog';
import { useRole } from '@/hooks/use-role';

const TEXTS: DetailTexts = {
  back: { to: '/clientes', label: 'Voltar para clientes' },
  errorTitle: 'Erro ao carregar cliente',
  notFound: { title: 'Cliente não encontrado', description: 'Este cliente não existe ou foi excluído.' },
};

export default function ClientDetailRoute() {
  const { id = '' } = useParams();
  const detail = useClient(id);
  const record = useEditDelete(TEXTS.back);
  const { isAdmin } = useRole();

  return (
    <DetailPage query={detail} texts={TEXTS} skeleton={<ClientDetailSkeleton />}>
      {({ client, stats }) => (
        <>
          <DetailHeader
            back={TEXTS.back}
            leading={<ClientAvatar name={client.name} className="size-12 text-base" />}
            actions={
              <>
                {isAdmin && <ClientLgpdActions client={client} />}
                {/* An anonymised client's personal data stay erased: no edit (the server refuses it too). */}
                {!client.anonymized_at && record.actions}
              </>
            }
          >
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-[1.75rem]">{client.name}</h1>
            <div className="flex flex-wrap items-center gap-2">
              <ClientStatusBadge status={client.status} />
              <ClientAnonymizedBadge anonymizedAt={client.anonymized_at} />
            </div>
          </DetailHeader>

          <ClientStatsCards stats={stats} />

          <DetailColumns>
            <ClientProfileCard client={client} />
            <ClientLoyaltyAccountsCard accounts={client.loyalty_accounts} />
          </DetailColumns>

          <ClientEmissionsCard clientId={client.id} />

          <ClientFormDialog client={client} {...record.editDialog} />
          <DeleteClientDialog record={record.deleting ? client : null} {...record.deleteDialog} />
        </>
      )}
    </DetailPage>
  );
}

function ClientDetailSkeleton() {
  return (
    <DetailSkeleton
      label="Carregando cliente"
      backWidth="w-40"
      header={
        <div className="flex items-center gap-4">
          <Skeleton className="size-12 rounded-full" />
          <div className="space-y-2">
            <Skeleton className="h-7 w-56" />
            <Skeleton className="h-5 w-14" />
          </div>
        </div>
      }
      cardLines={[6, 3]}
    >
      <ClientStatsCards stats={undefined} />
    </DetailSkeleton>
  );
}

import { Link, useParams } from 'react-router';
import { formatNumber, todayIso } from '@domain/format';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '@domain/lots/lot.rules';
import { programName } from '@domain/programs';
import { DetailColumns, DetailHeader, DetailPage, useEditDelete, type DetailTexts } from '@/components/detail-page';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useAgencySettings } from '@/features/agency/api/get-settings';
import { useLot } from '@/features/lots/api/get-lot';
import { DeleteLotDialog } from '@/features/lots/components/delete-lot-dialog';
import { LotInstalmentsCard } from '@/features/cards/components/lot-instalments-card';
import { LotAllocationsCard } from '@/features/lots/components/lot-allocations-card';
import { ReportsCard } from '@/features/reports/components/reports-card';
import { LotDetailsCard, LotUtilisationCard } from '@/features/lots/components/lot-details-card';
import { LotFigures } from '@/features/lots/components/lot-figures';
import { LotFormDialog } from '@/features/lots/components/lot-form-dialog';
import { LotStatusBadge } from '@/components/lot-status-badge';
import { ProgramDot } from '@/components/program-label';

const TEXTS: DetailTexts = {
  back: { to: '/lotes', label: 'Voltar para lotes' },
  errorTitle: 'Erro ao carregar lote',
  notFound: {
    title: 'Lote não encontrado',
    description: 'Este lote não existe ou foi excluído.',
    code: 'LOT_NOT_FOUND',
  },
};

export default function LotDetailRoute() {
  const { id = '' } = useParams();
  const detail = useLot(id);
  const settings = useAgencySettings();
  const warningDays = settings.data?.expiry_alert_days ?? DEFAULT_EXPIRY_WARNING_DAYS;
  const record = useEditDelete(TEXTS.back);

  return (
    <DetailPage query={detail} texts={TEXTS} skeleton={<LotDetailSkeleton />}>
      {({ lot }) => (
        <>
          <DetailHeader back={TEXTS.back} actions={record.actions}>
            <h1 className="flex items-center gap-3 text-2xl font-semibold tracking-tight break-words sm:text-[1.75rem]">
              <ProgramDot program={lot.program} className="size-3.5" data-testid="program-dot" />
              {programName(lot.program)} · {formatNumber(lot.original_quantity)} milhas
            </h1>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <LotStatusBadge status={lot.status} />
              {lot.account_number && (
                <Link
                  to={`/contas/${lot.account_id}`}
                  className="text-primary tabular-nums underline-offset-4 hover:underline"
                >
                  Conta: {lot.account_number}
                </Link>
              )}
              {lot.client_name && <span>· {lot.client_name}</span>}
            </div>
          </DetailHeader>

          <LotFigures lot={lot} />

          <DetailColumns>
            <LotDetailsCard lot={lot} today={todayIso()} warningDays={warningDays} />
            <LotUtilisationCard lot={lot} />
          </DetailColumns>

          <LotInstalmentsCard lotId={lot.id} />
          <LotAllocationsCard lotId={lot.id} />
          <ReportsCard refType="lot" refId={lot.id} />

          <LotFormDialog lot={lot} warningDays={warningDays} {...record.editDialog} />
          <DeleteLotDialog record={record.deleting ? lot : null} {...record.deleteDialog} />
        </>
      )}
    </DetailPage>
  );
}

function LotDetailSkeleton() {
  return (
    <DetailSkeleton
      label="Carregando lote"
      backWidth="w-36"
      header={
        <div className="space-y-2">
          <Skeleton className="h-8 w-72" />
          <Skeleton className="h-5 w-40" />
        </div>
      }
      cardLines={[6, 3]}
    >
      <LotFigures lot={undefined} />
    </DetailSkeleton>
  );
}

import { Fragment, useState, type ComponentProps } from 'react';
import { BanIcon, CheckIcon, RotateCcwIcon, SendIcon, Undo2Icon, XIcon, type LucideIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import {
  availableActions,
  EMISSION_ACTION_DEFINITIONS,
  EMISSION_TEXTS,
  type EmissionAction,
} from '@domain/emissions/emission.rules';
import { formatCpf, onlyDigits } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { DetailCard, DetailItem } from '@/components/detail-card';
import { DetailColumns, DetailHeader, DetailPage, type DetailTexts } from '@/components/detail-page';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { ProgramLabel } from '@/components/program-label';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { TruncatedText } from '@/components/ui/truncated-text';
import { useEmission } from '@/features/emissions/api/get-emission';
import { formatCostPerThousand } from '@/features/emissions/emission-display';
import { AllocationMiles } from '@/features/emissions/components/allocation-miles';
import { EmissionActionDialog } from '@/features/emissions/components/emission-action-dialog';
import { ReportsCard } from '@/features/reports/components/reports-card';
import { EmissionPostingsCard } from '@/features/emissions/components/emission-postings-card';
import { EmissionTimeline, slaText } from '@/features/emissions/components/emission-timeline';
import { FinancialBreakdown } from '@/features/emissions/components/financial-breakdown';
import type { EmissionAllocation } from '@/features/emissions/types';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';

const ACTION_ICONS: Record<EmissionAction, LucideIcon> = {
  issue: CheckIcon,
  fail: XIcon,
  submit: SendIcon,
  retry: RotateCcwIcon,
  cancel: BanIcon,
};

const TEXTS: DetailTexts = {
  back: { to: '/emissoes', label: 'Voltar para emissões' },
  errorTitle: 'Erro ao carregar emissão',
  notFound: {
    title: EMISSION_TEXTS.notFound,
    description: 'Esta emissão não existe ou não pertence à sua agência.',
    code: 'EMISSION_NOT_FOUND',
  },
};

export default function EmissionDetailRoute() {
  const { id = '' } = useParams();
  const detail = useEmission(id);
  const [action, setAction] = useState<EmissionAction | null>(null);

  return (
    <DetailPage query={detail} texts={TEXTS} skeleton={<EmissionDetailSkeleton />}>
      {({ emission, passengers, allocations, timeline, sla }) => {
        const actions = availableActions(emission.status);
        // A cancelled emission gave its miles back; its allocations and figures stay as history.
        const cancelled = emission.status === 'cancelled';
        return (
          <>
            <DetailHeader
              back={TEXTS.back}
              stackBelow="lg"
              actionsLabel="Ações da emissão"
              actions={
                actions.length > 0
                  ? actions.map((a) => {
                      const def = EMISSION_ACTION_DEFINITIONS[a];
                      const Icon = ACTION_ICONS[a];
                      return (
                        <Button
                          key={a}
                          variant={def.destructive ? (a === 'cancel' ? 'destructive' : 'outline') : 'default'}
                          onClick={() => setAction(a)}
                        >
                          <Icon aria-hidden="true" />
                          {def.label}
                        </Button>
                      );
                    })
                  : undefined
              }
            >
              <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-semibold tracking-tight sm:text-[1.75rem]">
                <span className="font-mono">{emission.route}</span>
                {emission.pnr && <span className="font-mono text-muted-foreground">· {emission.pnr}</span>}
              </h1>
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <EmissionStatusBadge status={emission.status} data-testid="emission-status" />
                <span>Criada em {formatDate(emission.created_at)}</span>
              </div>
              <p className="text-xs text-muted-foreground tabular-nums">{slaText(sla)}</p>
            </DetailHeader>

            <DetailColumns className="items-start">
              <DetailCard title="Dados da emissão">
                <dl className="grid grid-cols-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
                  <DetailItem compact label="Cliente">
                    <Link
                      to={`/clientes/${emission.client_id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {emission.client_name}
                    </Link>
                    {emission.client_email && (
                      <EmailText email={emission.client_email} className="block text-xs text-muted-foreground" />
                    )}
                  </DetailItem>
                  <DetailItem compact label="Programa">
                    <ProgramLabel program={emission.program} />
                  </DetailItem>
                  <DetailItem compact label="Conta">
                    <span className="tabular-nums">{emission.account_number ?? '—'}</span>
                  </DetailItem>
                  <DetailItem compact label="Rota">
                    <span className="font-mono">{emission.route}</span>
                  </DetailItem>
                  <DetailItem compact label="Data de embarque">
                    {emission.departure_date ? formatDate(emission.departure_date) : '—'}
                  </DetailItem>
                  <DetailItem compact label="PNR">
                    {emission.pnr ? <span className="font-mono">{emission.pnr}</span> : '—'}
                  </DetailItem>
                  <DetailItem compact label="Milhas utilizadas">
                    <span className="tabular-nums">{formatNumber(emission.miles_used)}</span>
                  </DetailItem>
                  <DetailItem compact label={`Passageiros (${passengers.length})`} className="sm:col-span-2">
                    <ul className="grid gap-1" data-testid="emission-passengers">
                      {passengers.map((p) => (
                        <li key={p.id}>
                          {p.name} {/* The CPF on its own line on a phone, after a '·' from 640 px. */}
                          <span className="block text-muted-foreground tabular-nums sm:inline sm:whitespace-nowrap">
                            <span className="hidden sm:inline">· </span>CPF {formatCpf(onlyDigits(p.cpf))}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </DetailItem>
                </dl>
              </DetailCard>

              <div className="grid content-start gap-6">
                <DetailCard
                  title="Composição financeira"
                  note={
                    cancelled && (
                      <p
                        className="flex items-start gap-2 text-sm text-muted-foreground"
                        data-testid="emission-cancelled-finance-note"
                      >
                        <BanIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                        Cancelada — não entra nos totais de receita e margem.
                      </p>
                    )
                  }
                >
                  <FinancialBreakdown
                    className={cn('border-0 p-0', cancelled && 'text-muted-foreground')}
                    figures={{
                      ...emission,
                      total_cost_cents: emission.miles_cost_cents + emission.fees_cents + emission.rav_cents,
                    }}
                  />
                </DetailCard>
                <DetailCard title="Linha do tempo">
                  <EmissionTimeline
                    timeline={timeline}
                    sla={sla}
                    submittedAt={emission.submitted_at}
                    issuedAt={emission.issued_at}
                  />
                </DetailCard>
              </div>
            </DetailColumns>

            <EmissionPostingsCard emission={emission} />

            <Card className="gap-0 pb-0">
              <CardHeader className="pb-4">
                <CardTitle>Lotes utilizados</CardTitle>
                {cancelled && allocations.length > 0 && (
                  <p
                    className="flex items-start gap-2 text-sm text-muted-foreground"
                    data-testid="emission-cancelled-lots-note"
                  >
                    <Undo2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    Emissão cancelada: estas milhas voltaram aos lotes.
                  </p>
                )}
              </CardHeader>
              <AllocationList allocations={allocations} />
            </Card>

            <ReportsCard refType="emission" refId={emission.id} />

            <EmissionActionDialog
              emissionId={emission.id}
              action={action}
              onOpenChange={(open) => !open && setAction(null)}
            />
          </>
        );
      }}
    </DetailPage>
  );
}

/** The lots an emission drew from: a table from 768 px, a list of compact rows below (as the wizard's review). */
function AllocationList({ allocations }: { allocations: EmissionAllocation[] }) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (allocations.length === 0) {
    return (
      <p className="border-t px-6 py-8 text-center text-sm text-muted-foreground">
        Nenhum lote registrado para esta emissão.
      </p>
    );
  }
  if (!wide) {
    return (
      <ul aria-label="Lotes utilizados" className="divide-y border-t text-sm">
        {allocations.map((a) => (
          <li
            key={a.lot_id}
            data-testid="emission-allocation-row"
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-0.5 px-5 py-3"
          >
            <TruncatedText asChild text={a.lot_supplier || 'Ver lote'}>
              <LotLink allocation={a} />
            </TruncatedText>
            <span className="row-span-3 text-right font-medium whitespace-nowrap tabular-nums">
              {formatCents(a.cost_cents)}
            </span>
            <AllocationMiles allocation={a} />
            <span className="text-xs text-muted-foreground tabular-nums">
              {a.lot_expiry_date ? `Vencimento ${formatDate(a.lot_expiry_date)}` : 'Sem vencimento'}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto border-t">
      <Table className="min-w-[640px]" aria-label="Lotes utilizados">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Lote</TableHead>
            <TableHead>Vencimento</TableHead>
            <TableHead className="text-right">Milhas</TableHead>
            <TableHead className="text-right">CPM</TableHead>
            <TableHead className="text-right">Custo</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {allocations.map((a) => (
            <TableRow key={a.lot_id} data-testid="emission-allocation-row">
              <TableCell>
                <LotLink allocation={a} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {a.lot_expiry_date ? formatDate(a.lot_expiry_date) : 'Sem vencimento'}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(a.miles)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatCostPerThousand(a.cost_per_thousand)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCents(a.cost_cents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function LotLink({ allocation, className, ...props }: { allocation: EmissionAllocation } & ComponentProps<'a'>) {
  return (
    <Link
      {...props}
      to={`/lotes/${allocation.lot_id}`}
      className={cn('font-medium text-primary underline-offset-4 hover:underline', className)}
    >
      {allocation.lot_supplier || 'Ver lote'}
    </Link>
  );
}

/** An e-mail that wraps before its '@' (or anywhere, if a part is still too long) rather than being cut. */
function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=@)/);
  return (
    <span className={cn('wrap-anywhere', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

function EmissionDetailSkeleton() {
  return (
    <DetailSkeleton
      label="Carregando emissão"
      backWidth="w-44"
      header={
        <>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-5 w-72" />
        </>
      }
      cardLines={[8, 6]}
    />
  );
}

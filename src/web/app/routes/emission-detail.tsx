import { useState, type ReactNode } from 'react';
import { BanIcon, CheckIcon, RotateCcwIcon, SendIcon, XIcon, type LucideIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { availableActions, EMISSION_ACTION_DEFINITIONS, EMISSION_TEXTS, type EmissionAction } from '@domain/emissions/emission.rules';
import { formatCpf, onlyDigits } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { DetailHeader, DetailPage } from '@/components/detail-page';
import { DetailSkeleton } from '@/components/detail-skeleton';
import { EmissionStatusBadge } from '@/components/emission-status-badge';
import { ProgramLabel } from '@/components/program-label';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useEmission } from '@/features/emissions/api/get-emission';
import { formatCostPerThousand } from '@/features/emissions/emission-display';
import { EmissionActionDialog } from '@/features/emissions/components/emission-action-dialog';
import { EmissionTimeline, slaText } from '@/features/emissions/components/emission-timeline';
import { FinancialBreakdown } from '@/features/emissions/components/financial-breakdown';

const ACTION_ICONS: Record<EmissionAction, LucideIcon> = {
  issue: CheckIcon,
  fail: XIcon,
  submit: SendIcon,
  retry: RotateCcwIcon,
  cancel: BanIcon,
};

const BACK = { to: '/emissoes', label: 'Voltar para emissões' };

export default function EmissionDetailRoute() {
  const { id = '' } = useParams();
  const detail = useEmission(id);
  const [action, setAction] = useState<EmissionAction | null>(null);

  return (
    <DetailPage
      query={detail}
      back={BACK}
      skeleton={<EmissionDetailSkeleton />}
      errorTitle="Erro ao carregar emissão"
      notFound={{ title: EMISSION_TEXTS.notFound, description: 'Esta emissão não existe ou não pertence à sua agência.', code: 'EMISSION_NOT_FOUND' }}
    >
      {({ emission, passengers, allocations, timeline, sla }) => {
        const actions = availableActions(emission.status);
        return (
          <>
            <DetailHeader
              back={BACK}
              stackBelow="lg"
              actionsLabel="Ações da emissão"
              actions={
                actions.length > 0
                  ? actions.map((a) => {
                      const def = EMISSION_ACTION_DEFINITIONS[a];
                      const Icon = ACTION_ICONS[a];
                      return (
                        <Button key={a} variant={def.destructive ? (a === 'cancel' ? 'destructive' : 'outline') : 'default'} onClick={() => setAction(a)}>
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

            <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <Card>
                <CardHeader>
                  <CardTitle>Dados da emissão</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid grid-cols-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
                    <Field label="Cliente">
                      <Link to={`/clientes/${emission.client_id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                        {emission.client_name}
                      </Link>
                      {emission.client_email && <span className="block truncate text-xs text-muted-foreground">{emission.client_email}</span>}
                    </Field>
                    <Field label="Programa">
                      <ProgramLabel program={emission.program} />
                    </Field>
                    <Field label="Conta">
                      <span className="tabular-nums">{emission.account_number ?? '—'}</span>
                    </Field>
                    <Field label="Rota">
                      <span className="font-mono">{emission.route}</span>
                    </Field>
                    <Field label="Data de embarque">{emission.departure_date ? formatDate(emission.departure_date) : '—'}</Field>
                    <Field label="PNR">{emission.pnr ? <span className="font-mono">{emission.pnr}</span> : '—'}</Field>
                    <Field label="Milhas utilizadas">
                      <span className="tabular-nums">{formatNumber(emission.miles_used)}</span>
                    </Field>
                    <Field label={`Passageiros (${passengers.length})`} className="sm:col-span-2">
                      <ul className="grid gap-1" data-testid="emission-passengers">
                        {passengers.map((p) => (
                          <li key={p.id}>
                            {p.name} <span className="text-muted-foreground tabular-nums">· CPF {formatCpf(onlyDigits(p.cpf))}</span>
                          </li>
                        ))}
                      </ul>
                    </Field>
                  </dl>
                </CardContent>
              </Card>

              <div className="grid content-start gap-6">
                <Card>
                  <CardHeader>
                    <CardTitle>Composição financeira</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <FinancialBreakdown
                      className="border-0 p-0"
                      milesCostCents={emission.miles_cost_cents}
                      feesCents={emission.fees_cents}
                      ravCents={emission.rav_cents}
                      totalCostCents={emission.miles_cost_cents + emission.fees_cents + emission.rav_cents}
                      revenueCents={emission.revenue_cents}
                      marginCents={emission.margin_cents}
                      marginPercent={emission.margin_percent}
                    />
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle>Linha do tempo</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <EmissionTimeline timeline={timeline} sla={sla} submittedAt={emission.submitted_at} issuedAt={emission.issued_at} />
                  </CardContent>
                </Card>
              </div>
            </div>

            <Card className="gap-0 pb-0">
              <CardHeader className="pb-4">
                <CardTitle>Lotes utilizados</CardTitle>
              </CardHeader>
              <div className="overflow-x-auto border-t">
                {allocations.length === 0 ? (
                  <p className="px-6 py-8 text-center text-sm text-muted-foreground">Nenhum lote registrado para esta emissão.</p>
                ) : (
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
                            <Link to={`/lotes/${a.lot_id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                              {a.lot_supplier || 'Ver lote'}
                            </Link>
                          </TableCell>
                          <TableCell className="whitespace-nowrap tabular-nums">{a.lot_expiry_date ? formatDate(a.lot_expiry_date) : 'Sem vencimento'}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatNumber(a.miles)}</TableCell>
                          <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCostPerThousand(a.cost_per_thousand)}</TableCell>
                          <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCents(a.cost_cents)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </div>
            </Card>

            <EmissionActionDialog emissionId={emission.id} action={action} onOpenChange={(open) => !open && setAction(null)} />
          </>
        );
      }}
    </DetailPage>
  );
}

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 min-w-0">{children}</dd>
    </div>
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

import { TriangleAlertIcon } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { isNegativeMargin, minimumMarginAlert, NEGATIVE_MARGIN_WARNING } from '@domain/emissions/emission.rules';
import { departureDateSchema, pnrSchema, routeSchema } from '@domain/emissions/emission.schema';
import { formatCpf, formatCpfOrCnpj, onlyDigits } from '@domain/documents';
import { formatCents, formatDate, formatNumber } from '@domain/format';
import { DetailItem } from '@/components/detail-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { accountLabel, formatCostPerThousand } from '../emission-display';
import type { AccountBeneficiaries, AccountOption, ClientOption } from '../types';
import { beneficiaryInfo, chosenPlan, estimate, parsedMiles, type LotChoice, type WizardForm } from '../wizard-model';
import { AllocationMiles } from './allocation-miles';
import { FinancialBreakdown } from './financial-breakdown';
import { LotFlags } from './lot-suggestion-panel';

export interface WizardStepReviewProps {
  form: WizardForm;
  client: ClientOption | null;
  account: AccountOption | null;
  choice: Pick<LotChoice, 'lots' | 'today'>;
  beneficiaries: AccountBeneficiaries | undefined;
}

const read = <T,>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, value: unknown): T | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data ?? null) : null;
};

/** Step 3: what will be created, and the negative-margin warning, which does not block. */
export function WizardStepReview({ form, client, account, choice, beneficiaries }: WizardStepReviewProps) {
  const { today } = choice;
  const lots = choice.lots.data?.data ?? [];
  const cpmCap = choice.lots.data?.cpm_cap ?? null;
  const values = useWatch({ control: form.control });
  const miles = parsedMiles(values.miles_used);
  const result = miles === null ? null : chosenPlan(lots, miles, values.lot_ids ?? [], today);
  const plan = result?.ok ? result.plan : null;
  const est = estimate(
    { fees_cents: values.fees_cents, rav_cents: values.rav_cents, revenue_cents: values.revenue_cents },
    plan?.total_cost_cents ?? null,
  );
  const marginAlert = est ? minimumMarginAlert(est.financials, choice.lots.data ?? null) : null;
  const byId = new Map(lots.map((lot) => [lot.id, lot]));
  const passengers = values.passengers ?? [];
  const ben = beneficiaryInfo(
    beneficiaries,
    passengers.map((p) => ({ cpf: p?.cpf ?? '' })),
  );
  const route = read<string>(routeSchema, values.route) ?? values.route ?? '';
  const pnr = read<string | null>(pnrSchema, values.pnr);
  const departure = read<string | null>(departureDateSchema, values.departure_date);

  return (
    <div className="grid gap-5" data-testid="wizard-review">
      {est && isNegativeMargin(est.financials.margin_cents) ? (
        <Alert variant="destructive" data-testid="negative-margin-warning">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{NEGATIVE_MARGIN_WARNING.title}</AlertTitle>
          <AlertDescription>{NEGATIVE_MARGIN_WARNING.description}</AlertDescription>
        </Alert>
      ) : marginAlert ? (
        <Alert variant="destructive" data-testid="margin-alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>{marginAlert}</AlertDescription>
        </Alert>
      ) : null}

      {/* Two columns even on a phone: the short items (route, PNR, date, miles) pair up. */}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <DetailItem compact label="Cliente" className="col-span-2 sm:col-span-1">
          <span className="font-medium">{client?.name ?? '—'}</span>
          {client?.document && (
            <span className="block text-xs text-muted-foreground">{formatCpfOrCnpj(client.document)}</span>
          )}
        </DetailItem>
        <DetailItem compact label="Conta" className="col-span-2 sm:col-span-1">
          {account ? accountLabel(account) : '—'}
        </DetailItem>
        <DetailItem compact label="Rota">
          <span className="font-mono">{route}</span>
        </DetailItem>
        <DetailItem compact label="PNR">
          {pnr ? (
            <span className="font-mono">{pnr}</span>
          ) : (
            <span className="text-muted-foreground">Não informado</span>
          )}
        </DetailItem>
        <DetailItem compact label="Data de embarque">
          {departure ? formatDate(departure) : <span className="text-muted-foreground">Não informada</span>}
        </DetailItem>
        <DetailItem compact label="Milhas">
          {miles === null ? '—' : <span className="tabular-nums">{formatNumber(miles)}</span>}
        </DetailItem>
        <DetailItem compact label={`Passageiros (${passengers.length})`} className="col-span-2">
          <ul className="grid gap-0.5">
            {passengers.map((p, i) => (
              <li key={i}>
                {p?.name?.trim() || '—'}{' '}
                <span className="block text-muted-foreground tabular-nums sm:inline">
                  <span className="hidden sm:inline">· </span>CPF {formatCpf(onlyDigits(p?.cpf ?? ''))}
                </span>
              </li>
            ))}
          </ul>
          {ben.summary && <span className="mt-1 block text-xs text-muted-foreground">{ben.summary}</span>}
        </DetailItem>
      </dl>
      {ben.warning && (
        <Alert variant="warning">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>{ben.warning}</AlertDescription>
        </Alert>
      )}

      <section aria-label="Lotes utilizados" className="grid gap-2">
        <h3 className="text-sm font-semibold">Lotes utilizados</h3>
        {plan ? (
          <ul className="divide-y rounded-lg border text-sm" data-testid="review-lots">
            {plan.allocations.map((a) => {
              const lot = byId.get(a.lot_id);
              return (
                <li
                  key={a.lot_id}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-3 py-2"
                >
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="truncate font-medium">{lot?.supplier || 'Lote sem fornecedor'}</span>
                    {lot && <LotFlags lot={lot} today={today} cpmCap={cpmCap} />}
                  </span>
                  <span className="row-span-2 text-right font-medium whitespace-nowrap tabular-nums">
                    {formatCents(a.cost_cents)}
                  </span>
                  <AllocationMiles allocation={a} />
                </li>
              );
            })}
            {plan.allocations.length > 1 && (
              <li className="px-3 py-2 text-xs text-muted-foreground">
                Custo médio ponderado:{' '}
                <span className="font-medium text-foreground">
                  {formatCostPerThousand(plan.weighted_cost_per_thousand)}/mil
                </span>
              </li>
            )}
          </ul>
        ) : (
          <p className="text-sm text-destructive">
            {result && !result.ok ? result.message : 'Volte à etapa anterior e informe as milhas.'}
          </p>
        )}
      </section>

      {est && <FinancialBreakdown figures={{ ...est, ...est.financials }} />}
    </div>
  );
}

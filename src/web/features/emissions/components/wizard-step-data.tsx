import type { UseQueryResult } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon, TriangleAlertIcon, UsersIcon } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { EMISSION_MAX_PASSENGERS } from '@domain/emissions/emission.schema';
import { isBelowRecommendedMargin, marginAlertMessage } from '@domain/emissions/emission.rules';
import { maskCpf } from '@domain/documents';
import { formatCents } from '@domain/format';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { withMask } from '@/lib/form';
import { cn } from '@/lib/utils';
import { accountLabel, marginPercentText, maskMiles, maskMoney } from '../emission-display';
import type { AccountBeneficiaries, AccountLots, AccountOption } from '../types';
import { beneficiaryInfo, estimate, selectionMilesCost, type LotPanel, type LotSelection } from '../wizard-model';
import type { WizardForm } from './emission-wizard-dialog';
import { LotSuggestionPanel } from './lot-suggestion-panel';

export interface WizardStepDataProps {
  form: WizardForm;
  account: AccountOption | null;
  lots: UseQueryResult<AccountLots>;
  today: string;
  miles: number | null;
  panel: LotPanel;
  selection: LotSelection;
  onSelectionChange: (selection: LotSelection) => void;
  beneficiaries: AccountBeneficiaries | undefined;
}

/** Step 2: the issuance data, the passengers, the lots and the live margin estimate. */
export function WizardStepData({ form, account, lots, today, miles, panel, selection, onSelectionChange, beneficiaries }: WizardStepDataProps) {
  const { errors } = form.formState;
  const passengers = useFieldArray({ control: form.control, name: 'passengers' });
  const [fees, rav, revenue, typedPassengers] = useWatch({ control: form.control, name: ['fees_cents', 'rav_cents', 'revenue_cents', 'passengers'] });

  const milesCost = selectionMilesCost(lots.data?.data ?? [], miles, selection, panel.suggestion, today);
  const est = estimate({ fees_cents: fees, rav_cents: rav, revenue_cents: revenue }, milesCost);
  const ben = beneficiaryInfo(beneficiaries, typedPassengers ?? []);
  const passengersError = errors.passengers?.message ?? errors.passengers?.root?.message;

  return (
    <div className="grid gap-5">
      {account && (
        <p className="text-sm text-muted-foreground">
          Conta: <span className="font-medium text-foreground">{accountLabel(account)}</span>
        </p>
      )}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <FormField id="emission-route" label="Rota" error={errors.route?.message} className="col-span-2" hint="Códigos de aeroporto, ex.: NAT-GRU">
          <Input autoComplete="off" placeholder="NAT-GRU" maxLength={60} className="font-mono uppercase" {...form.register('route')} />
        </FormField>
        <FormField id="emission-pnr" label="PNR (opcional)" error={errors.pnr?.message} className="col-span-1">
          <Input autoComplete="off" placeholder="ABC123" maxLength={8} className="font-mono uppercase" {...form.register('pnr')} />
        </FormField>
        <FormField id="emission-departure" label="Data de embarque" error={errors.departure_date?.message} className="col-span-1">
          <FormDateInput control={form.control} name="departure_date" />
        </FormField>
        <FormField id="emission-miles" label="Milhas" error={errors.miles_used?.message} className="col-span-2 sm:col-span-1">
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ex.: 25000"
            maxLength={10}
            className="tabular-nums"
            {...withMask(form.register('miles_used'), maskMiles)}
          />
        </FormField>
        <FormField id="emission-fees" label="Taxas (R$)" error={errors.fees_cents?.message} className="col-span-1">
          <CurrencyInput autoComplete="off" placeholder="0,00" {...withMask(form.register('fees_cents'), maskMoney)} />
        </FormField>
        <FormField id="emission-revenue" label="Receita (R$)" error={errors.revenue_cents?.message} className="col-span-1">
          <CurrencyInput autoComplete="off" placeholder="0,00" {...withMask(form.register('revenue_cents'), maskMoney)} />
        </FormField>
        <FormField id="emission-rav" label="RAV (R$)" error={errors.rav_cents?.message} className="col-span-2 sm:col-span-1">
          <CurrencyInput autoComplete="off" placeholder="0,00" {...withMask(form.register('rav_cents'), maskMoney)} />
        </FormField>
      </div>

      <section aria-labelledby="emission-passengers-title" className="grid gap-3 rounded-lg border p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <UsersIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            <h3 id="emission-passengers-title" className="text-sm font-semibold">
              Passageiros
            </h3>
          </div>
          {ben.summary && (
            <span className="text-xs text-muted-foreground" data-testid="beneficiary-summary">
              {ben.summary}
            </span>
          )}
        </div>
        <ol className="grid gap-3">
          {passengers.fields.map((field, i) => (
            <li key={field.id} className="grid grid-cols-[1fr_auto] items-start gap-x-2 gap-y-3 sm:grid-cols-[1fr_11rem_auto]">
              <FormField
                id={`emission-passenger-${i}-name`}
                label={`Nome do passageiro ${i + 1}`}
                error={errors.passengers?.[i]?.name?.message}
                className="col-start-1 row-start-1"
              >
                <Input autoComplete="off" maxLength={120} placeholder="Nome completo" {...form.register(`passengers.${i}.name`)} />
              </FormField>
              <FormField
                id={`emission-passenger-${i}-cpf`}
                label="CPF"
                error={errors.passengers?.[i]?.cpf?.message}
                className="col-start-1 row-start-2 sm:col-start-2 sm:row-start-1"
              >
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="000.000.000-00"
                  maxLength={14}
                  className="tabular-nums"
                  {...withMask(form.register(`passengers.${i}.cpf`), maskCpf)}
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="col-start-2 row-start-1 mt-[1.375rem] sm:col-start-3"
                aria-label={`Remover passageiro ${i + 1}`}
                disabled={passengers.fields.length <= 1}
                onClick={() => passengers.remove(i)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
        {passengersError && (
          <p role="alert" className="text-[0.8rem] font-medium text-destructive">
            {passengersError}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={passengers.fields.length >= EMISSION_MAX_PASSENGERS}
          onClick={() => passengers.append({ name: '', cpf: '' }, { shouldFocus: true })}
        >
          <PlusIcon aria-hidden="true" />
          Adicionar passageiro
        </Button>
        {ben.warning && (
          <Alert variant="warning" data-testid="beneficiary-warning">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertDescription>{ben.warning}</AlertDescription>
          </Alert>
        )}
      </section>

      <LotSuggestionPanel
        lots={lots}
        today={today}
        miles={miles}
        panel={panel}
        selection={selection}
        onSelectionChange={onSelectionChange}
        error={errors.lot_ids?.message ?? errors.lot_ids?.root?.message}
      />

      <section aria-label="Estimativa" className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/40 p-4 sm:grid-cols-3 sm:gap-3" data-testid="wizard-estimate">
        <Figure label="Custo das milhas" value={milesCost === null ? '—' : formatCents(milesCost)} />
        <Figure label="Custo total" value={est ? formatCents(est.financials.total_cost_cents) : '—'} />
        <Figure
          label="Margem estimada"
          value={est ? `${formatCents(est.financials.margin_cents)}` : '—'}
          detail={est ? marginPercentText(est.financials.margin_percent) : undefined}
          negative={est !== null && est.financials.margin_cents < 0}
        />
      </section>
      {est && isBelowRecommendedMargin(est.financials.margin_percent) && (
        <Alert variant="destructive" data-testid="margin-alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>{marginAlertMessage(est.financials.margin_percent)}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

/** Label and value side by side on a phone, stacked from 640 px; the percent goes under the value. */
function Figure({ label, value, detail, negative = false }: { label: string; value: string; detail?: string | undefined; negative?: boolean }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 sm:block sm:space-y-0.5">
      <p className="shrink-0 text-xs font-medium text-muted-foreground">{label}</p>
      <p className={cn('text-right text-base font-semibold whitespace-nowrap tabular-nums sm:text-left sm:text-lg', negative && 'text-destructive')}>
        {value}
        {detail && <span className={cn('block text-xs font-medium', negative ? 'text-destructive' : 'text-muted-foreground')}>{detail}</span>}
      </p>
    </div>
  );
}

import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/form-date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MilesInput } from '@/components/ui/typed-inputs';
import { accountLabel, maskMoney } from '../emission-display';
import type { AccountBeneficiaries, AccountOption } from '../types';
import { selectionMilesCost, type LotChoice, type WizardForm } from '../wizard-model';
import { LotSuggestionPanel } from './lot-suggestion-panel';
import { WizardEstimate } from './wizard-estimate';
import { WizardPassengers } from './wizard-passengers';

export interface WizardStepDataProps {
  form: WizardForm;
  account: AccountOption | null;
  choice: LotChoice;
  beneficiaries: AccountBeneficiaries | undefined;
}

/** Step 2: the issuance data, the passengers, the lots and the live margin estimate. */
export function WizardStepData({ form, account, choice, beneficiaries }: WizardStepDataProps) {
  const { errors } = form.formState;
  const { lots, miles, selection, panel, today } = choice;
  const milesCost = selectionMilesCost(lots.data?.data ?? [], miles, selection, panel.suggestion, today);

  return (
    <div className="grid gap-5">
      {account && (
        <p className="text-sm text-muted-foreground">
          Conta: <span className="font-medium text-foreground">{accountLabel(account)}</span>
        </p>
      )}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <FormField
          id="emission-route"
          label="Rota"
          error={errors.route?.message}
          className="col-span-2"
          hint="Códigos de aeroporto, ex.: NAT-GRU"
        >
          <Input
            autoComplete="off"
            placeholder="NAT-GRU"
            maxLength={60}
            className="font-mono uppercase"
            {...form.register('route')}
          />
        </FormField>
        <FormField id="emission-pnr" label="PNR (opcional)" error={errors.pnr?.message} className="col-span-1">
          <Input
            autoComplete="off"
            placeholder="ABC123"
            maxLength={8}
            className="font-mono uppercase"
            {...form.register('pnr')}
          />
        </FormField>
        <FormField
          id="emission-departure"
          label="Data de embarque"
          error={errors.departure_date?.message}
          className="col-span-1"
        >
          <FormDateInput control={form.control} name="departure_date" />
        </FormField>
        <FormField
          id="emission-miles"
          label="Milhas"
          error={errors.miles_used?.message}
          className="col-span-2 sm:col-span-1"
        >
          <MilesInput placeholder="Ex.: 25000" {...form.register('miles_used')} />
        </FormField>
        <FormField id="emission-fees" label="Taxas (R$)" error={errors.fees_cents?.message} className="col-span-1">
          <CurrencyInput autoComplete="off" placeholder="0,00" mask={maskMoney} {...form.register('fees_cents')} />
        </FormField>
        <FormField
          id="emission-revenue"
          label="Receita (R$)"
          error={errors.revenue_cents?.message}
          className="col-span-1"
        >
          <CurrencyInput autoComplete="off" placeholder="0,00" mask={maskMoney} {...form.register('revenue_cents')} />
        </FormField>
        <FormField
          id="emission-rav"
          label="RAV (R$)"
          error={errors.rav_cents?.message}
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput autoComplete="off" placeholder="0,00" mask={maskMoney} {...form.register('rav_cents')} />
        </FormField>
      </div>

      <WizardPassengers form={form} beneficiaries={beneficiaries} />

      <LotSuggestionPanel choice={choice} error={errors.lot_ids?.message ?? errors.lot_ids?.root?.message} />

      <WizardEstimate form={form} milesCost={milesCost} rule={lots.data ?? null} />
    </div>
  );
}

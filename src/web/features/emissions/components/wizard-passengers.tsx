import { PlusIcon, Trash2Icon, TriangleAlertIcon, UsersIcon } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { EMISSION_MAX_PASSENGERS } from '@domain/emissions/emission.schema';
import { maskCpf } from '@domain/documents';
import { QueryErrorState } from '@/components/query-error-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAccountBeneficiaries } from '../api/get-account-beneficiaries';
import type { AccountBeneficiaries } from '../types';
import { beneficiaryInfo, type WizardForm } from '../wizard-model';

export interface WizardPassengersProps {
  form: WizardForm;
  beneficiaries: AccountBeneficiaries | undefined;
}

/** 'Passageiros': name and CPF of each, and the account's beneficiary slots they would take. */
export function WizardPassengers({ form, beneficiaries }: WizardPassengersProps) {
  const { errors } = form.formState;
  const passengers = useFieldArray({ control: form.control, name: 'passengers' });
  const [typedPassengers, accountId] = useWatch({ control: form.control, name: ['passengers', 'account_id'] });
  // The wizard's own query (same key): here only for its error state, the slots come as `beneficiaries`.
  const beneficiariesQuery = useAccountBeneficiaries(accountId ?? '');
  const ben = beneficiaryInfo(beneficiaries, typedPassengers ?? []);
  const passengersError = errors.passengers?.message ?? errors.passengers?.root?.message;

  return (
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
          <li
            key={field.id}
            className="grid grid-cols-[1fr_auto] items-start gap-x-2 gap-y-3 sm:grid-cols-[1fr_11rem_auto]"
          >
            <FormField
              id={`emission-passenger-${i}-name`}
              label={`Nome do passageiro ${i + 1}`}
              error={errors.passengers?.[i]?.name?.message}
              className="col-start-1 row-start-1"
            >
              <Input
                autoComplete="off"
                maxLength={120}
                placeholder="Nome completo"
                {...form.register(`passengers.${i}.name`)}
              />
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
                mask={maskCpf}
                {...form.register(`passengers.${i}.cpf`)}
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
      {beneficiariesQuery.isError && (
        <QueryErrorState compact title="Erro ao carregar os beneficiários da conta" query={beneficiariesQuery} />
      )}
      {ben.warning && (
        <Alert variant="warning" data-testid="beneficiary-warning">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>{ben.warning}</AlertDescription>
        </Alert>
      )}
    </section>
  );
}

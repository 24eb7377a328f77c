import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, ArrowRightIcon, CheckIcon, Loader2Icon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import {
  emissionFormDefaults,
  emissionStep1Schema,
  emissionStep2Schema,
  emissionWizardSchema,
  type EmissionFormValues,
  type EmissionWizardValues,
} from '@domain/emissions/emission.schema';
import { EMISSION_TEXTS } from '@domain/emissions/emission.rules';
import { todayIso } from '@domain/format';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, type FormDialogGuard } from '@/components/ui/form-dialog';
import { Stepper } from '@/components/ui/stepper';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCreateEmission } from '../api/create-emission';
import { useAccountBeneficiaries } from '../api/get-account-beneficiaries';
import { useAccountLots } from '../api/get-account-lots';
import { useClientAccounts } from '../api/get-client-accounts';
import type { ClientOption } from '../types';
import { chosenPlan, lotPanel, parsedMiles, selectedLotIds, SUGGESTED, type LotSelection } from '../wizard-model';
import { WizardStepAccount } from './wizard-step-account';
import { WizardStepData } from './wizard-step-data';
import { WizardStepReview } from './wizard-step-review';

export const WIZARD_STEPS = ['Cliente e conta', 'Dados da emissão', 'Revisão'] as const;

const STEP_FIELDS: readonly (readonly string[])[] = [
  ['client_id', 'account_id'],
  ['route', 'pnr', 'departure_date', 'miles_used', 'fees_cents', 'revenue_cents', 'rav_cents', 'passengers', 'lot_ids'],
];

export interface EmissionWizardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Nova Emissão' (spec part 2 §2, §4 "Emission wizard", §5). */
export function EmissionWizardDialog({ open, onOpenChange }: EmissionWizardDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="gap-5 sm:max-w-[760px]"
      title="Nova Emissão"
      description="Registre a emissão de uma passagem com as milhas de um cliente."
    >
      {(guard) => <EmissionWizard {...guard} />}
    </FormDialog>
  );
}

type EmissionWizardProps = FormDialogGuard<void>;

type Values = EmissionFormValues;

/** Puts zod-style dotted errors into a nested FieldErrors object. */
function setNestedError(errors: Record<string, unknown>, path: string, message: string, type: string) {
  const keys = path.split('.');
  let node: Record<string, unknown> = errors;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      if (!node[key]) node[key] = { type, message };
      return;
    }
    node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

function EmissionWizard({ onBusyChange, onDirtyChange, onCancel, onSaved }: EmissionWizardProps) {
  const navigate = useNavigate();
  const [today] = useState(todayIso);
  const [step, setStep] = useState(0);
  const [client, setClient] = useState<ClientOption | null>(null);
  const [selection, setSelection] = useState<LotSelection>(SUGGESTED);
  const create = useCreateEmission();

  // The resolver reads the step and the lot check through refs, so one form spans the three steps.
  const stepRef = useRef(0);
  const lotCheckRef = useRef<(values: Values) => string | null>(() => null);
  const resolver = useMemo<Resolver<Values>>(() => {
    const step1 = zodResolver(emissionStep1Schema) as unknown as Resolver<Values>;
    const step2 = zodResolver(emissionStep2Schema) as unknown as Resolver<Values>;
    const all = zodResolver(emissionWizardSchema) as unknown as Resolver<Values>;
    return async (values, context, options) => {
      const current = stepRef.current;
      const result = await (current === 0 ? step1 : current === 1 ? step2 : all)(values, context, options);
      if (current === 0) return result;
      const lotError = lotCheckRef.current(values);
      if (!lotError) return result;
      const errors = { ...(result.errors as Record<string, unknown>) };
      setNestedError(errors, 'lot_ids', lotError, 'lots');
      return { values: {}, errors: errors as FieldErrors<Values> };
    };
  }, []);

  const form = useForm<Values>({
    resolver,
    defaultValues: emissionFormDefaults(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty } = form.formState;
  useEffect(() => onBusyChange(create.isPending), [create.isPending, onBusyChange]);
  useEffect(() => onDirtyChange(isDirty || client !== null), [isDirty, client, onDirtyChange]);

  const [clientId, accountId, milesTyped] = useWatch({ control: form.control, name: ['client_id', 'account_id', 'miles_used'] });
  const accounts = useClientAccounts(clientId ?? '');
  const lots = useAccountLots(accountId ?? '');
  const beneficiaries = useAccountBeneficiaries(accountId ?? '');
  const account = accounts.data?.find((a) => a.id === accountId) ?? null;
  const lotsToday = lots.data?.today ?? today;
  const candidates = lots.data?.data ?? [];
  const miles = parsedMiles(milesTyped);
  const panel = useMemo(() => lotPanel(candidates, miles, lotsToday), [candidates, miles, lotsToday]);

  lotCheckRef.current = (values) => {
    const m = parsedMiles(values.miles_used);
    if (m === null) return null;
    if (lots.isPending) return 'Aguarde o carregamento dos lotes da conta.';
    if (lots.isError) return lots.error.message || 'Não foi possível carregar os lotes da conta.';
    const ids = stepRef.current === 2 ? (values.lot_ids ?? []) : selectedLotIds(selection, lotPanel(candidates, m, lotsToday).suggestion);
    const result = chosenPlan(candidates, m, ids, lotsToday);
    return result.ok ? null : result.message;
  };

  /** Moves to `target` with fresh validation state: each step shows its messages on its own "Próximo". */
  const goTo = useCallback(
    (target: number) => {
      stepRef.current = target;
      form.reset(form.getValues(), { keepDefaultValues: true });
      setStep(target);
    },
    [form],
  );

  const chooseClient = (next: ClientOption | null) => {
    setClient(next);
    // Accounts belong to one client: the chosen one no longer applies (spec part 2 §4).
    form.setValue('client_id', next?.id ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted && next !== null });
    form.setValue('account_id', '', { shouldDirty: true });
    form.setValue('lot_ids', []);
    setSelection(SUGGESTED);
  };

  const chooseAccount = (id: string) => {
    form.setValue('account_id', id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('lot_ids', []);
    setSelection(SUGGESTED);
  };

  const chooseLots = (next: LotSelection) => {
    setSelection(next);
    if (form.formState.errors.lot_ids) form.clearErrors('lot_ids');
  };

  const next = form.handleSubmit(() => {
    if (step === 1) {
      // Spec part 2 §4: from step 2 to 3 the cheapest eligible plan is taken when none was chosen.
      form.setValue('lot_ids', selectedLotIds(selection, panel.suggestion));
    }
    goTo(step + 1);
  });

  const confirm = form.handleSubmit((values) => {
    const input = values as unknown as EmissionWizardValues;
    create.mutate(input, {
      onSuccess: (detail) => {
        toast.success(EMISSION_TEXTS.created.title, { description: EMISSION_TEXTS.created.description });
        onSaved();
        void navigate(`/emissoes/${detail.emission.id}`);
      },
      onError: (error) => {
        // The wizard stays open (spec part 2 §8); field messages go back to the step that has them.
        if (isApiError(error) && error.code === 'INSUFFICIENT_MILES') {
          // The lots moved since they were read: read them again and choose anew on step 2.
          void lots.refetch();
          setSelection(SUGGESTED);
          goTo(1);
          form.setError('lot_ids', { type: 'server', message: error.message });
        } else if (isApiError(error) && error.fields) {
          const stepOf = (field: string) => STEP_FIELDS.findIndex((names) => names.includes(field.split('.')[0]!));
          const steps = Object.keys(error.fields).map(stepOf).filter((i) => i >= 0);
          if (steps.length > 0) {
            goTo(Math.min(...steps));
            const known = [
              ...STEP_FIELDS.flat(),
              ...(form.getValues('passengers') ?? []).flatMap((_, i) => [`passengers.${i}.name`, `passengers.${i}.cpf`]),
            ];
            applyServerFieldErrors(error, form.setError, known);
          }
        }
        toastError(EMISSION_TEXTS.createError, error);
      },
    });
  });

  const pending = create.isPending;
  const last = step === WIZARD_STEPS.length - 1;

  return (
    <form
      noValidate
      aria-label="Nova Emissão"
      className="grid min-w-0 gap-5"
      onSubmit={(event) => {
        if (last) void confirm(event);
        else void next(event);
      }}
    >
      <Stepper steps={WIZARD_STEPS} current={step} label="Etapas da emissão" />

      <div className="min-w-0" data-testid={`wizard-step-${step + 1}`}>
        {step === 0 && (
          <WizardStepAccount
            form={form}
            client={client}
            onClientChange={chooseClient}
            accounts={accounts}
            onAccountChange={chooseAccount}
          />
        )}
        {step === 1 && (
          <WizardStepData
            form={form}
            account={account}
            lots={lots}
            today={lotsToday}
            miles={miles}
            panel={panel}
            selection={selection}
            onSelectionChange={chooseLots}
            beneficiaries={beneficiaries.data}
          />
        )}
        {step === 2 && (
          <WizardStepReview
            form={form}
            client={client}
            account={account}
            lots={candidates}
            today={lotsToday}
            cpmCap={lots.data?.cpm_cap ?? null}
            beneficiaries={beneficiaries.data}
          />
        )}
      </div>

      <DialogFooter className="border-t pt-4 sm:justify-between">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {step > 0 && (
            <Button type="button" variant="outline" onClick={() => goTo(step - 1)} disabled={pending}>
              <ArrowLeftIcon aria-hidden="true" />
              Voltar
            </Button>
          )}
          <Button type="submit" disabled={pending} className={cn(pending && 'cursor-wait')}>
            {last ? (
              <>
                {pending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : <CheckIcon aria-hidden="true" />}
                {pending ? 'Criando...' : 'Confirmar emissão'}
              </>
            ) : (
              <>
                Próximo
                <ArrowRightIcon aria-hidden="true" />
              </>
            )}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}

export type WizardForm = ReturnType<typeof useForm<Values>>;
export type WizardFieldPath = FieldPath<Values>;

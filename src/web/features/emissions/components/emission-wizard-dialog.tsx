import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import {
  emissionFormDefaults,
  type EmissionFormValues,
  type EmissionWizardValues,
} from '@domain/emissions/emission.schema';
import { EMISSION_TEXTS } from '@domain/emissions/emission.rules';
import { todayIso } from '@domain/format';
import { centsToInput } from '@domain/money';
import { FormDialog, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { Stepper } from '@/components/ui/stepper';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useCreateEmission } from '../api/create-emission';
import { useAccountBeneficiaries } from '../api/get-account-beneficiaries';
import { useAccountLots } from '../api/get-account-lots';
import { useClientAccounts } from '../api/get-client-accounts';
import type { AccountLot, ClientOption } from '../types';
import {
  chosenPlan,
  lotPanel,
  parsedMiles,
  selectedLotIds,
  SUGGESTED,
  WIZARD_STEPS,
  wizardKnownFields,
  wizardResolver,
  wizardStepOf,
  type LotChoice,
  type LotSelection,
  type WizardContext,
  type WizardForm,
} from '../wizard-model';
import { WizardFooter } from './wizard-footer';
import { WizardStepAccount } from './wizard-step-account';
import { WizardStepData } from './wizard-step-data';
import { WizardStepReview } from './wizard-step-review';

/** What the wizard opens with instead of blank fields: a quote's client, trip and price (issue #19). */
export interface EmissionWizardPrefill {
  client: ClientOption | null;
  /** As typed; `quote_id` makes the creation convert that quote. */
  values: Partial<EmissionFormValues>;
}

export interface EmissionWizardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill?: EmissionWizardPrefill;
  title?: string;
  description?: string;
}

/** 'Nova Emissão' (spec part 2 §2, §4 "Emission wizard", §5), or a quote's "Converter em emissão". */
export function EmissionWizardDialog({
  open,
  onOpenChange,
  prefill,
  title = 'Nova Emissão',
  description = 'Registre a emissão de uma passagem com as milhas de um cliente.',
}: EmissionWizardDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="gap-5 sm:max-w-[760px]"
      title={title}
      description={description}
    >
      {(guard) => <EmissionWizard {...guard} prefill={prefill} label={title} />}
    </FormDialog>
  );
}

type EmissionWizardProps = FormDialogGuard<void> & { prefill: EmissionWizardPrefill | undefined; label: string };

/** Read at each validation; the step and the lot check come through useForm's `context`. */
const resolver = wizardResolver();

const NO_LOTS: AccountLot[] = [];

/**
 * The client, account and lots chosen. The account is kept here as well as in the form: its lots
 * are read before the form is made, since the form's resolver checks the chosen lots against them.
 */
function useWizardChoices(prefill: EmissionWizardPrefill | undefined) {
  const [client, setClient] = useState<ClientOption | null>(prefill?.client ?? null);
  const [accountId, setAccountId] = useState(prefill?.client ? (prefill.values.account_id ?? '') : '');
  const [selection, setSelection] = useState<LotSelection>(SUGGESTED);
  return { client, setClient, accountId, setAccountId, selection, setSelection };
}

/** Choosing a client, an account or lots: a new client or account drops what was chosen under the previous one. */
function choiceHandlers(
  form: WizardForm,
  { setClient, setAccountId, setSelection }: ReturnType<typeof useWizardChoices>,
) {
  const chooseClient = (next: ClientOption | null) => {
    setClient(next);
    // Accounts belong to one client: the chosen one no longer applies (spec part 2 §4).
    setAccountId('');
    form.setValue('client_id', next?.id ?? '', {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted && next !== null,
    });
    form.setValue('account_id', '', { shouldDirty: true });
    form.setValue('lot_ids', []);
    setSelection(SUGGESTED);
  };

  const chooseAccount = (id: string) => {
    setAccountId(id);
    form.setValue('account_id', id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('lot_ids', []);
    setSelection(SUGGESTED);
  };

  const chooseLots = (next: LotSelection) => {
    setSelection(next);
    if (form.formState.errors.lot_ids) form.clearErrors('lot_ids');
  };

  return { chooseClient, chooseAccount, chooseLots };
}

/** What the wizard reads for the chosen client and account: the accounts, the account's beneficiaries, the lot panel for the typed miles. */
function useWizardData(form: WizardForm, candidates: readonly AccountLot[], lotsToday: string) {
  const [clientId, accountId, milesTyped] = useWatch({
    control: form.control,
    name: ['client_id', 'account_id', 'miles_used'],
  });
  const accounts = useClientAccounts(clientId ?? '');
  const beneficiaries = useAccountBeneficiaries(accountId ?? '').data;
  const account = accounts.data?.find((a) => a.id === accountId) ?? null;
  const miles = parsedMiles(milesTyped);
  const panel = useMemo(() => lotPanel(candidates, miles, lotsToday), [candidates, miles, lotsToday]);
  return { accounts, account, miles, panel, beneficiaries };
}

function EmissionWizard({ onCancel, onSaved, prefill, label, ...guard }: EmissionWizardProps) {
  const navigate = useNavigate();
  const [today] = useState(todayIso);
  const [step, setStep] = useState(0);
  const create = useCreateEmission();

  const choices = useWizardChoices(prefill);
  const { client, selection, setSelection } = choices;
  const lots = useAccountLots(choices.accountId);
  const lotsToday = lots.data?.today ?? today;
  const candidates = lots.data?.data ?? NO_LOTS;

  const lotCheck = (values: EmissionFormValues): string | null => {
    const m = parsedMiles(values.miles_used);
    if (m === null) return null;
    if (lots.isPending) return 'Aguarde o carregamento dos lotes da conta.';
    if (lots.isError) return lots.error.message || 'Não foi possível carregar os lotes da conta.';
    const ids =
      step === 2 ? (values.lot_ids ?? []) : selectedLotIds(selection, lotPanel(candidates, m, lotsToday).suggestion);
    const result = chosenPlan(candidates, m, ids, lotsToday);
    return result.ok ? null : result.message;
  };

  const form = useForm<EmissionFormValues, WizardContext>({
    resolver,
    // The resolver reads the step and the lot check here, so one form spans the three steps.
    context: { step, lotCheck },
    defaultValues: { ...emissionFormDefaults(), ...prefill?.values },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty } = form.formState;
  const { chooseClient, chooseAccount, chooseLots } = choiceHandlers(form, choices);
  useDialogGuard(guard, create.isPending, isDirty || client !== null);

  const { accounts, account, miles, panel, beneficiaries } = useWizardData(form, candidates, lotsToday);
  const choice: LotChoice = { lots, today: lotsToday, miles, panel, selection, onSelectionChange: chooseLots };

  /** Moves to `target` with fresh validation state: each step shows its messages on its own "Próximo". */
  const goTo = useCallback(
    (target: number) => {
      form.reset(form.getValues(), { keepDefaultValues: true });
      setStep(target);
    },
    [form],
  );

  // The program rule's default RAV (issue #15), offered once per account on the data step while
  // nothing was typed there — whenever the account's lots (which carry the rule) arrive, even
  // after the step was reached.
  const defaultRav = lots.data?.default_rav_cents ?? 0;
  const ravOfferedFor = useRef<string | null>(null);
  useEffect(() => {
    if (step !== 1 || defaultRav <= 0 || ravOfferedFor.current === choices.accountId) return;
    ravOfferedFor.current = choices.accountId;
    if ((form.getValues('rav_cents') ?? '') === '') form.setValue('rav_cents', centsToInput(defaultRav));
  }, [step, defaultRav, choices.accountId, form]);

  const next = form.handleSubmit(() => {
    if (step === 1) {
      // Spec part 2 §4: from step 2 to 3 the cheapest eligible plan is taken when none was chosen.
      form.setValue('lot_ids', selectedLotIds(selection, panel.suggestion));
    }
    goTo(step + 1);
  });

  const confirm = form.handleSubmit((values) => {
    create.mutate(values as unknown as EmissionWizardValues, {
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
          const target = wizardStepOf(Object.keys(error.fields));
          if (target !== null) {
            goTo(target);
            applyServerFieldErrors(
              error,
              form.setError,
              wizardKnownFields((form.getValues('passengers') ?? []).length),
            );
          }
        }
        toastError(EMISSION_TEXTS.createError, error);
      },
    });
  });

  const last = step === WIZARD_STEPS.length - 1;

  return (
    <form
      noValidate
      aria-label={label}
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
        {step === 1 && <WizardStepData form={form} account={account} choice={choice} beneficiaries={beneficiaries} />}
        {step === 2 && (
          <WizardStepReview
            form={form}
            client={client}
            account={account}
            choice={choice}
            beneficiaries={beneficiaries}
          />
        )}
      </div>

      <WizardFooter
        step={step}
        last={last}
        pending={create.isPending}
        onCancel={onCancel}
        onBack={() => goTo(step - 1)}
      />
    </form>
  );
}

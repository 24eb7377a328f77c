import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { CLUB_PAYMENT_LABELS, CLUB_PAYMENT_METHODS, type ClubInput } from '@domain/clubs/club.schema';
import { formatNumber, todayIso } from '@domain/format';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { CurrencyInput } from '@/components/ui/currency-input';
import { FormDateInput } from '@/components/ui/form-date-input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { MilesInput } from '@/components/ui/typed-inputs';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAllAccounts } from '@/features/transfers/api/get-accounts';
import { accountOptionLabel, maskMoney, sortByProgram } from '@/features/transfers/transfer-form';
import { useCreateClub } from '../api/save-club';
import {
  CLUB_FORM_FIELDS,
  clubFormResolver,
  clubPreview,
  maskDay,
  toClubFormState,
  type ClubFormState,
} from '../club-form';
import type { Club } from '../types';

export interface ClubDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const TITLE = 'Novo clube';

/**
 * 'Novo clube' (issue #23): an account's club subscription. Each month, on the billing day, its
 * miles enter the stock as a lot at the month's price and the price is posted in /financeiro.
 */
export function ClubDialog(dialog: ClubDialogProps) {
  return (
    <FormDialog<Club>
      {...dialog}
      className="sm:max-w-[600px]"
      title={TITLE}
      description="Todo mês, no dia da cobrança, as milhas do clube entram no estoque como um lote e a mensalidade é lançada no financeiro."
    >
      {(guard) => <ClubFormBody {...guard} />}
    </FormDialog>
  );
}

function ClubFormBody({ onCancel, onSaved, ...guard }: FormDialogGuard<Club>) {
  const [today] = useState(todayIso);
  const [resolver] = useState(() => clubFormResolver(today));
  const create = useCreateClub();
  const accounts = useAllAccounts();
  const form = useForm<ClubFormState, unknown, ClubInput>({
    resolver,
    defaultValues: toClubFormState(today),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, create.isPending, isDirty);
  const fieldId = (name: FieldPath<ClubFormState>) => `club-${name.replace(/_/g, '-')}`;
  const values = useWatch({ control: form.control }) as ClubFormState;
  const preview = clubPreview(values, today);

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (club) => {
        toast.success('Clube cadastrado', {
          description:
            club.charges > 0
              ? `${formatNumber(club.miles_credited)} milhas de ${club.charges} ${club.charges === 1 ? 'mês' : 'meses'} entraram no estoque.`
              : `${club.plan_name}: as milhas entram no estoque a cada cobrança.`,
        });
        onSaved(club);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, CLUB_FORM_FIELDS);
        toastError('Erro ao cadastrar clube', error);
      },
    }),
  );

  const loading = accounts.isPending;
  const list = sortByProgram(accounts.data ?? []);

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={TITLE} className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <FormField id={fieldId('account_id')} label="Conta" error={errors.account_id?.message} className="col-span-2">
          <Select disabled={loading || list.length === 0} {...form.register('account_id')}>
            <option value="">
              {loading ? 'Carregando contas...' : list.length === 0 ? 'Nenhuma conta cadastrada' : 'Selecione a conta'}
            </option>
            {list.map((account) => (
              <option key={account.id} value={account.id}>
                {accountOptionLabel(account)}
              </option>
            ))}
          </Select>
        </FormField>
        {accounts.isError && (
          <QueryErrorState compact className="col-span-2" title="Erro ao carregar as contas" query={accounts} />
        )}

        <FormField id={fieldId('plan_name')} label="Plano" error={errors.plan_name?.message} className="col-span-2">
          <Input
            autoComplete="off"
            maxLength={80}
            placeholder="Ex.: Clube Smiles 10.000"
            {...form.register('plan_name')}
          />
        </FormField>

        <FormField
          id={fieldId('miles_per_month')}
          label="Milhas por mês"
          error={errors.miles_per_month?.message}
          className="col-span-2 sm:col-span-1"
        >
          <MilesInput placeholder="Ex.: 10000" {...form.register('miles_per_month')} />
        </FormField>

        <FormField
          id={fieldId('monthly_price_cents')}
          label="Mensalidade (R$)"
          error={errors.monthly_price_cents?.message}
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput
            autoComplete="off"
            placeholder="0,00"
            mask={maskMoney}
            {...form.register('monthly_price_cents')}
          />
        </FormField>

        <FormField
          id={fieldId('billing_day')}
          label="Dia da cobrança"
          error={errors.billing_day?.message}
          hint="De 1 a 31; em meses mais curtos, o último dia."
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            className="tabular-nums"
            mask={maskDay}
            {...form.register('billing_day')}
          />
        </FormField>

        <FormField
          id={fieldId('payment_method')}
          label="Forma de pagamento"
          error={errors.payment_method?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Select {...form.register('payment_method')}>
            {CLUB_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {CLUB_PAYMENT_LABELS[method]}
              </option>
            ))}
          </Select>
        </FormField>

        <FormField
          id={fieldId('start_date')}
          label="Início da assinatura"
          error={errors.start_date?.message}
          hint="Uma assinatura antiga cobra na hora os meses já vencidos."
          className="col-span-2 sm:col-span-1"
        >
          <FormDateInput control={form.control} name="start_date" />
        </FormField>
      </div>

      {preview.length > 0 && (
        <div
          aria-live="polite"
          data-testid="club-preview"
          className="space-y-1 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
        >
          {preview.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={create.isPending} className={cn(create.isPending && 'cursor-wait')}>
          {create.isPending ? 'Salvando...' : 'Salvar clube'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { todayIso } from '@domain/format';
import { BUYER_CONTACT_MAX, BUYER_NAME_MAX, SALE_INSTALMENTS_MAX, type SaleInput } from '@domain/sales/sale.schema';
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
import { Textarea } from '@/components/ui/textarea';
import { MilesInput } from '@/components/ui/typed-inputs';
import { applyServerFieldErrors, submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAgencySettings } from '@/features/agency/api/get-settings';
import { maskDocument } from '@/features/clients/client-form';
import { useAccountsLots } from '@/features/transfers/api/get-account-lots';
import { useAllAccounts } from '@/features/transfers/api/get-accounts';
import { accountBalance, accountOptionLabel, maskMoney, sortByProgram } from '@/features/transfers/transfer-form';
import { useCreateSale } from '../api/create-sale';
import {
  balanceText,
  estimateSale,
  maskInstalments,
  SALE_FORM_FIELDS,
  saleFormResolver,
  salePreview,
  saleSavedText,
  toSaleFormState,
  type SaleFormState,
} from '../sale-form';
import type { AccountOption, Sale } from '../types';
import { SalePreviewPanel } from './sale-preview';

export interface SaleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (sale: Sale) => void;
}

const TITLE = 'Vender milhas';

/**
 * 'Vender milhas' (issue #23): miles of an account sold to a buyer at a price per thousand. They
 * leave the account's lots by the agency's allocation policy, which sets the sale's cost and
 * profit; the price is received in 1 to 24 monthly instalments ('Contas a receber').
 */
export function SaleDialog(dialog: SaleDialogProps) {
  return (
    <FormDialog<Sale>
      {...dialog}
      className="sm:max-w-[640px]"
      title={TITLE}
      description="As milhas saem dos lotes da conta ao salvar, pela política de alocação da agência. O valor entra em Contas a receber, em uma ou mais parcelas mensais."
    >
      {(guard) => <SaleFormBody {...guard} />}
    </FormDialog>
  );
}

function SaleFormBody({ onCancel, onSaved, ...guard }: FormDialogGuard<Sale>) {
  const [today] = useState(todayIso);
  const [resolver] = useState(() => saleFormResolver(today));
  const create = useCreateSale();
  const accounts = useAllAccounts();
  const settings = useAgencySettings();
  const form = useForm<SaleFormState, unknown, SaleInput>({
    resolver,
    defaultValues: toSaleFormState(today),
    // Messages appear on submit, then follow the typing (a message appearing on blur would move
    // the buttons under the pointer).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  useDialogGuard(guard, create.isPending, isDirty);
  const fieldId = (name: FieldPath<SaleFormState>) => `sale-${name.replace(/_/g, '-')}`;

  const [accountId, miles, price, saleDate, instalments, firstDue] = useWatch({
    control: form.control,
    name: ['account_id', 'miles', 'price_per_thousand_cents', 'sale_date', 'instalments', 'first_due_date'],
  });
  const list = sortByProgram(accounts.data ?? []);
  const account = list.find((a) => a.id === accountId);
  // The chosen account's lots only: one request, however many accounts the agency keeps.
  const lots = useAccountsLots(account ? [account.id] : []).get(account?.id ?? '');
  const balance = accountBalance(lots);

  const preview = salePreview(
    { miles, price_per_thousand_cents: price, sale_date: saleDate, instalments, first_due_date: firstDue },
    today,
  );
  const estimate =
    preview.kind === 'priced' && balance !== null && preview.miles <= balance
      ? estimateSale(lots, preview.miles, preview.price_cents, settings.data?.lot_allocation_policy ?? 'cheapest')
      : null;
  // The miles field holds digits only (MilesInput); the API refuses more than the lots hold.
  const overBalance = account !== undefined && balance !== null && miles !== '' && Number(miles) > balance;

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (sale) => {
        toast.success('Venda registrada', { description: saleSavedText(sale) });
        onSaved(sale);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, SALE_FORM_FIELDS);
        toastError('Erro ao registrar venda', error);
      },
    }),
  );

  const loading = accounts.isPending;

  return (
    <form onSubmit={submitHandler(onSubmit)} noValidate aria-label={TITLE} className="grid gap-5">
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id={fieldId('account_id')}
          label="Conta"
          error={errors.account_id?.message}
          hint={accountHint(loading, list.length, account, balance)}
          className="col-span-2"
        >
          <Select disabled={loading || list.length === 0} {...form.register('account_id')}>
            <option value="">
              {loading ? 'Carregando contas...' : list.length === 0 ? 'Nenhuma conta cadastrada' : 'Selecione a conta'}
            </option>
            {list.map((option) => (
              <option key={option.id} value={option.id}>
                {accountOptionLabel(option)}
                {option.id === account?.id && balance !== null ? ` (${balanceText(option.program, balance)})` : ''}
              </option>
            ))}
          </Select>
        </FormField>
        {accounts.isError && (
          <QueryErrorState compact className="col-span-2" title="Erro ao carregar as contas" query={accounts} />
        )}

        <FormField
          id={fieldId('buyer_name')}
          label="Comprador"
          error={errors.buyer_name?.message}
          className="col-span-2 sm:col-span-1"
        >
          <Input
            autoComplete="off"
            maxLength={BUYER_NAME_MAX}
            placeholder="Nome de quem compra"
            {...form.register('buyer_name')}
          />
        </FormField>

        <FormField
          id={fieldId('buyer_document')}
          label="CPF/CNPJ"
          error={errors.buyer_document?.message}
          hint="Opcional."
          className="col-span-2 sm:col-span-1"
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={18}
            className="tabular-nums"
            mask={maskDocument}
            {...form.register('buyer_document')}
          />
        </FormField>

        <FormField
          id={fieldId('buyer_contact')}
          label="Contato"
          error={errors.buyer_contact?.message}
          hint="Opcional: telefone, e-mail ou outro meio."
          className="col-span-2"
        >
          <Input
            autoComplete="off"
            maxLength={BUYER_CONTACT_MAX}
            placeholder="Ex.: (11) 99999-9999"
            {...form.register('buyer_contact')}
          />
        </FormField>

        <FormField
          id={fieldId('miles')}
          label="Milhas"
          error={errors.miles?.message}
          hint={
            overBalance && account && balance !== null
              ? `Acima do saldo disponível (${balanceText(account.program, balance)}).`
              : undefined
          }
          className="col-span-2 sm:col-span-1"
        >
          <MilesInput placeholder="Ex.: 30000" {...form.register('miles')} />
        </FormField>

        <FormField
          id={fieldId('price_per_thousand_cents')}
          label="Preço do milheiro (R$)"
          error={errors.price_per_thousand_cents?.message}
          hint="O valor de cada 1.000 milhas."
          className="col-span-2 sm:col-span-1"
        >
          <CurrencyInput
            autoComplete="off"
            placeholder="0,00"
            mask={maskMoney}
            {...form.register('price_per_thousand_cents')}
          />
        </FormField>

        <div className="col-span-2 grid gap-4 sm:grid-cols-3">
          <FormField id={fieldId('sale_date')} label="Data da venda" error={errors.sale_date?.message}>
            <FormDateInput control={form.control} name="sale_date" />
          </FormField>
          <FormField
            id={fieldId('instalments')}
            label="Parcelas"
            error={errors.instalments?.message}
            hint={`De 1 a ${SALE_INSTALMENTS_MAX}, mensais.`}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              placeholder="1"
              className="tabular-nums"
              mask={maskInstalments}
              {...form.register('instalments')}
            />
          </FormField>
          <FormField
            id={fieldId('first_due_date')}
            label="Primeiro vencimento"
            error={errors.first_due_date?.message}
            hint={firstDue.trim() === '' ? 'Em branco: a data da venda.' : undefined}
          >
            <FormDateInput control={form.control} name="first_due_date" />
          </FormField>
        </div>

        <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message} className="col-span-2">
          <Textarea rows={2} maxLength={2000} placeholder="Condições, forma combinada..." {...form.register('notes')} />
        </FormField>
      </div>

      <SalePreviewPanel preview={preview} estimate={estimate} />

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancelar
        </Button>
        <SubmitButton pending={create.isPending} className={cn(create.isPending && 'cursor-wait')}>
          {create.isPending ? 'Registrando...' : 'Registrar venda'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

function accountHint(
  loading: boolean,
  count: number,
  account: AccountOption | undefined,
  balance: number | null,
): string | undefined {
  if (loading) return undefined;
  if (count === 0) return 'Cadastre uma conta de fidelidade e um lote nela para vender milhas.';
  if (!account) return 'A conta de onde saem as milhas, de qualquer programa.';
  if (balance === null) return 'Carregando o saldo...';
  return balance === 0
    ? 'Esta conta não tem saldo disponível para venda.'
    : `Saldo disponível: ${balanceText(account.program, balance)}.`;
}

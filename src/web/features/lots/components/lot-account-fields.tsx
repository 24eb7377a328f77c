import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { LOT_MESSAGES } from '@domain/lots/lot.schema';
import { QueryErrorState } from '@/components/query-error-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PROGRAM_OPTIONS } from '@/components/program-label';
import { Select, SelectOptions } from '@/components/ui/select';
import { useProgramAccounts } from '../api/get-accounts';
import type { LotFieldId, LotForm } from '../lot-form';
import type { AccountOption, Lot } from '../types';

/** The account select's value for "Nova conta". */
const NEW_ACCOUNT = '__new__';

export interface LotAccountChoice {
  /** Miles already spent stay tied to their account (DESIGN.md §2: emissions draw only from their own account's lots). */
  accountLocked: boolean;
  accounts: UseQueryResult<AccountOption[]>;
  options: AccountOption[];
  loadingAccounts: boolean;
  /** The lot goes into a new account, by its number, instead of a chosen one. */
  newAccount: boolean;
  accountValue: string;
  chooseAccount: (value: string) => void;
  programField: UseFormRegisterReturn<'program'>;
}

/** The program and account the lot goes into: an account of the program, or a new one. */
export function useLotAccountChoice(form: LotForm, lot: Lot | null): LotAccountChoice {
  const [program, accountId] = useWatch({ control: form.control, name: ['program', 'account_id'] });
  const accountLocked = lot !== null && lot.used_quantity > 0;

  const accounts = useProgramAccounts(program);
  const options: AccountOption[] = [...(accounts.data ?? [])];
  // The lot's own account is offered even before (or without) the list, so editing shows it at once.
  if (lot && lot.program === program && !options.some((a) => a.id === lot.account_id)) {
    options.unshift({
      id: lot.account_id,
      program: lot.program,
      account_number: lot.account_number ?? '—',
      nickname: lot.account_nickname,
      client_id: lot.client_id,
      client_name: lot.client_name,
    });
  }
  const [newAccountChosen, setNewAccountChosen] = useState(false);
  const loadingAccounts = accounts.isPending && options.length === 0;
  // A program without accounts (or a list that failed to load) offers only a new one.
  const newAccount = !accountLocked && (newAccountChosen || (!loadingAccounts && options.length === 0));
  const accountValue = newAccount ? NEW_ACCOUNT : (accountId ?? '');

  const chooseAccount = (value: string) => {
    form.clearErrors(['account_id', 'account_number']);
    if (value === NEW_ACCOUNT) {
      setNewAccountChosen(true);
      form.setValue('account_id', null, { shouldDirty: true });
    } else {
      setNewAccountChosen(false);
      form.setValue('account_id', value || null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      form.setValue('account_number', '', { shouldDirty: true });
    }
  };

  const programField = form.register('program', {
    onChange: () => {
      // Accounts belong to one program: the chosen one no longer applies.
      form.setValue('account_id', null, { shouldDirty: true });
      form.clearErrors(['account_id', 'account_number']);
      setNewAccountChosen(false);
    },
  });

  return { accountLocked, accounts, options, loadingAccounts, newAccount, accountValue, chooseAccount, programField };
}

function accountOptionLabel(account: Pick<AccountOption, 'account_number' | 'nickname' | 'client_name'>): string {
  const owner = account.client_name ?? 'Agência';
  return `${account.account_number}${account.nickname ? ` · ${account.nickname}` : ''} — ${owner}`;
}

export interface LotAccountFieldsProps {
  form: LotForm;
  fieldId: LotFieldId;
  choice: LotAccountChoice;
}

/** 'Programa', 'Conta' and, for a new account, 'Número da conta' (cells of the form's grid). */
export function LotAccountFields({ form, fieldId, choice }: LotAccountFieldsProps) {
  const { errors } = form.formState;
  const { accountLocked, accounts, options, loadingAccounts, newAccount, accountValue, chooseAccount, programField } =
    choice;
  // With the picker showing, "número da conta" would point at a field that is not there.
  const pickerError =
    errors.account_number?.message === LOT_MESSAGES.accountNumberRequired
      ? 'Selecione a conta ou “+ Nova conta”.'
      : errors.account_number?.message;
  const accountError = errors.account_id?.message ?? (newAccount ? undefined : pickerError);

  return (
    <>
      <FormField
        className="col-span-2 sm:col-span-1"
        id={fieldId('program')}
        label="Programa"
        error={errors.program?.message}
        hint={accountLocked ? 'Lote já usado em emissões: programa e conta não mudam.' : undefined}
      >
        <Select disabled={accountLocked} {...programField}>
          <SelectOptions options={PROGRAM_OPTIONS} />
        </Select>
      </FormField>

      <FormField
        className="col-span-2 sm:col-span-1"
        id={fieldId('account_id')}
        label="Conta"
        error={accountError}
        hint={accounts.isError ? 'Não foi possível carregar as contas; informe o número de uma nova conta.' : undefined}
      >
        <Select
          value={loadingAccounts ? '' : accountValue}
          disabled={accountLocked || loadingAccounts}
          onChange={(event) => chooseAccount(event.target.value)}
        >
          {loadingAccounts ? (
            <option value="">Carregando contas...</option>
          ) : (
            <>
              {!newAccount && options.length > 0 && accountValue === '' && <option value="">Selecione a conta</option>}
              <SelectOptions
                options={options.map((account) => ({ value: account.id, label: accountOptionLabel(account) }))}
              />
              <option value={NEW_ACCOUNT}>+ Nova conta</option>
            </>
          )}
        </Select>
      </FormField>

      {!accountLocked && accounts.isError && (
        <QueryErrorState compact className="col-span-2" title="Erro ao carregar as contas" query={accounts} />
      )}

      {newAccount && (
        <FormField
          id={fieldId('account_number')}
          label="Número da conta"
          error={errors.account_number?.message}
          hint="Uma conta da agência será criada neste programa."
          className="col-span-2"
        >
          <Input autoComplete="off" maxLength={60} placeholder="Ex.: 123456789" {...form.register('account_number')} />
        </FormField>
      )}
    </>
  );
}

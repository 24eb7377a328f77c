import type { UseQueryResult } from '@tanstack/react-query';
import { QueryErrorState } from '@/components/query-error-state';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectOptions } from '@/components/ui/select';
import { accountLabel } from '../emission-display';
import type { AccountOption, ClientOption } from '../types';
import type { WizardForm } from '../wizard-model';
import { WizardClientPicker } from './wizard-client-picker';

export interface WizardStepAccountProps {
  form: WizardForm;
  client: ClientOption | null;
  onClientChange: (client: ClientOption | null) => void;
  accounts: UseQueryResult<AccountOption[]>;
  onAccountChange: (accountId: string) => void;
}

/** Step 1: the client (quick search) and one of their loyalty accounts. */
export function WizardStepAccount({ form, client, onClientChange, accounts, onAccountChange }: WizardStepAccountProps) {
  const { errors } = form.formState;
  const accountId = form.watch('account_id') ?? '';
  const options = accounts.data ?? [];
  const loadingAccounts = client !== null && accounts.isPending;

  // grid-cols-1 is minmax(0, 1fr): a long name wraps, and a long email or account label truncates,
  // instead of widening the dialog past a 390 px screen.
  return (
    <div className="grid grid-cols-1 gap-5">
      <WizardClientPicker form={form} client={client} onClientChange={onClientChange} />

      <FormField
        id="emission-account"
        label="Conta de fidelidade"
        error={errors.account_id?.message}
        hint={
          client === null
            ? 'Escolha o cliente para ver as contas.'
            : !accounts.isError && !loadingAccounts && options.length === 0
              ? 'Este cliente não tem contas de fidelidade. Cadastre uma na ficha do cliente.'
              : 'As milhas sairão dos lotes desta conta.'
        }
      >
        <Select
          className="min-w-0"
          value={loadingAccounts ? '' : accountId}
          disabled={client === null || loadingAccounts || options.length === 0}
          onChange={(event) => onAccountChange(event.target.value)}
        >
          {loadingAccounts ? (
            <option value="">Carregando contas...</option>
          ) : (
            <>
              <option value="">
                {client === null
                  ? 'Selecione o cliente primeiro'
                  : options.length === 0
                    ? 'Nenhuma conta'
                    : 'Selecione a conta'}
              </option>
              <SelectOptions
                options={options.map((account) => ({ value: account.id, label: accountLabel(account) }))}
              />
            </>
          )}
        </Select>
      </FormField>
      {client !== null && accounts.isError && (
        <QueryErrorState compact title="Erro ao carregar as contas do cliente" query={accounts} />
      )}
    </div>
  );
}

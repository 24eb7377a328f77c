import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { QueryErrorState } from '@/components/query-error-state';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useAccountsLots } from '../api/get-account-lots';
import { useAllAccounts } from '../api/get-accounts';
import { useConversions } from '../api/get-conversions';
import { pairRatio, ratioText } from '../ratio';
import {
  accountBalance,
  accountOptionLabel,
  holderName,
  pointsText,
  sortByProgram,
  transferDestinations,
  transferSources,
  type TransferForm,
} from '../transfer-form';
import type { AccountOption, Conversion } from '../types';

export interface TransferAccountChoice {
  accounts: UseQueryResult<AccountOption[]>;
  sources: AccountOption[];
  destinations: AccountOption[];
  source: AccountOption | undefined;
  destination: AccountOption | undefined;
  /** Points left in the chosen source's lots, by account id; absent while loading. */
  balances: ReadonlyMap<string, number>;
  /** The agency's ratio for the chosen pair; null until both accounts are chosen and the ratios are loaded. */
  pairRatio: string | null;
  chooseSource: (id: string) => void;
  chooseDestination: (id: string) => void;
}

/**
 * The source (a points account) and destination (an airline account of the same holder), with the
 * sources' balances and the pair's ratio, which a new pair writes into 'Paridade'.
 */
export function useTransferAccountChoice(form: TransferForm): TransferAccountChoice {
  const accounts = useAllAccounts();
  const conversions = useConversions();
  const [sourceId, destinationId] = useWatch({
    control: form.control,
    name: ['source_account_id', 'destination_account_id'],
  });

  const all = accounts.data ?? [];
  const sources = transferSources(all);
  const source = sources.find((account) => account.id === sourceId);
  // The chosen source's balance only: one request, however many points accounts the agency keeps.
  const lots = useAccountsLots(source ? [source.id] : []);
  const balances = new Map<string, number>();
  for (const [id, accountLots] of lots) balances.set(id, accountBalance(accountLots) ?? 0);

  const destinations = transferDestinations(all, source);
  const destination = destinations.find((account) => account.id === destinationId);

  const ratioOf = (from: AccountOption | undefined, to: AccountOption | undefined, list?: readonly Conversion[]) =>
    from && to ? pairRatio(list, from.program, to.program) : null;

  // A new pair starts from the agency's ratio for it; blank while the ratios load (the API then applies it).
  const prefillRatio = (from: AccountOption | undefined, to: AccountOption | undefined) => {
    const ratio = ratioOf(from, to, conversions.data);
    form.setValue('ratio', ratio === null ? '' : ratioText(ratio), { shouldDirty: true });
    form.clearErrors('ratio');
  };

  const chooseSource = (id: string) => {
    const next = sources.find((account) => account.id === id);
    form.setValue('source_account_id', id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    // Another holder's source leaves the chosen destination out.
    const keep = next && destination && transferDestinations(all, next).some((a) => a.id === destination.id);
    if (!keep && destinationId !== '') {
      form.setValue('destination_account_id', '', { shouldDirty: true });
      form.setValue('ratio', '', { shouldDirty: true });
    } else if (keep && next?.program !== source?.program) {
      prefillRatio(next, destination);
    }
  };

  // Ratios that arrive after the pair was chosen (a slow first load) fill 'Paridade' then, while
  // it is still blank: otherwise the form would show no ratio for a pair that has one.
  const pair = ratioOf(source, destination, conversions.data);
  useEffect(() => {
    if (pair === null || form.getValues('ratio') !== '') return;
    form.setValue('ratio', ratioText(pair), { shouldDirty: true });
  }, [pair, form]);

  const chooseDestination = (id: string) => {
    form.setValue('destination_account_id', id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    prefillRatio(
      source,
      destinations.find((account) => account.id === id),
    );
  };

  return {
    accounts,
    sources,
    destinations,
    source,
    destination,
    balances,
    pairRatio: pair,
    chooseSource,
    chooseDestination,
  };
}

export interface TransferAccountFieldsProps {
  form: TransferForm;
  fieldId: (name: 'source_account_id' | 'destination_account_id') => string;
  choice: TransferAccountChoice;
}

/** 'Conta de origem' and 'Conta de destino' (cells of the form's grid). */
export function TransferAccountFields({ form, fieldId, choice }: TransferAccountFieldsProps) {
  const { errors } = form.formState;
  const { accounts, sources, destinations, source, destination, balances, chooseSource, chooseDestination } = choice;
  const loading = accounts.isPending;
  const sourceBalance = source ? balances.get(source.id) : undefined;

  return (
    <>
      <FormField
        id={fieldId('source_account_id')}
        label="Conta de origem"
        error={errors.source_account_id?.message}
        hint={sourceHint(loading, sources.length, source, sourceBalance)}
        className="col-span-2"
      >
        <Select
          value={loading ? '' : (source?.id ?? '')}
          disabled={loading || sources.length === 0}
          onChange={(event) => chooseSource(event.target.value)}
        >
          {loading ? (
            <option value="">Carregando contas...</option>
          ) : (
            <>
              <option value="">
                {sources.length === 0 ? 'Nenhuma conta de pontos' : 'Selecione a conta de pontos'}
              </option>
              <AccountOptions accounts={sources} balances={balances} />
            </>
          )}
        </Select>
      </FormField>

      <FormField
        id={fieldId('destination_account_id')}
        label="Conta de destino"
        error={errors.destination_account_id?.message}
        hint={destinationHint(source, destinations.length)}
        className="col-span-2"
      >
        <Select
          value={destination?.id ?? ''}
          disabled={!source || destinations.length === 0}
          onChange={(event) => chooseDestination(event.target.value)}
        >
          <option value="">{source ? 'Selecione a companhia aérea' : 'Escolha antes a conta de origem'}</option>
          <AccountOptions accounts={destinations} />
        </Select>
      </FormField>

      {accounts.isError && (
        <QueryErrorState compact className="col-span-2" title="Erro ao carregar as contas" query={accounts} />
      )}
    </>
  );
}

function sourceHint(
  loading: boolean,
  count: number,
  source: AccountOption | undefined,
  balance: number | undefined,
): string | undefined {
  if (loading) return undefined;
  if (count === 0) return 'Cadastre um lote em uma conta Livelo, Esfera ou outro programa de pontos para transferir.';
  if (!source) return 'Livelo, Esfera ou outro programa de pontos.';
  return balance === undefined ? 'Carregando o saldo...' : `Saldo disponível: ${pointsText(balance)}.`;
}

function destinationHint(source: AccountOption | undefined, count: number): string {
  if (!source) return 'Uma conta de companhia aérea do mesmo titular da origem.';
  if (count === 0) {
    return source.client_name
      ? `${holderName(source)} não tem conta de companhia aérea cadastrada.`
      : 'A agência não tem conta de companhia aérea cadastrada.';
  }
  return source.client_name
    ? `Contas de companhia aérea de ${holderName(source)}.`
    : 'Contas de companhia aérea da agência.';
}

/** One option per account, in the catalogue's programme order; a points account shows its balance once known. */
function AccountOptions({
  accounts,
  balances,
}: {
  accounts: readonly AccountOption[];
  balances?: ReadonlyMap<string, number>;
}) {
  return sortByProgram(accounts).map((account) => (
    <option key={account.id} value={account.id}>
      {accountOptionLabel(account, balances?.get(account.id))}
    </option>
  ));
}

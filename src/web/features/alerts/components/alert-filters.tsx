import type { AccountOption } from '@domain/accounts/account.schema';
import type { ProgramKey } from '@domain/programs';
import { Select } from '@/components/ui/select';
import { ALERT_STATUS_LABELS } from '../alert-texts';
import type { AlertStatus } from '../types';

export type AlertAccountOption = Pick<AccountOption, 'id' | 'account_number' | 'nickname' | 'client_name'>;

export interface AccountFilterProps {
  /** The account filter follows the programme: without one it waits, disabled. */
  program: ProgramKey | null;
  /** The programme's accounts; undefined while they load. */
  accounts: readonly AlertAccountOption[] | undefined;
  value: string | null;
  onValueChange: (value: string | null) => void;
}

const accountText = (account: AlertAccountOption) =>
  [
    account.account_number,
    account.nickname && `(${account.nickname})`,
    account.client_name && `· ${account.client_name}`,
  ]
    .filter(Boolean)
    .join(' ');

/** 'Filtrar por conta': one of the chosen programme's loyalty accounts, or all. */
export function AccountFilter({ program, accounts, value, onValueChange }: AccountFilterProps) {
  // An account of a link whose list has not arrived (or left the list) stays chosen, shown by its id's start.
  const known = value === null || accounts === undefined || accounts.some((account) => account.id === value);
  return (
    <Select
      aria-label="Filtrar por conta"
      title={program === null ? 'Escolha um programa para filtrar por conta' : undefined}
      className="w-full sm:w-56"
      disabled={program === null && value === null}
      value={value ?? ''}
      onChange={(event) => onValueChange(event.target.value === '' ? null : event.target.value)}
    >
      <option value="">Todas as contas</option>
      {!known && value !== null && <option value={value}>Conta selecionada</option>}
      {accounts?.map((account) => (
        <option key={account.id} value={account.id}>
          {accountText(account)}
        </option>
      ))}
    </Select>
  );
}

/** Open alerts (the default) or the resolved ones. */
export function AlertStatusFilter({
  value,
  onValueChange,
}: {
  value: AlertStatus;
  onValueChange: (value: AlertStatus) => void;
}) {
  return (
    <Select
      aria-label="Situação dos alertas"
      className="w-full sm:w-36"
      value={value}
      onChange={(event) => onValueChange(event.target.value === 'resolved' ? 'resolved' : 'open')}
    >
      {(Object.keys(ALERT_STATUS_LABELS) as AlertStatus[]).map((status) => (
        <option key={status} value={status}>
          {ALERT_STATUS_LABELS[status]}
        </option>
      ))}
    </Select>
  );
}

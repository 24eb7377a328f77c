import type * as React from 'react';
import { useState } from 'react';
import { PlusIcon, XIcon } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { DUPLICATE_PROGRAM_MESSAGE } from '@domain/clients/client.schema';
import { programName, type ProgramKey } from '@domain/programs';
import { PROGRAM_OPTIONS, ProgramDot } from '@/components/program-label';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectOptions } from '@/components/ui/select';
import type { ClientForm } from '../client-form';

export interface ClientAccountsFieldsetProps {
  form: ClientForm;
  idPrefix: string;
}

/** 'Programas de Fidelidade': the client's loyalty accounts, one per program, added and removed in the form. */
export function ClientAccountsFieldset({ form, idPrefix }: ClientAccountsFieldsetProps) {
  const { errors } = form.formState;
  const accounts = useFieldArray({ control: form.control, name: 'loyalty_accounts', keyName: 'key' });

  const addAccount = (program: ProgramKey, accountNumber: string): string | null => {
    if (accounts.fields.some((account) => account.program === program)) return DUPLICATE_PROGRAM_MESSAGE;
    accounts.append({ program, account_number: accountNumber, nickname: null });
    return null;
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm leading-none font-medium">Programas de Fidelidade</legend>
      <NewAccountRow idPrefix={idPrefix} onAdd={addAccount} />
      {accounts.fields.length > 0 ? (
        <ul aria-label="Programas adicionados" className="divide-y rounded-md border">
          {accounts.fields.map((account, index) => {
            const error =
              errors.loyalty_accounts?.[index]?.program?.message ??
              errors.loyalty_accounts?.[index]?.account_number?.message;
            return (
              <li key={account.key} className="flex items-center gap-3 px-3 py-2 text-sm">
                <ProgramDot program={account.program} />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium">{programName(account.program)}</span>
                    <span className="truncate font-mono text-xs text-muted-foreground">{account.account_number}</span>
                    {account.nickname && <span className="text-xs text-muted-foreground">· {account.nickname}</span>}
                  </p>
                  {error && (
                    <p role="alert" className="text-[0.8rem] font-medium text-destructive">
                      {error}
                    </p>
                  )}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remover ${programName(account.program)}`}
                  onClick={() => accounts.remove(index)}
                >
                  <XIcon aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">Nenhum programa adicionado.</p>
      )}
      {errors.loyalty_accounts?.root?.message || errors.loyalty_accounts?.message ? (
        <p role="alert" className="text-[0.8rem] font-medium text-destructive">
          {errors.loyalty_accounts?.root?.message ?? errors.loyalty_accounts?.message}
        </p>
      ) : null}
    </fieldset>
  );
}

interface NewAccountRowProps {
  idPrefix: string;
  /** Adds the account; answers why it cannot be added, or null once it is. */
  onAdd: (program: ProgramKey, accountNumber: string) => string | null;
}

/** Program, account number and 'Adicionar': a new account joins the list, not the API, until the client is saved. */
function NewAccountRow({ idPrefix, onAdd }: NewAccountRowProps) {
  const [program, setProgram] = useState<ProgramKey | ''>('');
  const [accountNumber, setAccountNumber] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const canAdd = program !== '' && accountNumber.trim() !== '';

  const add = () => {
    if (program === '' || accountNumber.trim() === '') return;
    const refused = onAdd(program, accountNumber.trim());
    if (refused) {
      setAddError(refused);
      return;
    }
    setProgram('');
    setAccountNumber('');
    setAddError(null);
  };

  return (
    <>
      <div className="grid gap-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_auto]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-new-program`} className="sr-only">
            Programa
          </Label>
          <Select
            id={`${idPrefix}-new-program`}
            value={program}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? `${idPrefix}-new-program-error` : undefined}
            onChange={(event) => {
              setProgram(event.target.value as ProgramKey | '');
              setAddError(null);
            }}
          >
            <option value="">Programa</option>
            <SelectOptions options={PROGRAM_OPTIONS} />
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-new-account`} className="sr-only">
            Número da conta
          </Label>
          <Input
            id={`${idPrefix}-new-account`}
            placeholder="Número da conta"
            autoComplete="off"
            maxLength={60}
            value={accountNumber}
            onChange={(event) => setAccountNumber(event.target.value)}
            onKeyDown={(event: React.KeyboardEvent<HTMLInputElement>) => {
              // Enter here adds the account; it must not submit the whole client.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <Button type="button" variant="outline" onClick={add} disabled={!canAdd}>
          <PlusIcon aria-hidden="true" />
          Adicionar
        </Button>
      </div>
      {addError && (
        <p
          id={`${idPrefix}-new-program-error`}
          role="alert"
          className="text-[0.8rem] leading-snug font-medium text-destructive"
        >
          {addError}
        </p>
      )}
    </>
  );
}

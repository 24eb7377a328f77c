import type * as React from 'react';
import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, PlusIcon, XIcon } from 'lucide-react';
import type { z } from 'zod';
import { useFieldArray, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import {
  CLIENT_STATUSES,
  clientInputSchema,
  DUPLICATE_PROGRAM_MESSAGE,
  type ClientInput,
  type ClientStatus,
} from '@domain/clients/client.schema';
import { CLIENT_STATUS_LABELS } from '@domain/clients/client.rules';
import { CPF_LENGTH, formatCpfOrCnpj, maskCnpj, maskCpf, maskPhone, onlyDigits } from '@domain/documents';
import { isProgramKey, PROGRAM_LIST, programName, type ProgramKey } from '@domain/programs';
import { ProgramDot } from '@/components/program-label';
import { Button } from '@/components/ui/button';
import { FormDateInput } from '@/components/ui/date-input';
import { DialogFooter } from '@/components/ui/dialog';
import { FormDialog, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { saveRecord, withMask, type SaveTexts } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';
import type { Client } from '../types';

/** What the inputs hold: masked CPF and phone, '' for empty (clientInputSchema turns them into the API's values). */
interface ClientFormValues {
  name: string;
  status: ClientStatus;
  email: string;
  phone: string;
  document: string;
  birth_date: string;
  notes: string;
  tags: string[];
  loyalty_accounts: { id?: string; program: ProgramKey; account_number: string; nickname: string | null }[];
}

// Keeps the resolver cast below honest: this fails to compile unless every form value is one
// the schema accepts.
type Assignable<T extends U, U> = T;
type _FormFitsSchema = Assignable<ClientFormValues, z.input<typeof clientInputSchema>>;

/* The field is labelled CPF (spec part 1 §2) but companies are clients too: past 11 digits the
   mask becomes the CNPJ one, which the shared schema accepts. */
function maskDocument(typed: string): string {
  return onlyDigits(typed).length > CPF_LENGTH ? maskCnpj(typed) : maskCpf(typed);
}

function toFormValues(client: Client | null): ClientFormValues {
  if (!client) {
    return { name: '', status: 'active', email: '', phone: '', document: '', birth_date: '', notes: '', tags: [], loyalty_accounts: [] };
  }
  return {
    name: client.name,
    status: client.status,
    email: client.email ?? '',
    phone: client.phone ? maskPhone(client.phone) : '',
    document: client.document ? formatCpfOrCnpj(client.document) : '',
    birth_date: client.birth_date ?? '',
    notes: client.notes ?? '',
    tags: client.tags,
    loyalty_accounts: client.loyalty_accounts.flatMap((a) =>
      isProgramKey(a.program) ? [{ id: a.id, program: a.program, account_number: a.account_number, nickname: a.nickname }] : [],
    ),
  };
}

const BASE_FIELDS = ['name', 'status', 'email', 'phone', 'document', 'birth_date', 'notes'] as const;

export interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; null creates a new one. */
  client: Client | null;
  onSaved?: (client: Client) => void;
}

const CLIENT_SAVE_TEXTS: SaveTexts = {
  created: { title: 'Cliente criado', description: 'Cliente criado com sucesso!' },
  updated: { title: 'Cliente atualizado', description: 'Cliente atualizado com sucesso!' },
  createFailed: 'Erro ao criar cliente',
  updateFailed: 'Erro ao atualizar cliente',
};

/** 'Novo Cliente' / 'Editar Cliente' (spec part 1 §2, rules of §5). */
export function ClientFormDialog({ open, onOpenChange, client, onSaved }: ClientFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-[600px]"
      title={client ? 'Editar Cliente' : 'Novo Cliente'}
      description={client ? 'Edite as informações do cliente abaixo.' : 'Preencha as informações do novo cliente.'}
      onSaved={onSaved}
    >
      {(guard) => <ClientForm client={client} {...guard} />}
    </FormDialog>
  );
}

interface ClientFormProps extends FormDialogGuard<Client> {
  client: Client | null;
}

function ClientForm({ client, onBusyChange, onDirtyChange, onCancel, onSaved }: ClientFormProps) {
  const create = useCreateClient();
  const update = useUpdateClient();
  const form = useForm<ClientFormValues, unknown, ClientInput>({
    // The form's values are a narrower shape of the schema's input (no undefined or null fields).
    resolver: zodResolver(clientInputSchema) as unknown as Resolver<ClientFormValues, unknown, ClientInput>,
    defaultValues: toFormValues(client),
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const accounts = useFieldArray({ control: form.control, name: 'loyalty_accounts', keyName: 'key' });
  const pending = create.isPending || update.isPending;
  const idPrefix = client ? `client-${client.id}` : 'client-new';

  const [newProgram, setNewProgram] = useState<ProgramKey | ''>('');
  const [newAccountNumber, setNewAccountNumber] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const canAdd = newProgram !== '' && newAccountNumber.trim() !== '';

  const addAccount = () => {
    if (newProgram === '' || newAccountNumber.trim() === '') return;
    if (accounts.fields.some((account) => account.program === newProgram)) {
      setAddError(DUPLICATE_PROGRAM_MESSAGE);
      return;
    }
    accounts.append({ program: newProgram, account_number: newAccountNumber.trim(), nickname: null });
    setNewProgram('');
    setNewAccountNumber('');
    setAddError(null);
  };

  useEffect(() => onBusyChange(pending), [pending, onBusyChange]);
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = form.handleSubmit((input) =>
    saveRecord({
      id: client?.id ?? null,
      input,
      create,
      update,
      texts: CLIENT_SAVE_TEXTS,
      setError: form.setError,
      knownFields: [...BASE_FIELDS, ...input.loyalty_accounts.map((_, i) => `loyalty_accounts.${i}.program`)],
      onSaved,
    }),
  );

  const fieldId = (name: FieldPath<ClientFormValues>) => `${idPrefix}-${name.replace(/[._]/g, '-')}`;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={client ? 'Editar Cliente' : 'Novo Cliente'} className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId('name')} label="Nome *" error={errors.name?.message}>
          <Input autoComplete="off" autoFocus placeholder="Nome completo" aria-required="true" {...form.register('name')} />
        </FormField>
        <FormField id={fieldId('status')} label="Status" error={errors.status?.message}>
          <Select {...form.register('status')}>
            {CLIENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CLIENT_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={fieldId('email')} label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="cliente@exemplo.com"
            {...form.register('email')}
          />
        </FormField>
        <FormField id={fieldId('phone')} label="Telefone" error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" placeholder="(11) 99999-9999" maxLength={15} {...withMask(form.register('phone'), maskPhone)} />
        </FormField>
        <FormField id={fieldId('document')} label="CPF" error={errors.document?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={18}
            {...withMask(form.register('document'), maskDocument)}
          />
        </FormField>
        <FormField id={fieldId('birth_date')} label="Data de Nascimento" error={errors.birth_date?.message}>
          <FormDateInput control={form.control} name="birth_date" />
        </FormField>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm leading-none font-medium">Programas de Fidelidade</legend>
        <div className="grid gap-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor={`${idPrefix}-new-program`} className="sr-only">
              Programa
            </Label>
            <Select
              id={`${idPrefix}-new-program`}
              value={newProgram}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? `${idPrefix}-new-program-error` : undefined}
              onChange={(event) => {
                setNewProgram(event.target.value as ProgramKey | '');
                setAddError(null);
              }}
            >
              <option value="">Programa</option>
              {PROGRAM_LIST.map((program) => (
                <option key={program.key} value={program.key}>
                  {program.name}
                </option>
              ))}
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
              value={newAccountNumber}
              onChange={(event) => setNewAccountNumber(event.target.value)}
              onKeyDown={(event: React.KeyboardEvent<HTMLInputElement>) => {
                // Enter here adds the account; it must not submit the whole client.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addAccount();
                }
              }}
            />
          </div>
          <Button type="button" variant="outline" onClick={addAccount} disabled={!canAdd}>
            <PlusIcon aria-hidden="true" />
            Adicionar
          </Button>
        </div>
        {addError && (
          <p id={`${idPrefix}-new-program-error`} role="alert" className="text-[0.8rem] leading-snug font-medium text-destructive">
            {addError}
          </p>
        )}
        {accounts.fields.length > 0 ? (
          <ul aria-label="Programas adicionados" className="divide-y rounded-md border">
            {accounts.fields.map((account, index) => {
              const error = errors.loyalty_accounts?.[index]?.program?.message ?? errors.loyalty_accounts?.[index]?.account_number?.message;
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

      <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message}>
        <Textarea rows={3} placeholder="Preferências, restrições, observações gerais..." {...form.register('notes')} />
      </FormField>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending} className={cn(pending && 'cursor-wait')}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin" />}
          {pending ? 'Salvando...' : client ? 'Atualizar' : 'Criar'}
        </Button>
      </DialogFooter>
    </form>
  );
}

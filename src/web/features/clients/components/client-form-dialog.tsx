import { useEffect } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { ClientInput } from '@domain/clients/client.schema';
import { FormDialog, FormDialogFooter, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { saveRecord, submitHandler, type SaveTexts } from '@/lib/form';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';
import { CLIENT_BASE_FIELDS, clientFormResolver, toClientFormValues, type ClientFormValues } from '../client-form';
import type { Client } from '../types';
import { ClientAccountsFieldset } from './client-accounts-fieldset';
import { ClientDetailsFields } from './client-details-fields';

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
    resolver: clientFormResolver,
    defaultValues: toClientFormValues(client),
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const pending = create.isPending || update.isPending;
  const idPrefix = client ? `client-${client.id}` : 'client-new';

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
      knownFields: [...CLIENT_BASE_FIELDS, ...input.loyalty_accounts.map((_, i) => `loyalty_accounts.${i}.program`)],
      onSaved,
    }),
  );

  const fieldId = (name: FieldPath<ClientFormValues>) => `${idPrefix}-${name.replace(/[._]/g, '-')}`;

  return (
    <form
      onSubmit={submitHandler(onSubmit)}
      noValidate
      aria-label={client ? 'Editar Cliente' : 'Novo Cliente'}
      className="grid gap-5"
    >
      <ClientDetailsFields form={form} fieldId={fieldId} />
      <ClientAccountsFieldset form={form} idPrefix={idPrefix} />
      <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message}>
        <Textarea rows={3} placeholder="Preferências, restrições, observações gerais..." {...form.register('notes')} />
      </FormField>
      <FormDialogFooter pending={pending} editing={client !== null} onCancel={onCancel} />
    </form>
  );
}

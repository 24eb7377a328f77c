import { useForm, type FieldPath } from 'react-hook-form';
import type { ClientInput } from '@domain/clients/client.schema';
import { FormDialog, RecordForm, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { saveRecord, type RecordFormTexts } from '@/lib/form';
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

const TEXTS: Record<'create' | 'update', RecordFormTexts> = {
  create: {
    title: 'Novo Cliente',
    description: 'Preencha as informações do novo cliente.',
    saved: { title: 'Cliente criado', description: 'Cliente criado com sucesso!' },
    failed: 'Erro ao criar cliente',
  },
  update: {
    title: 'Editar Cliente',
    description: 'Edite as informações do cliente abaixo.',
    saved: { title: 'Cliente atualizado', description: 'Cliente atualizado com sucesso!' },
    failed: 'Erro ao atualizar cliente',
  },
};

/** 'Novo Cliente' / 'Editar Cliente' (spec part 1 §2, rules of §5). */
export function ClientFormDialog({ client, ...dialog }: ClientFormDialogProps) {
  const texts = client ? TEXTS.update : TEXTS.create;
  return (
    <FormDialog {...dialog} className="sm:max-w-[600px]" title={texts.title} description={texts.description}>
      {(guard) => <ClientForm client={client} texts={texts} {...guard} />}
    </FormDialog>
  );
}

interface ClientFormProps extends FormDialogGuard<Client> {
  client: Client | null;
  texts: RecordFormTexts;
}

function ClientForm({ client, texts, onCancel, onSaved, ...guard }: ClientFormProps) {
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
  useDialogGuard(guard, pending, isDirty);

  const onSubmit = form.handleSubmit((input) =>
    saveRecord({
      id: client?.id ?? null,
      input,
      create,
      update,
      texts,
      setError: form.setError,
      knownFields: [...CLIENT_BASE_FIELDS, ...input.loyalty_accounts.map((_, i) => `loyalty_accounts.${i}.program`)],
      onSaved,
    }),
  );

  const fieldId = (name: FieldPath<ClientFormValues>) => `${idPrefix}-${name.replace(/[._]/g, '-')}`;

  return (
    <RecordForm label={texts.title} onSubmit={onSubmit} pending={pending} editing={client !== null} onCancel={onCancel}>
      <ClientDetailsFields form={form} fieldId={fieldId} />
      <ClientAccountsFieldset form={form} idPrefix={idPrefix} />
      <FormField id={fieldId('notes')} label="Observações" error={errors.notes?.message}>
        <Textarea rows={3} placeholder="Preferências, restrições, observações gerais..." {...form.register('notes')} />
      </FormField>
    </RecordForm>
  );
}

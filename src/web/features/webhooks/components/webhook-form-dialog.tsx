import { Controller, useForm, type FieldPath } from 'react-hook-form';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_TEXTS,
  webhookEventOptions,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '@domain/webhooks/webhook.schema';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog, RecordForm, useDialogGuard, type FormDialogGuard } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { saveRecord, type RecordFormTexts } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { toWebhookFormState, WEBHOOK_FORM_FIELDS, webhookFormResolver, type WebhookFormState } from '../webhook-form';

export interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint to edit; null creates a new one. */
  endpoint: WebhookEndpoint | null;
  /** After the dialog closed on a save: a new endpoint comes with its secret. */
  onSaved: (saved: WebhookEndpoint) => void;
}

const TEXTS: Record<'create' | 'update', RecordFormTexts> = {
  create: {
    title: 'Novo endpoint',
    description: 'Informe a URL https:// que receberá os eventos e escolha quais eventos enviar.',
    saved: WEBHOOK_TEXTS.created,
    failed: WEBHOOK_TEXTS.createError,
  },
  update: {
    title: 'Editar endpoint',
    description: 'Altere a URL, a descrição, os eventos ou se o endpoint está ativo.',
    saved: WEBHOOK_TEXTS.updated,
    failed: WEBHOOK_TEXTS.updateError,
  },
};

const EVENT_OPTIONS = webhookEventOptions();

/** 'Novo endpoint' / 'Editar endpoint'. */
export function WebhookFormDialog({ endpoint, onSaved, ...dialog }: WebhookFormDialogProps) {
  const texts = endpoint ? TEXTS.update : TEXTS.create;
  return (
    <FormDialog<WebhookEndpoint>
      {...dialog}
      onSaved={onSaved}
      className="sm:max-w-[600px]"
      title={texts.title}
      description={texts.description}
    >
      {(guard) => <WebhookForm endpoint={endpoint} texts={texts} {...guard} />}
    </FormDialog>
  );
}

interface WebhookFormProps extends FormDialogGuard<WebhookEndpoint> {
  endpoint: WebhookEndpoint | null;
  texts: RecordFormTexts;
}

function WebhookForm({ endpoint, texts, onCancel, onSaved, ...guard }: WebhookFormProps) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useForm<WebhookFormState, unknown, WebhookEndpointInput>({
    resolver: webhookFormResolver,
    defaultValues: toWebhookFormState(endpoint),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = form.formState;
  const pending = create.isPending || update.isPending;
  useDialogGuard(guard, pending, isDirty);

  const idPrefix = endpoint ? `webhook-${endpoint.id}` : 'webhook-new';
  const fieldId = (name: FieldPath<WebhookFormState>) => `${idPrefix}-${name.replace(/_/g, '-')}`;
  const onSubmit = form.handleSubmit((input) =>
    saveRecord<WebhookEndpointInput, WebhookEndpoint, WebhookFormState>({
      id: endpoint?.id ?? null,
      input,
      create,
      update,
      texts,
      setError: form.setError,
      knownFields: WEBHOOK_FORM_FIELDS,
      onSaved,
    }),
  );
  const eventsError = errors.event_types?.message ?? errors.event_types?.root?.message;
  const eventsId = fieldId('event_types');

  return (
    <RecordForm
      label={texts.title}
      onSubmit={onSubmit}
      pending={pending}
      editing={endpoint !== null}
      onCancel={onCancel}
    >
      <FormField
        id={fieldId('url')}
        label="URL"
        error={errors.url?.message}
        hint="Somente https://. Endereços da rede interna não são aceitos."
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://seu-sistema.com.br/webhooks/milheiro"
          {...form.register('url')}
        />
      </FormField>
      <FormField id={fieldId('description')} label="Descrição (opcional)" error={errors.description?.message}>
        <Input autoComplete="off" maxLength={WEBHOOK_DESCRIPTION_MAX} {...form.register('description')} />
      </FormField>
      <fieldset
        className="grid gap-3"
        aria-describedby={eventsError ? `${eventsId}-error` : undefined}
        aria-invalid={eventsError ? true : undefined}
      >
        <legend className={cn('mb-3 text-sm leading-none font-medium', eventsError && 'text-destructive')}>
          Eventos
        </legend>
        <Controller
          control={form.control}
          name="event_types"
          render={({ field }) => (
            <div className="grid gap-3 sm:grid-cols-2">
              {EVENT_OPTIONS.map((option, index) => {
                const id = `${eventsId}-${option.value.replace('.', '-')}`;
                const checked = field.value.includes(option.value);
                return (
                  <div key={option.value} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      ref={index === 0 ? field.ref : undefined}
                      checked={checked}
                      onBlur={field.onBlur}
                      onCheckedChange={(next) =>
                        field.onChange(
                          next === true
                            ? [...field.value, option.value]
                            : field.value.filter((type) => type !== option.value),
                        )
                      }
                    />
                    <Label htmlFor={id} className="font-normal">
                      {option.label}
                    </Label>
                  </div>
                );
              })}
            </div>
          )}
        />
        {eventsError && (
          <p id={`${eventsId}-error`} role="alert" className="text-[0.8rem] leading-snug font-medium text-destructive">
            {eventsError}
          </p>
        )}
      </fieldset>
      <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
        <div className="space-y-1">
          <Label htmlFor={fieldId('enabled')}>Ativo</Label>
          <p id={`${fieldId('enabled')}-description`} className="text-sm text-muted-foreground">
            Desativado, o endpoint não recebe eventos.
          </p>
        </div>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              id={fieldId('enabled')}
              aria-describedby={`${fieldId('enabled')}-description`}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </div>
    </RecordForm>
  );
}

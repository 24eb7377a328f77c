import { zodResolver } from '@hookform/resolvers/zod';
import { SaveIcon } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { notificationPrefsSchema, type NotificationPrefs } from '@domain/agency/agency.schema';
import { FormCard, FormCardQuery } from '@/components/form-card';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { saveInPlace } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { EmailFrequencyField } from './email-frequency-field';

type SwitchName = {
  [K in keyof NotificationPrefs]: NotificationPrefs[K] extends boolean ? K : never;
}[keyof NotificationPrefs];

const OPTIONS: readonly { name: SwitchName; label: string; description: string }[] = [
  {
    name: 'email_notifications',
    label: 'Notificações por e-mail',
    description: 'Receber por e-mail os alertas marcados abaixo, além de vê-los no Centro de Alertas.',
  },
  {
    name: 'lot_expiring',
    label: 'Lotes próximos do vencimento',
    description: 'Avisar quando um lote com milhas disponíveis entrar no prazo de alerta de vencimento.',
  },
  {
    name: 'sla_exceeded',
    label: 'SLA de emissão estourado',
    description: 'Avisar quando uma emissão passar da meta de horas entre a submissão e a emissão.',
  },
  {
    name: 'margin_critical',
    label: 'Margem crítica',
    description: 'Avisar quando a margem de uma emissão ficar abaixo do mínimo definido nas regras.',
  },
];

const SAVE_TEXTS = { saved: 'Preferências salvas', failed: 'Erro ao salvar preferências' };

export function NotificationPreferencesForm() {
  const prefs = useNotificationPreferences();
  return (
    <FormCardQuery query={prefs} fields={5} errorTitle="Erro ao carregar preferências">
      {(loaded) => <NotificationPreferencesFormLoaded prefs={loaded} />}
    </FormCardQuery>
  );
}

function NotificationPreferencesFormLoaded({ prefs }: { prefs: NotificationPrefs }) {
  const update = useUpdateNotificationPreferences();
  const form = useForm<NotificationPrefs>({ resolver: zodResolver(notificationPrefsSchema), defaultValues: prefs });
  const emailOn = useWatch({ control: form.control, name: 'email_notifications' });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, saveInPlace(form, SAVE_TEXTS, { toValues: (saved) => saved })),
  );

  return (
    <FormCard
      label="Preferências de notificação"
      title="Notificações"
      description="Escolha quais avisos você quer receber. As preferências valem só para o seu usuário."
      onSubmit={onSubmit}
      footer={
        <SubmitButton pending={update.isPending} icon={SaveIcon}>
          Salvar preferências
        </SubmitButton>
      }
    >
      <ul className="divide-y rounded-lg border">
        {OPTIONS.map((option) => {
          const id = `notification-${option.name.replaceAll('_', '-')}`;
          return (
            <li key={option.name} className={cn(option.name === 'email_notifications' ? 'space-y-4 p-4' : 'p-4')}>
              <div className="flex items-start justify-between gap-4">
                <div className="space-y-1">
                  <Label htmlFor={id}>{option.label}</Label>
                  <p id={`${id}-description`} className="text-sm text-muted-foreground">
                    {option.description}
                  </p>
                </div>
                <Controller
                  control={form.control}
                  name={option.name}
                  render={({ field }) => (
                    <Switch
                      id={id}
                      aria-describedby={`${id}-description`}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      className="mt-0.5"
                    />
                  )}
                />
              </div>
              {option.name === 'email_notifications' && (
                <Controller
                  control={form.control}
                  name="email_frequency"
                  render={({ field }) => <EmailFrequencyField field={field} disabled={!emailOn} />}
                />
              )}
            </li>
          );
        })}
      </ul>
    </FormCard>
  );
}

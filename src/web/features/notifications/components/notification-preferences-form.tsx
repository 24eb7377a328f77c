import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon, SaveIcon } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { notificationPrefsSchema, type NotificationPrefs } from '@domain/agency/agency.schema';
import { FormCardSkeleton } from '@/components/form-card-skeleton';
import { QueryErrorState } from '@/components/query-error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { SUCCESS_MESSAGES } from '@/config/messages';
import { submitHandler } from '@/lib/form';
import { toast, toastError } from '@/lib/toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

const OPTIONS: readonly { name: keyof NotificationPrefs; label: string; description: string }[] = [
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

export function NotificationPreferencesForm() {
  const prefs = useNotificationPreferences();
  if (prefs.isPending) return <FormCardSkeleton fields={4} />;
  if (prefs.isError) {
    return (
      <QueryErrorState
        title="Erro ao carregar preferências"
        error={prefs.error}
        onRetry={() => void prefs.refetch()}
        retrying={prefs.isFetching}
      />
    );
  }
  return <NotificationPreferencesFormLoaded prefs={prefs.data} />;
}

function NotificationPreferencesFormLoaded({ prefs }: { prefs: NotificationPrefs }) {
  const update = useUpdateNotificationPreferences();
  const form = useForm<NotificationPrefs>({ resolver: zodResolver(notificationPrefsSchema), defaultValues: prefs });

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success('Preferências salvas', { description: SUCCESS_MESSAGES.updated });
      },
      onError: (error) => toastError('Erro ao salvar preferências', error),
    });
  });

  return (
    <Card>
      <form
        onSubmit={submitHandler(onSubmit)}
        noValidate
        aria-label="Preferências de notificação"
        className="flex flex-col gap-5"
      >
        <CardHeader>
          <CardTitle>Notificações</CardTitle>
          <CardDescription>
            Escolha quais avisos você quer receber. As preferências valem só para o seu usuário.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y rounded-lg border">
            {OPTIONS.map((option) => {
              const id = `notification-${option.name.replaceAll('_', '-')}`;
              return (
                <li key={option.name} className="flex items-start justify-between gap-4 p-4">
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
                </li>
              );
            })}
          </ul>
        </CardContent>
        <CardFooter className="justify-end border-t pt-5">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? (
              <Loader2Icon aria-hidden="true" className="animate-spin" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            Salvar preferências
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

import { CheckCheckIcon } from 'lucide-react';
import { ALERT_KIND_LABELS } from '@domain/alerts/alert.schema';
import { Button } from '@/components/ui/button';
import { toast, toastError } from '@/lib/toast';
import { useMarkAllAlertsRead } from '../api/mark-all-alerts-read';
import { ALERT_TEXTS } from '../alert-texts';
import type { AlertKind } from '../types';

export interface MarkAllReadButtonProps {
  kind: AlertKind;
  /** Unread open alerts in the tab; the button waits while there are none. */
  unread: number;
}

/** 'Marcar todos como lidos': every open alert of the tab, whatever the filters. */
export function MarkAllReadButton({ kind, unread }: MarkAllReadButtonProps) {
  const markAll = useMarkAllAlertsRead();
  const click = () =>
    markAll.mutate(
      { kind },
      {
        onSuccess: ({ updated }) =>
          toast.success('Alertas marcados como lidos', {
            description: `${updated} ${updated === 1 ? 'alerta' : 'alertas'} de ${ALERT_KIND_LABELS[kind]} ${updated === 1 ? 'marcado como lido' : 'marcados como lidos'}.`,
          }),
        onError: (error) => toastError('Erro ao marcar alertas como lidos', error),
      },
    );
  return (
    <Button variant="outline" onClick={click} disabled={unread === 0 || markAll.isPending}>
      <CheckCheckIcon aria-hidden="true" />
      {ALERT_TEXTS.markAllRead}
    </Button>
  );
}

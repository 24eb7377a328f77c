import { MailIcon, MailOpenIcon } from 'lucide-react';
import { Link } from 'react-router';
import { GenerateReportButton } from '@/components/generate-report-button';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { toastError } from '@/lib/toast';
import { useMarkAlertRead } from '../api/mark-alert-read';
import { ALERT_TEXTS } from '../alert-texts';
import type { Alert } from '../types';

/** Where the alert's cause is: the lot, or the emission. */
export function alertTarget(alert: Pick<Alert, 'lot' | 'emission'>): { label: string; to: string } | null {
  if (alert.lot) return { label: 'Ver Lote', to: `/lotes/${alert.lot.id}` };
  if (alert.emission) return { label: 'Ver Emissão', to: `/emissoes/${alert.emission.id}` };
  return null;
}

export interface AlertActionsProps {
  alert: Alert;
  /** The phone's cards: the read toggle with its text, the buttons sharing the width. */
  withText?: boolean;
  className?: string;
}

/** A row's 'Ver Lote' or 'Ver Emissão', and its read toggle. */
export function AlertActions({ alert, withText = false, className }: AlertActionsProps) {
  const markRead = useMarkAlertRead();
  const target = alertTarget(alert);
  const label = alert.is_read ? ALERT_TEXTS.markUnread : ALERT_TEXTS.markRead;
  const Icon = alert.is_read ? MailIcon : MailOpenIcon;
  const toggle = () =>
    markRead.mutate(
      { id: alert.id, is_read: !alert.is_read },
      { onError: (error) => toastError('Erro ao atualizar alerta', error) },
    );
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      {target && (
        <Button asChild variant="outline" size="sm" className={cn(withText && 'flex-1')}>
          <Link to={target.to}>{target.label}</Link>
        </Button>
      )}
      {(alert.lot ?? alert.emission) && (
        <GenerateReportButton
          variant="ghost"
          size="icon-sm"
          input={
            alert.lot ? { ref_type: 'lot', ref_id: alert.lot.id } : { ref_type: 'emission', ref_id: alert.emission!.id }
          }
          aria-label={alert.lot ? 'Gerar PDF do lote' : 'Gerar PDF da emissão'}
          title={alert.lot ? 'Gerar PDF do lote' : 'Gerar PDF da emissão'}
        >
          {null}
        </GenerateReportButton>
      )}
      <Button
        variant="ghost"
        size={withText ? 'sm' : 'icon-sm'}
        className={cn(withText && 'flex-1')}
        aria-label={withText ? undefined : label}
        title={withText ? undefined : label}
        disabled={markRead.isPending}
        onClick={toggle}
      >
        <Icon aria-hidden="true" />
        {withText && label}
      </Button>
    </div>
  );
}

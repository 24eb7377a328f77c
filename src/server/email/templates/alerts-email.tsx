import { Button, Section, Text } from '@react-email/components';
import { ALERT_KIND_LABELS } from '../../../domain/alerts/alert.schema';
import { AlertItems } from './alert-items';
import { appLink, EmailLayout, styles, type EmailContext } from './email-layout';
import type { AlertsData } from './template-data';

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** "Novo alerta: Margem Crítica" for one; "3 novos alertas no Milheiro" for several. */
export function alertsSubject(data: AlertsData): string {
  const [only] = data.alerts;
  if (data.alerts.length === 1 && only) return `Novo alerta: ${ALERT_KIND_LABELS[only.kind]}`;
  return `${data.alerts.length} novos alertas no Milheiro`;
}

/** The `alerts` template: the alerts a write or a scan just opened, for a user who wants them at once. */
export function AlertsEmail({ data, ...context }: { data: AlertsData } & EmailContext) {
  const count = data.alerts.length;
  const intro =
    count === 1
      ? `Um novo alerta foi aberto em ${context.agencyName}:`
      : `${count} novos alertas foram abertos em ${context.agencyName}:`;
  return (
    <EmailLayout
      {...context}
      preview={data.alerts
        .slice(0, 3)
        .map((a) => a.message)
        .join(' · ')}
      title={alertsSubject(data)}
      footer="Você recebe este e-mail porque ativou as notificações por e-mail destes alertas no Milheiro."
    >
      <Text style={styles.text}>Olá, {firstName(data.user_name)}.</Text>
      <Text style={styles.text}>{intro}</Text>
      <AlertItems alerts={data.alerts} appUrl={context.appUrl} />
      <Section style={{ margin: '8px 0 0' }}>
        <Button href={appLink(context.appUrl, '/alertas')} style={styles.button}>
          Abrir o Centro de Alertas
        </Button>
      </Section>
    </EmailLayout>
  );
}

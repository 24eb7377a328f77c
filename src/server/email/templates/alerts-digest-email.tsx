import { Button, Section, Text } from '@react-email/components';
import { formatDate } from '../../../domain/format';
import { AlertItems } from './alert-items';
import { firstName } from './alerts-email';
import { appLink, EmailLayout, styles, type EmailContext } from './email-layout';
import type { AlertsDigestData } from './template-data';

/** "Resumo diário: 3 alertas em 15/03/2026". */
export function alertsDigestSubject(data: AlertsDigestData): string {
  const count = data.alerts.length;
  return `Resumo diário: ${count === 1 ? '1 alerta' : `${count} alertas`} em ${formatDate(data.day)}`;
}

/** The `alerts.digest` template: the alerts opened since the previous digest, for a user who chose one a day. */
export function AlertsDigestEmail({ data, ...context }: { data: AlertsDigestData } & EmailContext) {
  const count = data.alerts.length;
  return (
    <EmailLayout
      {...context}
      preview={`${count === 1 ? '1 alerta aberto' : `${count} alertas abertos`} desde o último resumo`}
      title={`Resumo diário de alertas — ${formatDate(data.day)}`}
      footer="Você recebe este resumo porque escolheu receber os alertas por e-mail uma vez por dia."
    >
      <Text style={styles.text}>Olá, {firstName(data.user_name)}.</Text>
      <Text style={styles.text}>
        {count === 1
          ? `Desde o último resumo, 1 alerta foi aberto em ${context.agencyName}:`
          : `Desde o último resumo, ${count} alertas foram abertos em ${context.agencyName}:`}
      </Text>
      <AlertItems alerts={data.alerts} appUrl={context.appUrl} />
      <Section style={{ margin: '8px 0 0' }}>
        <Button href={appLink(context.appUrl, '/alertas')} style={styles.button}>
          Abrir o Centro de Alertas
        </Button>
      </Section>
    </EmailLayout>
  );
}

import { Button, CodeInline, Section, Text } from '@react-email/components';
import { appLink, EmailLayout, styles, type EmailContext } from './email-layout';
import type { WebhookDisabledData } from './template-data';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export const webhookDisabledSubject = (data: WebhookDisabledData) => `Webhook desativado: ${hostOf(data.url)}`;

/** The `webhook.disabled` template: an endpoint the sender gave up on (410, or failing for days). */
export function WebhookDisabledEmail({ data, ...context }: { data: WebhookDisabledData } & EmailContext) {
  return (
    <EmailLayout
      {...context}
      preview={`Os eventos deixaram de ser enviados para ${hostOf(data.url)}`}
      title="Um webhook foi desativado"
      footer="Você recebe este e-mail porque administra a agência no Milheiro."
    >
      <Text style={styles.text}>O Milheiro deixou de enviar eventos de {context.agencyName} para este endereço:</Text>
      <Text style={styles.text}>
        <CodeInline>{data.url}</CodeInline>
      </Text>
      <Text style={styles.text}>Motivo: {data.reason}</Text>
      <Text style={styles.text}>
        Corrija o receptor e reative o webhook em Configurações → Webhooks; as entregas que falharam podem ser
        reenviadas pelo histórico de entregas.
      </Text>
      <Section style={{ margin: '8px 0 0' }}>
        <Button href={appLink(context.appUrl, '/config?tab=webhooks')} style={styles.button}>
          Abrir os webhooks
        </Button>
      </Section>
    </EmailLayout>
  );
}

import { render, toPlainText } from '@react-email/render';
import type { z } from 'zod';
import { AlertsDigestEmail, alertsDigestSubject } from './alerts-digest-email';
import { AlertsEmail, alertsSubject } from './alerts-email';
import type { EmailContext } from './email-layout';
import { PasswordResetEmail, passwordResetSubject } from './password-reset-email';
import { InvitationEmail, invitationSubject } from './invitation-email';
import { ProposalEmail, proposalSubject } from './proposal-email';
import {
  alertsDataSchema,
  alertsDigestDataSchema,
  invitationDataSchema,
  passwordResetDataSchema,
  proposalDataSchema,
  webhookDisabledDataSchema,
} from './template-data';
import { WebhookDisabledEmail, webhookDisabledSubject } from './webhook-disabled-email';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A row that can never be rendered (unknown template, malformed data): failed at once, never retried. */
export class EmailTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmailTemplateError';
  }
}

function parse<S extends z.ZodType>(schema: S, template: string, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new EmailTemplateError(
      `Dados inválidos para o modelo de e-mail ${template}${first ? ` (${first.path.join('.') || 'dados'}: ${first.message})` : ''}`,
    );
  }
  return parsed.data;
}

function build(template: string, data: unknown, context: EmailContext) {
  switch (template) {
    case 'alerts': {
      const d = parse(alertsDataSchema, template, data);
      return { subject: alertsSubject(d), element: <AlertsEmail data={d} {...context} /> };
    }
    case 'alerts.digest': {
      const d = parse(alertsDigestDataSchema, template, data);
      return { subject: alertsDigestSubject(d), element: <AlertsDigestEmail data={d} {...context} /> };
    }
    case 'webhook.disabled': {
      const d = parse(webhookDisabledDataSchema, template, data);
      return { subject: webhookDisabledSubject(d), element: <WebhookDisabledEmail data={d} {...context} /> };
    }
    case 'proposal': {
      const d = parse(proposalDataSchema, template, data);
      return { subject: proposalSubject(d, context.agencyName), element: <ProposalEmail data={d} {...context} /> };
    }
    case 'password_reset': {
      const d = parse(passwordResetDataSchema, template, data);
      return { subject: passwordResetSubject(), element: <PasswordResetEmail data={d} {...context} /> };
    }
    case 'invitation': {
      const d = parse(invitationDataSchema, template, data);
      return { subject: invitationSubject(d, context.agencyName), element: <InvitationEmail data={d} {...context} /> };
    }
    default:
      throw new EmailTemplateError(`Modelo de e-mail desconhecido: ${template}`);
  }
}

/** An outbox row's subject, HTML and plain-text part (the text taken from the same HTML, links kept). */
export async function renderEmail(
  { template, data }: { template: string; data: unknown },
  context: EmailContext,
): Promise<RenderedEmail> {
  const { subject, element } = build(template, data, context);
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}

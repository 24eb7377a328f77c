import { z } from '../zod';
import { emptyToUndefined, limitParamSchema, pageParamSchema } from '../query.schema';
import { idSchema, pagedSchema, timestampSchema } from '../response.schema';

// The e-mail outbox (issue #16, DESIGN §1 "e-mail"): every message the app sends, kept and readable
// by the admin in /config → Notificações, sent or waiting for SMTP.

/**
 * pending: waiting for its (next) attempt; sent: the SMTP server took it; held: no SMTP configured,
 * kept here rendered; failed: refused for good or out of retries (`last_error` says why).
 */
export const EMAIL_STATUSES = ['pending', 'sent', 'held', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  sent: 'Enviado',
  pending: 'Pendente',
  held: 'Retido',
  failed: 'Falhou',
};

/** What an outbox row is rendered from (`template` + `data`). */
export const EMAIL_TEMPLATES = ['alerts', 'alerts.digest', 'webhook.disabled', 'invitation'] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

/** What kind of message a row is, as the outbox names it. */
export const EMAIL_TEMPLATE_LABELS: Record<EmailTemplate, string> = {
  alerts: 'Alertas',
  'alerts.digest': 'Resumo diário',
  'webhook.disabled': 'Webhook desativado',
  invitation: 'Convite para a equipe',
};

/** A row's template label; an unknown template (a newer writer's) as it is. */
export const emailTemplateLabel = (template: string) =>
  (EMAIL_TEMPLATE_LABELS as Record<string, string | undefined>)[template] ?? template;

export const EMAIL_OUTBOX_PAGE_SIZE = 20;
export const EMAIL_OUTBOX_MAX_PAGE_SIZE = 100;

export const EMAIL_MESSAGES = {
  statusInvalid: 'Situação inválida: use pending, sent, held ou failed',
  notFound: 'E-mail não encontrado',
} as const;

/** Query string of GET /api/v1/email/outbox: newest first, one situation or all. */
export const emailOutboxQuerySchema = z.object({
  page: pageParamSchema,
  limit: limitParamSchema(EMAIL_OUTBOX_PAGE_SIZE, EMAIL_OUTBOX_MAX_PAGE_SIZE),
  status: z.preprocess(emptyToUndefined, z.enum(EMAIL_STATUSES, { error: EMAIL_MESSAGES.statusInvalid }).optional()),
});
export type EmailOutboxQuery = z.infer<typeof emailOutboxQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const emailOutboxItemSchema = z.object({
  id: idSchema,
  to_address: z.string(),
  /** Null until the sender rendered it (a message still waiting for its first attempt). */
  subject: z.string().nullable(),
  template: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: timestampSchema,
  sent_at: timestampSchema.nullable(),
  /** When a pending message is tried again. */
  next_attempt_at: timestampSchema,
});
export type EmailOutboxItem = z.infer<typeof emailOutboxItemSchema>;

export const emailOutboxListSchema = pagedSchema(emailOutboxItemSchema).extend({
  /** False: no SMTP_URL, so messages are kept here (held) instead of sent. */
  smtp_configured: z.boolean(),
});
export type EmailOutboxList = z.infer<typeof emailOutboxListSchema>;

/** One message as it was (or will be) sent: its plain-text and HTML parts. */
export const emailMessageSchema = emailOutboxItemSchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
});
export type EmailMessage = z.infer<typeof emailMessageSchema>;

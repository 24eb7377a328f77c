import { z } from 'zod';
import { ALERT_KINDS } from '../../../domain/alerts/alert.schema';
import { USER_ROLES } from '../../../domain/auth/roles';

// What each template is rendered from: the `data` of its outbox row, written by whoever queued it
// (alert-emails.ts, the webhooks' sender) and read back here, so a row written by an older or a
// buggy writer fails with a message instead of rendering half an e-mail.

/** One alert as an e-mail lists it: what it is, where it leads in the app, and its figures. */
export const alertEmailItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  kind_label: z.string(),
  message: z.string(),
  /** A path of the app (/emissoes/…), joined to the app's address when rendered. */
  link: z.string().startsWith('/'),
  /** The lot's expiry (yyyy-MM-dd), for lot_expiring. */
  expiry_date: z.string().nullish(),
  /** The emission's figures, for margin_critical. */
  margin_cents: z.number().nullish(),
  revenue_cents: z.number().nullish(),
  /** The agency's calendar day it opened on (yyyy-MM-dd): the digest lists it. */
  opened_on: z.string().nullish(),
  /** Already resolved when the digest was written. */
  resolved: z.boolean().nullish(),
});
export type AlertEmailItem = z.infer<typeof alertEmailItemSchema>;

export const alertsDataSchema = z.object({
  user_name: z.string(),
  alerts: z.array(alertEmailItemSchema).min(1),
});
export type AlertsData = z.infer<typeof alertsDataSchema>;

export const alertsDigestDataSchema = z.object({
  user_name: z.string(),
  /** The agency's calendar day the digest is for (yyyy-MM-dd): one digest per user per day. */
  day: z.string(),
  /** The alerts opened after `since` and up to `until` (ISO timestamps). */
  since: z.string(),
  until: z.string(),
  alerts: z.array(alertEmailItemSchema).min(1),
});
export type AlertsDigestData = z.infer<typeof alertsDigestDataSchema>;

/** Written by the webhooks' sender when it gives up on an endpoint. */
export const webhookDisabledDataSchema = z.object({
  endpoint_id: z.string(),
  url: z.string(),
  reason: z.string(),
});
export type WebhookDisabledData = z.infer<typeof webhookDisabledDataSchema>;

/** A file of the agency's (stored_files) sent with the message. */
export const emailAttachmentSchema = z.object({ file_id: z.string(), file_name: z.string() });
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

/** "Enviar Proposta" (issue #19): the proposal's text (proposalText, never cost or margin) and its PDF. */
export const proposalDataSchema = z.object({
  client_name: z.string().nullable(),
  route: z.string(),
  /** The proposal as text, one fact per line (the PDF's and WhatsApp's content). */
  text: z.string(),
  attachments: z.array(emailAttachmentSchema).min(1),
});
export type ProposalData = z.infer<typeof proposalDataSchema>;

/** "Esqueci minha senha" (app_password_forgot, migration 0033): the link carries the reset token. */
export const passwordResetDataSchema = z.object({
  user_name: z.string(),
  /** /redefinir-senha/<token>, joined to the app's address when rendered. */
  link: z.string().startsWith('/redefinir-senha/'),
  valid_minutes: z.number(),
});
export type PasswordResetData = z.infer<typeof passwordResetDataSchema>;

/** "Convidar" (issue #20): the link's token (the link is the app's /convite/<token>), the role, who invited. */
export const invitationDataSchema = z.object({
  token: z.string().min(1),
  role: z.enum(USER_ROLES),
  inviter_name: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationData = z.infer<typeof invitationDataSchema>;

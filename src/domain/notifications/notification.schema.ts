import { z } from '../zod';
import { idSchema, timestampSchema } from '../response.schema';

// The bell's notifications (issue #16; spec part 1 §3 "notifications (each with id and is_read)",
// capped at 50): what each user was told, newest first.

export const NOTIFICATION_MESSAGES = {
  readInvalid: 'Informe se a notificação foi lida (verdadeiro ou falso)',
  notFound: 'Notificação não encontrada',
} as const;

export const notificationSchema = z.object({
  id: idSchema,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** Where it leads in the app, or null. */
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** PATCH /api/v1/notifications/{id}. */
export const notificationReadSchema = z.object(
  { is_read: z.boolean({ error: NOTIFICATION_MESSAGES.readInvalid }) },
  { error: NOTIFICATION_MESSAGES.readInvalid },
);

import { Hono } from 'hono';
import {
  NOTIFICATION_MESSAGES,
  notificationListSchema,
  notificationReadSchema,
} from '../../domain/notifications/notification.schema';
import type { AppEnv } from '../http/context';
import { featureErrors } from '../http/errors';
import { apiDoc, json, noContent, uuidIdParams } from '../http/openapi';
import { readJson, uuidParam } from '../http/validate';
import { listNotifications, markAllNotificationsRead, setNotificationRead } from './notifications.queries';

const notificationError = featureErrors({ NOTIFICATION_NOT_FOUND: 404 } as const);
const notificationNotFound = () => notificationError('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);

const docs = {
  list: apiDoc({
    tag: 'notifications',
    operationId: 'listNotifications',
    summary: "The signed-in user's notifications, newest first (the 50 kept), and how many are unread",
    response: json('The notifications', notificationListSchema),
  }),
  read: apiDoc({
    tag: 'notifications',
    operationId: 'markNotificationRead',
    summary: 'Mark one of your notifications read or unread',
    params: uuidIdParams,
    body: notificationReadSchema,
    response: noContent('Saved'),
    errors: [404],
  }),
  readAll: apiDoc({
    tag: 'notifications',
    operationId: 'markAllNotificationsRead',
    summary: 'Mark all your notifications read',
    response: json('How many were marked'),
  }),
};

export const notificationsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const { agencyId, userId } = c.var.session;
    return c.json(await listNotifications(c.var.db, { agencyId, userId }));
  })
  .post('/read-all', docs.readAll, async (c) => {
    const { agencyId, userId } = c.var.session;
    return c.json({ updated: await markAllNotificationsRead(c.var.db, { agencyId, userId }) });
  })
  .patch('/:id', docs.read, async (c) => {
    const id = uuidParam(c, 'id', notificationNotFound);
    const { is_read } = await readJson(c, notificationReadSchema);
    const { agencyId, userId } = c.var.session;
    if (!(await setNotificationRead(c.var.db, { agencyId, userId, id, isRead: is_read }))) throw notificationNotFound();
    return c.body(null, 204);
  });

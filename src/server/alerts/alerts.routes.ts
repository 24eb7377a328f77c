import { Hono } from 'hono';
import {
  alertListQuerySchema,
  alertListSchema,
  alertReadAllSchema,
  alertReadSchema,
  alertSummarySchema,
} from '../../domain/alerts/alert.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, noContent, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { alertNotFound } from './alerts.errors';
import { alertSummary, listAlerts, markAlertRead, markEveryAlertRead } from './alerts.service';

const docs = {
  list: apiDoc({
    tag: 'alerts',
    operationId: 'listAlerts',
    summary: 'Alerts, one tab or all, open (default) or resolved, with each tab’s counts under the same filters',
    description:
      'Filters: `kind`, `program`, `account_id`, and a period (`date_from`, `date_to`) on the day the alert is about: a lot’s expiry, an emission’s submission.',
    query: alertListQuerySchema,
    response: json('One page of alerts and the counts per kind', alertListSchema),
  }),
  summary: apiDoc({
    tag: 'alerts',
    operationId: 'getAlertSummary',
    summary: 'How many alerts are open and how many of them unread (the bell, "Alertas Pendentes")',
    response: json('The counts', alertSummarySchema),
  }),
  read: apiDoc({
    tag: 'alerts',
    operationId: 'markAlertRead',
    summary: 'Mark an alert read or unread',
    params: uuidIdParams,
    body: alertReadSchema,
    response: noContent('Saved'),
    errors: [404],
  }),
  readAll: apiDoc({
    tag: 'alerts',
    operationId: 'markAllAlertsRead',
    summary: 'Mark every open alert read (of one kind, if given)',
    body: alertReadAllSchema,
    response: json('How many were marked'),
  }),
};

export const alertsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(alertListQuerySchema, c.req.query());
    return c.json(await listAlerts(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today }, query));
  })
  .get('/summary', docs.summary, async (c) => c.json(await alertSummary(c.var.db, c.var.session.agencyId)))
  .post('/read-all', docs.readAll, async (c) => {
    const { kind } = await readJson(c, alertReadAllSchema);
    return c.json(await markEveryAlertRead(c.var.db, { agencyId: c.var.session.agencyId, kind }));
  })
  .patch('/:id', docs.read, async (c) => {
    const id = uuidParam(c, 'id', alertNotFound);
    const { is_read } = await readJson(c, alertReadSchema);
    await markAlertRead(c.var.db, { agencyId: c.var.session.agencyId, id, isRead: is_read });
    return c.body(null, 204);
  });

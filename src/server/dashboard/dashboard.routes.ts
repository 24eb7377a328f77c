import { Hono } from 'hono';
import { dashboardQuerySchema, dashboardSchema } from '../../domain/dashboard/dashboard.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json } from '../http/openapi';
import { parseOrThrow } from '../http/validate';
import { getDashboard } from './dashboard.service';

const docs = {
  get: apiDoc({
    tag: 'dashboard',
    operationId: 'getDashboard',
    summary: 'The agency at a glance: KPIs with the previous period, top clients, recent activity, charts',
    description:
      'Defined in docs/decisions/0023-dashboard.md. `from` and `to` are inclusive days (default: the current month; at most 366 days); flows are compared with the previous period of equal length. Stocks (balance, average cost, active emissions and clients, lots expiring, pending alerts) are as of now.',
    query: dashboardQuerySchema,
    response: json('The figures, money in centavos', dashboardSchema),
  }),
};

export const dashboardRoutes = new Hono<AppEnv>().get('/', docs.get, async (c) => {
  const query = parseOrThrow(dashboardQuerySchema, c.req.query());
  return c.json(await getDashboard(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today }, query));
});

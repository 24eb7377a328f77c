import { Hono } from 'hono';
import {
  bulkDeleteSchema,
  clientEmissionsQuerySchema,
  clientExportQuerySchema,
  clientInputSchema,
  clientListQuerySchema,
  QUICK_SEARCH_LIMIT,
  quickSearchQuerySchema,
  topClientsQuerySchema,
} from '../../domain/clients/client.schema';
import { CLIENT_EXPORT_HEADERS, clientExportRow } from '../../domain/clients/client.rules';
import { toCsv } from '../../domain/csv';
import { todayIso } from '../../domain/format';
import type { AppEnv } from '../http/context';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { getClient, getClientEmissionsPage, getClientsForExport, getTopClients, quickSearchClients } from './clients.queries';
import {
  bulkDeleteClients,
  CLIENT_MESSAGES,
  clientNotFound,
  createClient,
  deleteClient,
  getClientDetail,
  listClients,
  updateClient,
} from './clients.service';

const clientId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', CLIENT_MESSAGES.notFound);

export const clientsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseOrThrow(clientListQuerySchema, c.req.query());
    return c.json(await listClients(c.var.db, c.var.session.agencyId, query));
  })
  .get('/quick-search', async (c) => {
    const { q } = parseOrThrow(quickSearchQuerySchema, c.req.query());
    const data = await quickSearchClients(c.var.db, { agencyId: c.var.session.agencyId, q, limit: QUICK_SEARCH_LIMIT });
    return c.json({ data });
  })
  .get('/top', async (c) => {
    const { limit } = parseOrThrow(topClientsQuerySchema, c.req.query());
    return c.json({ data: await getTopClients(c.var.db, { agencyId: c.var.session.agencyId, limit }) });
  })
  .get('/export', async (c) => {
    const query = parseOrThrow(clientExportQuerySchema, c.req.query());
    const rows = await getClientsForExport(c.var.db, { agencyId: c.var.session.agencyId, ...query });
    const csv = toCsv(CLIENT_EXPORT_HEADERS, rows.map(clientExportRow), { bom: true });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="clientes_${todayIso()}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .post('/bulk-delete', async (c) => {
    const input = await readJson(c, bulkDeleteSchema);
    const session = c.var.session;
    return c.json(await bulkDeleteClients(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input));
  })
  .post('/', async (c) => {
    const input = await readJson(c, clientInputSchema);
    const session = c.var.session;
    return c.json(await createClient(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input), 201);
  })
  .get('/:id', async (c) => {
    const id = clientId(c);
    return c.json(await getClientDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .get('/:id/emissions', async (c) => {
    const id = clientId(c);
    const { page, limit } = parseOrThrow(clientEmissionsQuerySchema, c.req.query());
    const agencyId = c.var.session.agencyId;
    if (!(await getClient(c.var.db, { agencyId, id }))) throw clientNotFound();
    const { rows, total } = await getClientEmissionsPage(c.var.db, { agencyId, clientId: id, offset: (page - 1) * limit, limit });
    return c.json({ data: rows, total, page, limit, total_pages: Math.ceil(total / limit) });
  })
  .put('/:id', async (c) => {
    const id = clientId(c);
    const input = await readJson(c, clientInputSchema);
    const session = c.var.session;
    return c.json(await updateClient(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id, input));
  })
  .delete('/:id', async (c) => {
    const id = clientId(c);
    const session = c.var.session;
    await deleteClient(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id);
    return c.body(null, 204);
  });

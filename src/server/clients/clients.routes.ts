import { Hono } from 'hono';
import {
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  clientDetailSchema,
  clientEmissionsQuerySchema,
  clientExportQuerySchema,
  clientInputSchema,
  clientListQuerySchema,
  clientListSchema,
  clientOptionListSchema,
  clientSchema,
  QUICK_SEARCH_LIMIT,
  quickSearchQuerySchema,
  topClientListSchema,
  topClientsQuerySchema,
  type ClientOptionList,
  type TopClientList,
} from '../../domain/clients/client.schema';
import { clientEmissionListSchema, type ClientEmissionList } from '../../domain/emissions/emission.schema';
import { deletionCheckSchema } from '../../domain/response.schema';
import {
  CLIENT_EXCEL_EXPORT_HEADERS,
  CLIENT_EXPORT_HEADERS,
  clientExcelExportRow,
  clientExportRow,
} from '../../domain/clients/client.rules';
import { toCsv } from '../../domain/csv';
import { exportCsvOptions } from '../../domain/csv-excel';
import { todayIso } from '../../domain/format';
import type { AppEnv } from '../http/context';
import { apiDoc, csv, json, noContent, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import {
  getClient,
  getClientEmissionsPage,
  getClientsForExport,
  getTopClients,
  quickSearchClients,
} from './clients.queries';
import { clientNotFound } from './clients.errors';
import {
  bulkDeleteClients,
  clientDeletion,
  createClient,
  deleteClient,
  getClientDetail,
  listClients,
  updateClient,
} from './clients.service';
import { paged, pageRows } from '../http/paged';

// Unlike the lots' and emissions' routes, a malformed id answers code NOT_FOUND, not CLIENT_NOT_FOUND:
// kept as the API has always answered it.
const clientId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', clientNotFound);

const docs = {
  list: apiDoc({
    tag: 'clients',
    operationId: 'listClients',
    summary: 'Clients: search, filter, sort and page',
    description: 'One page of clients with the summary cards of the whole agency.',
    query: clientListQuerySchema,
    response: json(
      'A page of clients (`data`, `total`, `page`, `limit`, `total_pages`) and `summary`; a search matching more than 1,000 clients answers `total: 1000` with `total_capped: true`',
      clientListSchema,
    ),
  }),
  quickSearch: apiDoc({
    tag: 'clients',
    operationId: 'quickSearchClients',
    summary: 'Up to 10 clients matching name, e-mail or CPF/CNPJ',
    query: quickSearchQuerySchema,
    response: json('The matches, in `data`', clientOptionListSchema),
  }),
  top: apiDoc({
    tag: 'clients',
    operationId: 'listTopClients',
    summary: 'Clients ranked by revenue of active emissions',
    query: topClientsQuerySchema,
    response: json('The ranking, in `data`', topClientListSchema),
  }),
  export: apiDoc({
    tag: 'clients',
    operationId: 'exportClients',
    summary: 'CSV of the clients matching the filters',
    description:
      'UTF-8 with BOM, CRLF, every cell quoted, cells that could start a formula neutralised; sent as an attachment. Comma-separated by default; `formato=excel` gives the pt-BR Excel form (";"-separated, an "Etiquetas" column after "Status"), which imports back through POST /api/v1/imports with the suggested mapping.',
    query: clientExportQuerySchema,
    response: csv('The CSV file'),
  }),
  bulkDelete: apiDoc({
    tag: 'clients',
    operationId: 'bulkDeleteClients',
    summary: 'Delete up to 1000 clients; those with emissions are kept',
    body: bulkDeleteSchema,
    response: json('`deleted`, `kept` (with why) and `not_found`', bulkDeleteResultSchema),
  }),
  create: apiDoc({
    tag: 'clients',
    operationId: 'createClient',
    summary: 'Create a client with its loyalty accounts',
    body: clientInputSchema,
    response: json('The client created', clientSchema, 201),
    errors: [409],
  }),
  deletion: apiDoc({
    tag: 'clients',
    operationId: 'getClientDeletion',
    summary: 'Whether the client can be deleted, and why not',
    description: 'Asked before the confirmation: a client with emissions or lots is kept (DELETE answers 409).',
    params: uuidIdParams,
    response: json('`deletable`, and the `reason` when not', deletionCheckSchema),
  }),
  get: apiDoc({
    tag: 'clients',
    operationId: 'getClient',
    summary: 'A client with its stats',
    params: uuidIdParams,
    response: json('The client', clientDetailSchema),
  }),
  listEmissions: apiDoc({
    tag: 'clients',
    operationId: 'listClientEmissions',
    summary: "A client's emissions, newest first",
    params: uuidIdParams,
    query: clientEmissionsQuerySchema,
    response: json('A page of emissions (`data`, `total`, `page`, `limit`, `total_pages`)', clientEmissionListSchema),
  }),
  update: apiDoc({
    tag: 'clients',
    operationId: 'updateClient',
    summary: 'Update a client and its loyalty accounts',
    description: 'An account that holds lots or emissions cannot be removed or change program (409 ACCOUNT_IN_USE).',
    params: uuidIdParams,
    body: clientInputSchema,
    response: json('The client updated', clientSchema),
    errors: [409],
  }),
  delete: apiDoc({
    tag: 'clients',
    operationId: 'deleteClient',
    summary: 'Delete a client without emissions or lots',
    params: uuidIdParams,
    response: noContent('Deleted'),
    errors: [409],
  }),
};

export const clientsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(clientListQuerySchema, c.req.query());
    return c.json(await listClients(c.var.db, c.var.session.agencyId, query));
  })
  .get('/quick-search', docs.quickSearch, async (c) => {
    const { q } = parseOrThrow(quickSearchQuerySchema, c.req.query());
    const data = await quickSearchClients(c.var.db, { agencyId: c.var.session.agencyId, q, limit: QUICK_SEARCH_LIMIT });
    return c.json({ data } satisfies ClientOptionList);
  })
  .get('/top', docs.top, async (c) => {
    const { limit } = parseOrThrow(topClientsQuerySchema, c.req.query());
    return c.json({
      data: await getTopClients(c.var.db, { agencyId: c.var.session.agencyId, limit }),
    } satisfies TopClientList);
  })
  .get('/export', docs.export, async (c) => {
    const { formato, ...filters } = parseOrThrow(clientExportQuerySchema, c.req.query());
    const rows = await getClientsForExport(c.var.db, { agencyId: c.var.session.agencyId, ...filters });
    const file =
      formato === 'excel'
        ? toCsv(CLIENT_EXCEL_EXPORT_HEADERS, rows.map(clientExcelExportRow), exportCsvOptions(formato))
        : toCsv(CLIENT_EXPORT_HEADERS, rows.map(clientExportRow), exportCsvOptions(formato));
    return c.body(file, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="clientes_${todayIso()}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .post('/bulk-delete', docs.bulkDelete, async (c) => {
    const input = await readJson(c, bulkDeleteSchema);
    const session = c.var.session;
    return c.json(await bulkDeleteClients(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input));
  })
  .post('/', docs.create, async (c) => {
    const input = await readJson(c, clientInputSchema);
    const session = c.var.session;
    return c.json(await createClient(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input), 201);
  })
  .get('/:id', docs.get, async (c) => {
    const id = clientId(c);
    return c.json(await getClientDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .get('/:id/deletion', docs.deletion, async (c) => {
    const id = clientId(c);
    return c.json(await clientDeletion(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .get('/:id/emissions', docs.listEmissions, async (c) => {
    const id = clientId(c);
    const { page, limit } = parseOrThrow(clientEmissionsQuerySchema, c.req.query());
    const agencyId = c.var.session.agencyId;
    if (!(await getClient(c.var.db, { agencyId, id }))) throw clientNotFound();
    const { rows, total } = await getClientEmissionsPage(c.var.db, {
      agencyId,
      clientId: id,
      ...pageRows({ page, limit }),
    });
    return c.json(paged(rows, total, { page, limit }) satisfies ClientEmissionList);
  })
  .put('/:id', docs.update, async (c) => {
    const id = clientId(c);
    const input = await readJson(c, clientInputSchema);
    const session = c.var.session;
    return c.json(await updateClient(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id, input));
  })
  .delete('/:id', docs.delete, async (c) => {
    const id = clientId(c);
    const session = c.var.session;
    await deleteClient(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id);
    return c.body(null, 204);
  });

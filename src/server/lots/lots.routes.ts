import { Hono } from 'hono';
import { z } from 'zod';
import { toCsv } from '../../domain/csv';
import { exportCsvOptions } from '../../domain/csv-excel';
import { deletionCheckSchema } from '../../domain/response.schema';
import {
  LOT_EXCEL_EXPORT_HEADERS,
  LOT_EXPORT_HEADERS,
  lotExcelExportRow,
  lotExportRow,
} from '../../domain/lots/lot.export';
import {
  bulkLotDeleteResultSchema,
  bulkLotDeleteSchema,
  lotAllocationListSchema,
  lotAllocationsQuerySchema,
  lotAvailableMilesSchema,
  lotAverageCostSchema,
  lotDetailSchema,
  lotExpiringListSchema,
  lotExpiringQuerySchema,
  lotExportQuerySchema,
  lotInputSchema,
  lotListQuerySchema,
  lotListSchema,
  lotProgramQuerySchema,
  lotSchema,
  lotStatsSchema,
  lotSummarySchema,
  markExpiredResultSchema,
  type LotAvailableMiles,
  type LotAverageCost,
} from '../../domain/lots/lot.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, csv, json, noContent, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { lotNotFound } from './lots.errors';
import { getLotsForExport } from './lots.queries';
import {
  bulkDeleteLots,
  createLot,
  deleteLot,
  lotDeletion,
  getAvailableMiles,
  getLotDetail,
  getLotStats,
  getLotSummary,
  listExpiringLots,
  listLotAllocations,
  listLots,
  markExpired,
  updateLot,
} from './lots.service';

const lotId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', lotNotFound);

/** The lot form's body is parsed by the service, against the request's day and (editing) the stored lot. */
const anyJson = z.unknown();

const docs = {
  list: apiDoc({
    tag: 'lots',
    operationId: 'listLots',
    summary: 'Miles lots: search, filter, sort and page, with totals',
    description:
      'Search covers supplier, notes and account number. `totals` cover the whole filtered set (available lots only): miles, value, average cost per mile, expiring within the alert window.',
    query: lotListQuerySchema,
    response: json('A page of lots (`data`, `total`, `page`, `limit`, `total_pages`) and `totals`', lotListSchema),
  }),
  export: apiDoc({
    tag: 'lots',
    operationId: 'exportLots',
    summary: 'CSV of the lots matching the filters, in list order',
    description:
      'UTF-8 with BOM, CRLF, every cell quoted, cells that could start a formula neutralised; sent as an attachment. Comma-separated by default; `formato=excel` gives the pt-BR Excel form (";"-separated; the holder\'s CPF, the miles still available, the cost per thousand "17,5000" and the total as "Investimento"), which imports back through POST /api/v1/imports with the suggested mapping: each lot with miles available becomes a lot of those miles at the same cost per thousand.',
    query: lotExportQuerySchema,
    response: csv('The CSV file'),
  }),
  expiring: apiDoc({
    tag: 'lots',
    operationId: 'listExpiringLots',
    summary: 'Available lots expiring within a window, soonest first',
    description: "Expiring on or before today + `days` (default: the agency's alert window); at most 1000.",
    query: lotExpiringQuerySchema,
    response: json('The lots', lotExpiringListSchema),
  }),
  stats: apiDoc({
    tag: 'lots',
    operationId: 'getLotStats',
    summary: 'Lot utilisation stats over every lot',
    response: json('The stats', lotStatsSchema),
  }),
  summary: apiDoc({
    tag: 'lots',
    operationId: 'getLotSummary',
    summary: 'Per program: lots, miles bought, balance, investment, average cost, expiring soon',
    response: json('The summary per program', lotSummarySchema),
  }),
  averageCost: apiDoc({
    tag: 'lots',
    operationId: 'getAverageLotCost',
    summary: 'Average cost of the miles emissions can draw now',
    description: 'Per mile and per thousand, weighted by miles, per program or for one.',
    query: lotProgramQuerySchema,
    response: json('Per program, in `data`', lotAverageCostSchema),
  }),
  available: apiDoc({
    tag: 'lots',
    operationId: 'getAvailableMiles',
    summary: 'Miles emissions can draw now (available, unexpired lots)',
    description: 'Per program or for one, with the total.',
    query: lotProgramQuerySchema,
    response: json('Per program in `data`, and `total_available_miles`', lotAvailableMilesSchema),
  }),
  markExpired: apiDoc({
    tag: 'lots',
    operationId: 'markExpiredLots',
    summary: 'Marcar Expirados: available lots past their expiry day become expired',
    response: json('How many lots were marked (`updated`)', markExpiredResultSchema),
  }),
  bulkDelete: apiDoc({
    tag: 'lots',
    operationId: 'bulkDeleteLots',
    summary: 'Delete up to 1000 lots; those that fed an emission are kept',
    body: bulkLotDeleteSchema,
    response: json('`deleted`, `kept` (with why) and `not_found`', bulkLotDeleteResultSchema),
  }),
  create: apiDoc({
    tag: 'lots',
    operationId: 'createLot',
    summary: 'Buy a lot into an account; the purchase is recorded in finance',
    description:
      "Into `account_id`, or into the agency's own account by `program` and `account_number` (made when missing). The body is parsed against the request's day.",
    body: lotInputSchema,
    response: json('The lot created', lotSchema, 201),
    errors: [404],
  }),
  get: apiDoc({
    tag: 'lots',
    operationId: 'getLot',
    summary: 'A lot',
    params: uuidIdParams,
    response: json('The lot, in `lot`', lotDetailSchema),
  }),
  listAllocations: apiDoc({
    tag: 'lots',
    operationId: 'listLotAllocations',
    summary: "A page of the lot's allocations to emissions, released ones included as history",
    params: uuidIdParams,
    query: lotAllocationsQuerySchema,
    response: json('A page of allocations (`data`, `total`, `page`, `limit`, `total_pages`)', lotAllocationListSchema),
  }),
  update: apiDoc({
    tag: 'lots',
    operationId: 'updateLot',
    summary: 'Update a lot',
    description:
      'A lot that fed an emission keeps its program and account and cannot go below the miles used; a past expiry may stay unchanged.',
    params: uuidIdParams,
    body: lotInputSchema,
    response: json('The lot updated', lotSchema),
  }),
  deletion: apiDoc({
    tag: 'lots',
    operationId: 'getLotDeletion',
    summary: 'Whether the lot can be deleted, and why not',
    description: 'Asked before the confirmation: a lot that fed an emission is kept (DELETE answers 409).',
    params: uuidIdParams,
    response: json('`deletable`, and the `reason` when not', deletionCheckSchema),
  }),
  delete: apiDoc({
    tag: 'lots',
    operationId: 'deleteLot',
    summary: 'Delete a lot that never fed an emission, with its purchase entry',
    params: uuidIdParams,
    response: noContent('Deleted'),
    errors: [409],
  }),
};

export const lotsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(lotListQuerySchema, c.req.query());
    return c.json(await listLots(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today }, query));
  })
  .get('/export', docs.export, async (c) => {
    const { formato, ...filters } = parseOrThrow(lotExportQuerySchema, c.req.query());
    const rows = await getLotsForExport(c.var.db, { agencyId: c.var.session.agencyId, ...filters });
    const file =
      formato === 'excel'
        ? toCsv(LOT_EXCEL_EXPORT_HEADERS, rows.map(lotExcelExportRow), exportCsvOptions(formato))
        : toCsv(LOT_EXPORT_HEADERS, rows.map(lotExportRow), exportCsvOptions(formato));
    return c.body(file, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="lotes_milhas_${c.var.today}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/expiring', docs.expiring, async (c) => {
    const { days } = parseOrThrow(lotExpiringQuerySchema, c.req.query());
    return c.json(await listExpiringLots(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today, days }));
  })
  .get('/stats', docs.stats, async (c) => c.json(await getLotStats(c.var.db, { agencyId: c.var.session.agencyId })))
  .get('/summary', docs.summary, async (c) =>
    c.json(await getLotSummary(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today })),
  )
  .get('/average-cost', docs.averageCost, async (c) => {
    const { program } = parseOrThrow(lotProgramQuerySchema, c.req.query());
    const rows = await getAvailableMiles(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today, program });
    return c.json({
      data: rows.map((r) => ({
        program: r.program,
        average_cost_per_mile: r.average_cost_per_mile,
        average_cost_per_thousand: r.average_cost_per_thousand,
        available_miles: r.available_miles,
      })),
    } satisfies LotAverageCost);
  })
  .get('/available', docs.available, async (c) => {
    const { program } = parseOrThrow(lotProgramQuerySchema, c.req.query());
    const rows = await getAvailableMiles(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today, program });
    return c.json({
      data: rows.map((r) => ({
        program: r.program,
        available_miles: r.available_miles,
        available_lots: r.available_lots,
      })),
      total_available_miles: rows.reduce((s, r) => s + r.available_miles, 0),
    } satisfies LotAvailableMiles);
  })
  .post('/mark-expired', docs.markExpired, async (c) => {
    const session = c.var.session;
    return c.json(
      await markExpired(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }),
    );
  })
  .post('/bulk-delete', docs.bulkDelete, async (c) => {
    const input = await readJson(c, bulkLotDeleteSchema);
    const session = c.var.session;
    return c.json(await bulkDeleteLots(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input));
  })
  .post('/', docs.create, async (c) => {
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(
      await createLot(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, body),
      201,
    );
  })
  .get('/:id', docs.get, async (c) => {
    const id = lotId(c);
    return c.json(await getLotDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .get('/:id/allocations', docs.listAllocations, async (c) => {
    const id = lotId(c);
    const { page, limit } = parseOrThrow(lotAllocationsQuerySchema, c.req.query());
    return c.json(await listLotAllocations(c.var.db, { agencyId: c.var.session.agencyId, id, page, limit }));
  })
  .get('/:id/deletion', docs.deletion, async (c) => {
    const id = lotId(c);
    return c.json(await lotDeletion(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .put('/:id', docs.update, async (c) => {
    const id = lotId(c);
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(
      await updateLot(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, id, body),
    );
  })
  .delete('/:id', docs.delete, async (c) => {
    const id = lotId(c);
    const session = c.var.session;
    await deleteLot(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id);
    return c.body(null, 204);
  });

import { Hono } from 'hono';
import { z } from 'zod';
import { toCsv } from '../../domain/csv';
import { LOT_EXPORT_HEADERS, lotExportRow } from '../../domain/lots/lot.export';
import {
  bulkLotDeleteSchema,
  lotAllocationsQuerySchema,
  lotExpiringQuerySchema,
  lotExportQuerySchema,
  lotListQuerySchema,
  lotProgramQuerySchema,
} from '../../domain/lots/lot.schema';
import type { AppEnv } from '../http/context';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { getLotsForExport } from './lots.queries';
import {
  bulkDeleteLots,
  createLot,
  deleteLot,
  getAvailableMiles,
  getLotDetail,
  getLotStats,
  getLotSummary,
  listExpiringLots,
  listLotAllocations,
  listLots,
  LOT_API_MESSAGES,
  markExpired,
  updateLot,
} from './lots.service';

const lotId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', LOT_API_MESSAGES.notFound, 'LOT_NOT_FOUND');

/** The lot form's body is parsed by the service, against the request's day and (editing) the stored lot. */
const anyJson = z.unknown();

export const lotsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parseOrThrow(lotListQuerySchema, c.req.query());
    return c.json(await listLots(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today }, query));
  })
  .get('/export', async (c) => {
    const query = parseOrThrow(lotExportQuerySchema, c.req.query());
    const rows = await getLotsForExport(c.var.db, { agencyId: c.var.session.agencyId, ...query });
    const csv = toCsv(LOT_EXPORT_HEADERS, rows.map(lotExportRow), { bom: true });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="lotes_milhas_${c.var.today}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/expiring', async (c) => {
    const { days } = parseOrThrow(lotExpiringQuerySchema, c.req.query());
    return c.json(await listExpiringLots(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today, days }));
  })
  .get('/stats', async (c) => c.json(await getLotStats(c.var.db, { agencyId: c.var.session.agencyId })))
  .get('/summary', async (c) => c.json(await getLotSummary(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today })))
  .get('/average-cost', async (c) => {
    const { program } = parseOrThrow(lotProgramQuerySchema, c.req.query());
    const rows = await getAvailableMiles(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today, program });
    return c.json({
      data: rows.map((r) => ({
        program: r.program,
        average_cost_per_mile: r.average_cost_per_mile,
        average_cost_per_thousand: r.average_cost_per_thousand,
        available_miles: r.available_miles,
      })),
    });
  })
  .get('/available', async (c) => {
    const { program } = parseOrThrow(lotProgramQuerySchema, c.req.query());
    const rows = await getAvailableMiles(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today, program });
    return c.json({
      data: rows.map((r) => ({ program: r.program, available_miles: r.available_miles, available_lots: r.available_lots })),
      total_available_miles: rows.reduce((s, r) => s + r.available_miles, 0),
    });
  })
  .post('/mark-expired', async (c) => {
    const session = c.var.session;
    return c.json(await markExpired(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }));
  })
  .post('/bulk-delete', async (c) => {
    const input = await readJson(c, bulkLotDeleteSchema);
    const session = c.var.session;
    return c.json(await bulkDeleteLots(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input));
  })
  .post('/', async (c) => {
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(await createLot(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, body), 201);
  })
  .get('/:id', async (c) => {
    const id = lotId(c);
    return c.json(await getLotDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .get('/:id/allocations', async (c) => {
    const id = lotId(c);
    const { page, limit } = parseOrThrow(lotAllocationsQuerySchema, c.req.query());
    return c.json(await listLotAllocations(c.var.db, { agencyId: c.var.session.agencyId, id, page, limit }));
  })
  .put('/:id', async (c) => {
    const id = lotId(c);
    const body = await readJson(c, anyJson);
    const session = c.var.session;
    return c.json(await updateLot(c.var.db, { agencyId: session.agencyId, userId: session.userId, today: c.var.today }, id, body));
  })
  .delete('/:id', async (c) => {
    const id = lotId(c);
    const session = c.var.session;
    await deleteLot(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id);
    return c.body(null, 204);
  });

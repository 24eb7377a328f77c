import { Hono } from 'hono';
import { z } from 'zod';
import {
  entryInputSchema,
  entryListQuerySchema,
  entryListSchema,
  entrySchema,
} from '../../domain/finance/entry.schema';
import { lotPerformanceListSchema, lotPerformanceQuerySchema } from '../../domain/finance/lot-performance.schema';
import { financeSummaryQuerySchema, financeSummarySchema } from '../../domain/finance/summary.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, noContent, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { entryNotFound } from './entries.errors';
import { createEntry, deleteEntry, getEntryDetail, listEntries, updateEntry } from './entries.service';
import { getLotPerformance } from './lot-performance.service';
import { getFinanceSummary } from './summary.service';

const entryId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', entryNotFound);

/** The body is parsed by the service (field messages in Portuguese). */
const anyJson = z.unknown();

const docs = {
  summary: apiDoc({
    tag: 'finance',
    operationId: 'getFinanceSummary',
    summary: 'The accrual and cash figures of a period, with the previous period, 12 months and receipts',
    description:
      'Defined in docs/decisions/0019-finance-accrual-and-cash.md. `from` and `to` are inclusive days (default: the current month); at most 366 days.',
    query: financeSummaryQuerySchema,
    response: json('The figures, in centavos', financeSummarySchema),
  }),
  lots: apiDoc({
    tag: 'finance',
    operationId: 'getLotPerformance',
    summary: "The live lots' performance over their life: miles used, their cost, revenue, margin, ROI, stock",
    description:
      "Newest purchase first. An emission's revenue and margin are split between the lots it drew from in proportion to the miles.",
    query: lotPerformanceQuerySchema,
    response: json('A page of lots', lotPerformanceListSchema),
  }),
  list: apiDoc({
    tag: 'finance',
    operationId: 'listFinanceEntries',
    summary: 'Postings: filter by period, kind, category, payment method and reference; paged, newest first',
    description: '`totals` cover the whole filtered set: money in (`in_cents`) and out (`out_cents`, negative).',
    query: entryListQuerySchema,
    response: json('A page of postings and `totals`', entryListSchema),
  }),
  create: apiDoc({
    tag: 'finance',
    operationId: 'createFinanceEntry',
    summary: 'Post money in or out, tied to an emission, a lot or nothing',
    description:
      'The amount is sent positive; expenses are stored negative. A lot purchase is posted by its lot, not here. Instalments only with `card`.',
    body: entryInputSchema,
    response: json('The posting', entrySchema, 201),
  }),
  get: apiDoc({
    tag: 'finance',
    operationId: 'getFinanceEntry',
    summary: 'A posting',
    params: uuidIdParams,
    response: json('The posting', entrySchema),
  }),
  update: apiDoc({
    tag: 'finance',
    operationId: 'updateFinanceEntry',
    summary: 'Save a posting whole (a lot purchase follows its lot: 409)',
    params: uuidIdParams,
    body: entryInputSchema,
    response: json('The posting', entrySchema),
    errors: [404, 409],
  }),
  delete: apiDoc({
    tag: 'finance',
    operationId: 'deleteFinanceEntry',
    summary: 'Delete a posting (a lot purchase follows its lot: 409)',
    params: uuidIdParams,
    response: noContent('Deleted'),
    errors: [404, 409],
  }),
};

export const financeRoutes = new Hono<AppEnv>()
  .get('/summary', docs.summary, async (c) => {
    const query = parseOrThrow(financeSummaryQuerySchema, c.req.query());
    return c.json(await getFinanceSummary(c.var.db, { agencyId: c.var.session.agencyId, today: c.var.today }, query));
  })
  .get('/lots', docs.lots, async (c) => {
    const query = parseOrThrow(lotPerformanceQuerySchema, c.req.query());
    return c.json(await getLotPerformance(c.var.db, c.var.session.agencyId, query));
  })
  .get('/entries', docs.list, async (c) => {
    const query = parseOrThrow(entryListQuerySchema, c.req.query());
    return c.json(await listEntries(c.var.db, c.var.session.agencyId, query));
  })
  .post('/entries', docs.create, async (c) => {
    const body = await readJson(c, anyJson);
    const { agencyId, userId } = c.var.session;
    return c.json(await createEntry(c.var.db, { agencyId, userId }, body), 201);
  })
  .get('/entries/:id', docs.get, async (c) => {
    const id = entryId(c);
    return c.json(await getEntryDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .put('/entries/:id', docs.update, async (c) => {
    const id = entryId(c);
    const body = await readJson(c, anyJson);
    const { agencyId, userId } = c.var.session;
    return c.json(await updateEntry(c.var.db, { agencyId, userId }, id, body));
  })
  .delete('/entries/:id', docs.delete, async (c) => {
    const id = entryId(c);
    const { agencyId, userId } = c.var.session;
    await deleteEntry(c.var.db, { agencyId, userId }, id);
    return c.body(null, 204);
  });

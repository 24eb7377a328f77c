import { Hono } from 'hono';
import { z } from 'zod';
import {
  receiptSchema,
  receivableListQuerySchema,
  receivableListSchema,
  receivableSchema,
  saleInputSchema,
  saleListQuerySchema,
  saleListSchema,
  saleSchema,
} from '../../domain/sales/sale.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { receivableNotFound, saleNotFound } from './sales.errors';
import {
  cancelSale,
  createSale,
  getSale,
  listReceivables,
  listSales,
  receiveInstalment,
  undoReceipt,
} from './sales.service';

/** The bodies are parsed by the service, against the request's day. */
const anyJson = z.unknown();

const docs = {
  list: apiDoc({
    tag: 'sales',
    operationId: 'listSales',
    summary: 'Sales of miles, newest first, with the active ones of the filter summed (miles, price, cost, profit)',
    query: saleListQuerySchema,
    response: json('A page of sales', saleListSchema),
  }),
  create: apiDoc({
    tag: 'sales',
    operationId: 'createSale',
    summary:
      'Sell miles from an account: taken from its lots by the allocation policy, received in 1–24 monthly instalments',
    description:
      'The profit is the price minus the cost of the miles taken (each at its lot’s cost per thousand). 409 INSUFFICIENT_MILES when the account’s eligible lots hold fewer miles.',
    body: saleInputSchema,
    response: json('The sale', saleSchema, 201),
    errors: [404, 409],
  }),
  get: apiDoc({
    tag: 'sales',
    operationId: 'getSale',
    summary: 'A sale of miles with its instalments',
    params: uuidIdParams,
    response: json('The sale', saleSchema),
  }),
  cancel: apiDoc({
    tag: 'sales',
    operationId: 'cancelSale',
    summary: 'Cancel a sale: its miles go back to their lots and its instalments still to receive are dropped',
    description: 'Refused (409) once an instalment was received, or when already cancelled.',
    params: uuidIdParams,
    response: json('The sale, cancelled', saleSchema),
    errors: [409],
  }),
  receivables: apiDoc({
    tag: 'sales',
    operationId: 'listReceivables',
    summary:
      "Sales' instalments by due date (this month and the 11 after unless `from`/`to`), with each month's totals",
    query: receivableListQuerySchema,
    response: json('A page of receivables and the months of the period', receivableListSchema),
  }),
  receive: apiDoc({
    tag: 'sales',
    operationId: 'receiveReceivable',
    summary: '"Recebido": posts the instalment as a "Venda de milhas" revenue on `received_on` (today when blank)',
    params: uuidIdParams,
    body: receiptSchema,
    response: json('The receivable', receivableSchema),
    errors: [409],
  }),
  undoReceipt: apiDoc({
    tag: 'sales',
    operationId: 'undoReceivableReceipt',
    summary: '"Desfazer recebimento": the instalment is to receive again and its "Venda de milhas" revenue is deleted',
    description: 'Refused (409) when the instalment was not received.',
    params: uuidIdParams,
    response: json('The receivable', receivableSchema),
    errors: [409],
  }),
};

const actorOf = (c: { var: AppEnv['Variables'] }) => ({
  agencyId: c.var.session.agencyId,
  userId: c.var.session.userId,
  today: c.var.today,
});

export const salesRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(saleListQuerySchema, c.req.query());
    return c.json(await listSales(c.var.db, actorOf(c), query));
  })
  .post('/', docs.create, async (c) => {
    const body = await readJson(c, anyJson);
    return c.json(await createSale(c.var.db, actorOf(c), body), 201);
  })
  .get('/:id', docs.get, async (c) => {
    const id = uuidParam(c, 'id', saleNotFound);
    return c.json(await getSale(c.var.db, actorOf(c), id));
  })
  .post('/:id/cancel', docs.cancel, async (c) => {
    const id = uuidParam(c, 'id', saleNotFound);
    return c.json(await cancelSale(c.var.db, actorOf(c), id));
  });

export const receivablesRoutes = new Hono<AppEnv>()
  .get('/', docs.receivables, async (c) => {
    const query = parseOrThrow(receivableListQuerySchema, c.req.query());
    return c.json(await listReceivables(c.var.db, actorOf(c), query));
  })
  .post('/:id/receive', docs.receive, async (c) => {
    const id = uuidParam(c, 'id', receivableNotFound);
    const body = await readJson(c, anyJson);
    return c.json(await receiveInstalment(c.var.db, actorOf(c), id, body));
  })
  .post('/:id/undo-receipt', docs.undoReceipt, async (c) => {
    const id = uuidParam(c, 'id', receivableNotFound);
    return c.json(await undoReceipt(c.var.db, actorOf(c), id));
  });

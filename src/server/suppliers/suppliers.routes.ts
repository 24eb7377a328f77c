import { Hono } from 'hono';
import {
  supplierInputSchema,
  supplierListQuerySchema,
  supplierListSchema,
  supplierSchema,
} from '../../domain/suppliers/supplier.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { supplierNotFound } from './suppliers.errors';
import { createSupplier, getSupplier, listSuppliers, updateSupplier } from './suppliers.service';

const docs = {
  list: apiDoc({
    tag: 'suppliers',
    operationId: 'listSuppliers',
    summary:
      "The agency's suppliers by name, each with the lots bought from it in the period (this year unless `from`/`to`)",
    description:
      'Per supplier: lots, miles bought, the average cost per thousand weighted by the miles, and the amount paid.',
    query: supplierListQuerySchema,
    response: json('The suppliers and their figures', supplierListSchema),
  }),
  create: apiDoc({
    tag: 'suppliers',
    operationId: 'createSupplier',
    summary: 'Register a supplier (name unique in the agency, case aside; CPF or CNPJ optional)',
    body: supplierInputSchema,
    response: json('The supplier', supplierSchema, 201),
    errors: [409],
  }),
  get: apiDoc({
    tag: 'suppliers',
    operationId: 'getSupplier',
    summary: "A supplier, with this year's figures",
    params: uuidIdParams,
    response: json('The supplier', supplierSchema),
  }),
  update: apiDoc({
    tag: 'suppliers',
    operationId: 'updateSupplier',
    summary: "Save a supplier; a new name is copied into its lots' supplier",
    params: uuidIdParams,
    body: supplierInputSchema,
    response: json('The supplier', supplierSchema),
    errors: [409],
  }),
};

const actorOf = (c: { var: AppEnv['Variables'] }) => ({
  agencyId: c.var.session.agencyId,
  userId: c.var.session.userId,
  today: c.var.today,
});

export const suppliersRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(supplierListQuerySchema, c.req.query());
    return c.json(await listSuppliers(c.var.db, actorOf(c), query));
  })
  .post('/', docs.create, async (c) => {
    const input = await readJson(c, supplierInputSchema);
    return c.json(await createSupplier(c.var.db, actorOf(c), input), 201);
  })
  .get('/:id', docs.get, async (c) => {
    const id = uuidParam(c, 'id', supplierNotFound);
    return c.json(await getSupplier(c.var.db, actorOf(c), id));
  })
  .put('/:id', docs.update, async (c) => {
    const id = uuidParam(c, 'id', supplierNotFound);
    const input = await readJson(c, supplierInputSchema);
    return c.json(await updateSupplier(c.var.db, actorOf(c), id, input));
  });

import { Hono } from 'hono';
import { z } from 'zod';
import { EMISSION_ACTIONS } from '../../domain/emissions/emission.rules';
import {
  emissionCreateSchema,
  emissionDetailSchema,
  emissionListQuerySchema,
  emissionListSchema,
} from '../../domain/emissions/emission.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, uuidIdParams } from '../http/openapi';
import { parseOrThrow, readJson, uuidParam } from '../http/validate';
import { EMISSION_ERROR_MESSAGES, emissionNotFound } from './emissions.errors';
import { createEmission, getEmissionDetail, listEmissions, transitionEmission } from './emissions.service';

/** POST /emissions/:id/transitions */
export const emissionTransitionSchema = z.object({
  action: z.enum(EMISSION_ACTIONS, { error: EMISSION_ERROR_MESSAGES.actionInvalid }),
});

const emissionId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', emissionNotFound);

const docs = {
  list: apiDoc({
    tag: 'emissions',
    operationId: 'listEmissions',
    summary: 'Emissions newest first, filtered, with the summary',
    description:
      'By status, client, program, creation day (America/Sao_Paulo) and search (PNR, route, client); the summary covers the same filter and search as the list.',
    query: emissionListQuerySchema,
    response: json(
      'A page of emissions (`data`, `total`, `page`, `limit`, `total_pages`) and `summary`',
      emissionListSchema,
    ),
  }),
  create: apiDoc({
    tag: 'emissions',
    operationId: 'createEmission',
    summary: "Create an emission (processing), drawing miles from the account's lots",
    description:
      "From `lot_ids`, else by the agency's allocation policy; 409 INSUFFICIENT_MILES (with the shortage in `details`) when the lots fall short. With `quote_id` it converts that quote, which becomes aceita with this emission in the same transaction: 404 QUOTE_NOT_FOUND, 409 QUOTE_ALREADY_CONVERTED or QUOTE_NOT_CONVERTIBLE (recusada, expirada) and nothing written otherwise.",
    body: emissionCreateSchema,
    response: json('The emission created, as GET /emissions/{id} answers it', emissionDetailSchema, 201),
    errors: [404, 409],
  }),
  get: apiDoc({
    tag: 'emissions',
    operationId: 'getEmission',
    summary: 'An emission with passengers, lot allocations, timeline and SLA statistics',
    params: uuidIdParams,
    response: json('The emission', emissionDetailSchema),
  }),
  transition: apiDoc({
    tag: 'emissions',
    operationId: 'transitionEmission',
    summary: 'Apply submit, issue, fail, retry or cancel',
    description:
      'Cancel returns the miles to their lots; 409 INVALID_TRANSITION when the status does not allow the action.',
    params: uuidIdParams,
    body: emissionTransitionSchema,
    response: json('The emission after the transition', emissionDetailSchema),
    errors: [409],
  }),
};

export const emissionsRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => {
    const query = parseOrThrow(emissionListQuerySchema, c.req.query());
    return c.json(await listEmissions(c.var.db, c.var.session.agencyId, query));
  })
  .post('/', docs.create, async (c) => {
    const input = await readJson(c, emissionCreateSchema);
    const session = c.var.session;
    const detail = await createEmission(c.var.db, { agencyId: session.agencyId, userId: session.userId }, input, {
      today: c.var.today,
      logger: c.var.deps.logger,
    });
    return c.json(detail, 201);
  })
  .get('/:id', docs.get, async (c) => {
    const id = emissionId(c);
    return c.json(await getEmissionDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .post('/:id/transitions', docs.transition, async (c) => {
    const id = emissionId(c);
    const { action } = await readJson(c, emissionTransitionSchema);
    const session = c.var.session;
    return c.json(
      await transitionEmission(c.var.db, { agencyId: session.agencyId, userId: session.userId }, id, action, {
        today: c.var.today,
      }),
    );
  });

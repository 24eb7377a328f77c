import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '../../domain/webhooks/webhook.schema';
import type { AppEnv } from '../http/context';
import { apiDoc, json, noContent, uuidIdParams } from '../http/openapi';
import { readJson, uuidParam } from '../http/validate';
import { webhookDeliveryNotFound, webhookNotFound } from './webhooks.errors';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpointDetail,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTestDelivery,
  updateEndpoint,
} from './webhooks.service';

const endpointId = (c: Context) => uuidParam(c, 'id', webhookNotFound);

/** The body is parsed by the service, with the app's test allow-list (field messages in Portuguese). */
const anyJson = z.unknown();

const saveOptions = (c: Context<AppEnv>) => ({ allowHosts: c.var.deps.webhookAllowHosts ?? [] });

const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

const URL_RULES =
  'The URL must be `https://`, without user or password, and its host must resolve only to public addresses (no loopback, private, link-local, CGNAT or metadata address); refused on `url` otherwise.';

const docs = {
  list: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'listWebhookEndpoints',
    summary: "The agency's webhook endpoints, oldest first, each with its newest delivery",
    response: json('Every endpoint (secrets masked)', webhookEndpointListSchema),
  }),
  create: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'createWebhookEndpoint',
    summary: 'A webhook endpoint: where the chosen events are POSTed, signed per Standard Webhooks',
    description: `${URL_RULES} The answer carries the signing secret in full, this once.`,
    body: webhookEndpointInputSchema,
    response: json('The endpoint and its secret', webhookEndpointCreatedSchema, 201),
    errors: [409],
  }),
  get: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'getWebhookEndpoint',
    summary: 'A webhook endpoint (secret masked)',
    params: uuidIdParams,
    response: json('The endpoint', webhookEndpointSchema),
  }),
  update: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'updateWebhookEndpoint',
    summary: "Save an endpoint's URL, description, events and whether it is enabled",
    description: `${URL_RULES} Enabling it again clears why it was disabled; disabling it fails what was still pending.`,
    params: uuidIdParams,
    body: webhookEndpointInputSchema,
    response: json('The endpoint', webhookEndpointSchema),
  }),
  delete: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete an endpoint and its deliveries',
    params: uuidIdParams,
    response: noContent('Deleted'),
  }),
  rotate: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'rotateWebhookSecret',
    summary: 'A new signing secret for the endpoint; the old one stops signing at once',
    params: uuidIdParams,
    response: json('The new secret, shown this once', webhookSecretSchema),
  }),
  test: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'sendWebhookTest',
    summary: 'Queue a `webhook.test` delivery to this endpoint only',
    params: uuidIdParams,
    response: json('The delivery, pending', webhookDeliverySchema, 201),
    errors: [409],
  }),
  deliveries: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'listWebhookDeliveries',
    summary: "An endpoint's deliveries, newest first: status, attempts, last HTTP status, time and error",
    params: uuidIdParams,
    query: webhookDeliveryListQuerySchema,
    response: json('One page of deliveries', webhookDeliveryListSchema),
  }),
  resend: apiDoc({
    tag: 'webhooks',
    access: 'admin',
    operationId: 'resendWebhookDelivery',
    summary: 'Send a delivered or failed message again ("Reenviar")',
    description:
      'A new delivery with the same body and the same `webhook-id` (Standard Webhooks keeps the id of a message sent again, so receivers can deduplicate); the first one stays in the log as it was.',
    params: deliveryParams,
    response: json('The new delivery, pending', webhookDeliverySchema, 201),
    errors: [409],
  }),
};

export const webhooksRoutes = new Hono<AppEnv>()
  .get('/', docs.list, async (c) => c.json(await listEndpoints(c.var.db, c.var.session.agencyId)))
  .post('/', docs.create, async (c) => {
    const body = await readJson(c, anyJson);
    const { agencyId, userId } = c.var.session;
    return c.json(await createEndpoint(c.var.db, { agencyId, userId }, body, saveOptions(c)), 201);
  })
  .get('/:id', docs.get, async (c) => {
    const id = endpointId(c);
    return c.json(await getEndpointDetail(c.var.db, { agencyId: c.var.session.agencyId, id }));
  })
  .put('/:id', docs.update, async (c) => {
    const id = endpointId(c);
    const body = await readJson(c, anyJson);
    const { agencyId, userId } = c.var.session;
    return c.json(await updateEndpoint(c.var.db, { agencyId, userId }, id, body, saveOptions(c)));
  })
  .delete('/:id', docs.delete, async (c) => {
    const id = endpointId(c);
    const { agencyId, userId } = c.var.session;
    await deleteEndpoint(c.var.db, { agencyId, userId }, id);
    return c.body(null, 204);
  })
  .post('/:id/secret', docs.rotate, async (c) => {
    const id = endpointId(c);
    const { agencyId, userId } = c.var.session;
    return c.json(await rotateSecret(c.var.db, { agencyId, userId }, id));
  })
  .post('/:id/test', docs.test, async (c) => {
    const id = endpointId(c);
    const { agencyId, userId } = c.var.session;
    return c.json(await sendTestDelivery(c.var.db, { agencyId, userId }, id), 201);
  })
  .get('/:id/deliveries', docs.deliveries, async (c) => {
    const id = endpointId(c);
    return c.json(await listDeliveries(c.var.db, { agencyId: c.var.session.agencyId, endpointId: id }, c.req.query()));
  })
  .post('/:id/deliveries/:deliveryId/resend', docs.resend, async (c) => {
    const id = endpointId(c);
    const deliveryId = uuidParam(c, 'deliveryId', webhookDeliveryNotFound);
    const { agencyId, userId } = c.var.session;
    return c.json(await resendDelivery(c.var.db, { agencyId, userId }, { endpointId: id, deliveryId }), 201);
  });

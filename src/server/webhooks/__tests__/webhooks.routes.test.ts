import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_MESSAGES,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '../../../domain/webhooks/webhook.schema';
import { createApp } from '../../app';
import { TEST_PASSWORD_COST } from '../../auth/password';
import { webhook_deliveries } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { recordEvents } from '../../events/events.queries';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { deliverDueWebhooks } from '../webhooks.jobs';
import { startReceiver, type Receiver } from './receiver';

/**
 * /api/v1/webhooks (issue #16): endpoints saved only when their URL is https and public (the
 * allow-list opens 127.0.0.1 to this file's receiver), the secret shown once, the deliveries log,
 * "Enviar teste" and "Reenviar" reaching a real receiver that verifies the signature, another
 * agency's ids out of reach, bad input answered in Portuguese.
 */
let ctx: TestContext;
let strict: TestContext['app'];
let cookie: string;
let agencyId: string;
let otherCookie: string;
let receiver: Receiver;

const ALLOW = ['127.0.0.1'];
const logger = pino({ level: 'silent' });

const api = {
  list: (as = cookie) => call(ctx.app, 'GET', '/api/v1/webhooks', { cookie: as }),
  create: (body: unknown, as = cookie, app = ctx.app) => call(app, 'POST', '/api/v1/webhooks', { cookie: as, body }),
  get: (id: string, as = cookie) => call(ctx.app, 'GET', `/api/v1/webhooks/${id}`, { cookie: as }),
  update: (id: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1/webhooks/${id}`, { cookie: as, body }),
  remove: (id: string, as = cookie) => call(ctx.app, 'DELETE', `/api/v1/webhooks/${id}`, { cookie: as }),
  rotate: (id: string, as = cookie) => call(ctx.app, 'POST', `/api/v1/webhooks/${id}/secret`, { cookie: as }),
  test: (id: string, as = cookie) => call(ctx.app, 'POST', `/api/v1/webhooks/${id}/test`, { cookie: as }),
  deliveries: (id: string, query = '', as = cookie) =>
    call(ctx.app, 'GET', `/api/v1/webhooks/${id}/deliveries${query}`, { cookie: as }),
  resend: (id: string, deliveryId: string, as = cookie) =>
    call(ctx.app, 'POST', `/api/v1/webhooks/${id}/deliveries/${deliveryId}/resend`, { cookie: as }),
};

const deliver = () => deliverDueWebhooks(ctx.handle.db, logger, { allowHosts: ALLOW, timeoutMs: 2000 });

const endpointBody = (overrides: Record<string, unknown> = {}) => ({
  url: receiver.url(),
  description: 'ERP da agência',
  event_types: ['emission.created', 'lot.created'],
  ...overrides,
});

/** A body refused before its host is resolved (these tests never reach DNS). */
const invalid = (overrides: Record<string, unknown>) => ({
  url: 'https://hooks.example.com/hook',
  event_types: ['emission.created'],
  ...overrides,
});

async function createEndpoint(overrides: Record<string, unknown> = {}) {
  const res = await api.create(endpointBody(overrides));
  expect(res.status).toBe(201);
  return webhookEndpointCreatedSchema.parse(res.body);
}

beforeAll(async () => {
  const base = await createTestContext();
  const app = createApp({
    db: base.handle.db,
    logger,
    trustProxy: true,
    passwordCost: TEST_PASSWORD_COST,
    webhookAllowHosts: ALLOW,
  });
  ctx = { ...base, app };
  strict = base.app;
  ({ cookie, agencyId } = await signedInAgency(ctx));
  ({ cookie: otherCookie } = await signedInAgency(ctx));
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

describe('endpoints', () => {
  it('creates one, answering its secret once; lists and reads it with the secret masked', async () => {
    const created = await createEndpoint({ event_types: ['lot.created', 'emission.created', 'lot.created'] });
    expect(created).toMatchObject({
      url: receiver.url(),
      description: 'ERP da agência',
      event_types: ['emission.created', 'lot.created'],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      last_delivery: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.secret_hint).toBe(`whsec_…${created.secret.slice(-4)}`);

    const read = await api.get(created.id);
    expect(read.status).toBe(200);
    expect(webhookEndpointSchema.strict().parse(read.body)).toMatchObject({
      id: created.id,
      secret_hint: created.secret_hint,
    });
    expect(JSON.stringify(read.body)).not.toContain(created.secret);

    const list = webhookEndpointListSchema.parse((await api.list()).body);
    expect(list.data.map((e) => e.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('updates it whole; disabling fails what was pending, enabling clears why the server had disabled it', async () => {
    const created = await createEndpoint();
    const queued = await api.test(created.id);
    expect(queued.status).toBe(201);

    const off = await api.update(
      created.id,
      endpointBody({ description: 'Desligado', event_types: ['lot.expiring'], enabled: false }),
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ description: 'Desligado', event_types: ['lot.expiring'], enabled: false });
    const [pending] = webhookDeliveryListSchema.parse((await api.deliveries(created.id)).body).data;
    expect(pending).toMatchObject({ status: 'failed', last_error: 'Endpoint desativado antes da entrega' });

    // As the delivery job leaves an endpoint it gave up on.
    await ctx.handle.db.execute(
      sql`UPDATE webhook_endpoints SET disabled_reason = 'HTTP 410', failing_since = now() WHERE id = ${created.id}`,
    );
    const on = await api.update(created.id, endpointBody({ enabled: true }));
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('deletes it with its deliveries', async () => {
    const created = await createEndpoint();
    await api.test(created.id);
    expect((await api.remove(created.id)).status).toBe(204);
    expect((await api.get(created.id)).status).toBe(404);
    const left = await ctx.handle.db
      .select()
      .from(webhook_deliveries)
      .where(and(eq(webhook_deliveries.agency_id, agencyId), eq(webhook_deliveries.endpoint_id, created.id)));
    expect(left).toEqual([]);
  });
});

describe('SSRF at save', () => {
  it.each([
    ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.urlInternal],
    ['https://10.0.0.1/hook', WEBHOOK_MESSAGES.urlInternal],
    ['https://169.254.169.254/latest/meta-data/', WEBHOOK_MESSAGES.urlInternal],
    ['https://[::1]:8443/hook', WEBHOOK_MESSAGES.urlInternal],
    ['https://localhost:8443/hook', WEBHOOK_MESSAGES.urlInternal],
    ['http://hooks.example.com/hook', WEBHOOK_MESSAGES.urlHttps],
    ['https:///', WEBHOOK_MESSAGES.urlInvalid],
    ['https://', WEBHOOK_MESSAGES.urlInvalid],
    ['https://user:pw@hooks.example.com/', WEBHOOK_MESSAGES.urlCredentials],
  ])('refuses %s on a server without the allow-list: 400 with the message on url', async (url, message) => {
    const res = await api.create(endpointBody({ url }), cookie, strict);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { url: message } });
  });

  it('refuses the test receiver (127.0.0.1) without the allow-list, over http and over https', async () => {
    for (const url of [receiver.url(), `https://127.0.0.1:${receiver.port}/hook`]) {
      expect((await api.create(endpointBody({ url }), cookie, strict)).status).toBe(400);
    }
  });

  it('checks again when an update changes the URL or enables the endpoint, not when it only switches it off', async () => {
    const created = await createEndpoint();
    const moved = await api.update(created.id, endpointBody({ url: 'https://10.1.1.1/hook' }));
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields).toEqual({ url: WEBHOOK_MESSAGES.urlInternal });
    // A domain that stopped resolving (RFC 2606 .invalid) can still be switched off, not on.
    await ctx.handle.db.execute(
      sql`UPDATE webhook_endpoints SET url = 'https://gone.invalid/hook' WHERE id = ${created.id}`,
    );
    const off = await api.update(created.id, endpointBody({ url: 'https://gone.invalid/hook', enabled: false }));
    expect(off.status).toBe(200);
    const on = await api.update(created.id, endpointBody({ url: 'https://gone.invalid/hook', enabled: true }));
    expect(on.status).toBe(400);
    expect(on.body.error.fields).toEqual({ url: WEBHOOK_MESSAGES.urlUnresolved });
  });
});

describe('bad input', () => {
  it.each([
    [{ event_types: ['emission.created'] }, { url: WEBHOOK_MESSAGES.urlRequired }],
    [invalid({ url: 'não é uma url' }), { url: WEBHOOK_MESSAGES.urlInvalid }],
    [invalid({ event_types: [] }), { event_types: WEBHOOK_MESSAGES.eventsRequired }],
    [
      invalid({ event_types: ['emission.created', 'emission.exploded'] }),
      { event_types: 'Evento desconhecido: emission.exploded' },
    ],
    [invalid({ event_types: 'emission.created' }), { event_types: WEBHOOK_MESSAGES.eventsRequired }],
    [invalid({ description: 'x'.repeat(201) }), { description: WEBHOOK_MESSAGES.descriptionTooLong }],
    [invalid({ enabled: 'sim' }), { enabled: WEBHOOK_MESSAGES.enabledInvalid }],
    [invalid({ url: 'https://hooks.example.com/\u0000' }), { url: 'Contém caracteres inválidos' }],
  ])('refuses %j with 400 and the message on the field', async (body, fields) => {
    const res = await api.create(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields });
  });

  it('answers malformed JSON and a list query out of range with 400, never 500', async () => {
    const raw = await call(ctx.app, 'POST', '/api/v1/webhooks', { cookie, rawBody: '{"url":' });
    expect(raw.status).toBe(400);
    expect(raw.body.error.code).toBe('INVALID_JSON');
    const created = await createEndpoint();
    const page = await api.deliveries(created.id, '?page=0&limit=1000');
    expect(page.status).toBe(400);
    expect(Object.keys(page.body.error.fields).sort()).toEqual(['limit', 'page']);
  });
});

describe('another agency', () => {
  it('cannot see, change, test, rotate, resend or delete an endpoint: 404 everywhere, nothing changed', async () => {
    const created = await createEndpoint();
    const sent = webhookDeliverySchema.parse((await api.test(created.id)).body);
    await deliver();
    expect(webhookEndpointListSchema.parse((await api.list(otherCookie)).body).data).toEqual([]);
    for (const res of [
      await api.get(created.id, otherCookie),
      await api.update(created.id, endpointBody({ enabled: false }), otherCookie),
      await api.test(created.id, otherCookie),
      await api.rotate(created.id, otherCookie),
      await api.deliveries(created.id, '', otherCookie),
      await api.resend(created.id, sent.id, otherCookie),
      await api.remove(created.id, otherCookie),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    expect((await api.get(created.id)).body).toMatchObject({ enabled: true });
    expect((await api.get('nao-e-um-id')).status).toBe(404);
    expect((await api.resend(created.id, 'nao-e-um-id')).body.error.message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
  });
});

describe('deliveries', () => {
  it('"Enviar teste" reaches the receiver signed with the endpoint’s secret, and the log shows it', async () => {
    const created = await createEndpoint();
    const res = await api.test(created.id);
    expect(res.status).toBe(201);
    const queued = webhookDeliverySchema.parse(res.body);
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    expect(queued.message_id).toMatch(/^msg_[0-9a-f]{32}$/);

    await deliver();
    const [got] = receiver.of(queued.message_id);
    expect(got!.headers['user-agent']).toBe('Milheiro-Webhooks/1');
    expect(got!.headers['content-type']).toBe('application/json');
    const payload = new Webhook(created.secret).verify(got!.body, got!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: created.id } });

    const log = webhookDeliveryListSchema.parse((await api.deliveries(created.id)).body);
    expect(log.data[0]).toMatchObject({
      id: queued.id,
      status: 'delivered',
      attempts: 1,
      last_status_code: 204,
      last_error: null,
      next_attempt_at: null,
    });
    expect(log.data[0]!.delivered_at).not.toBeNull();
    expect((await api.get(created.id)).body.last_delivery).toMatchObject({
      status: 'delivered',
      last_status_code: 204,
    });
  });

  it('"Gerar novo segredo" signs the next deliveries with the new secret only', async () => {
    const created = await createEndpoint();
    const rotated = await api.rotate(created.id);
    expect(rotated.status).toBe(200);
    const { secret } = rotated.body as { secret: string };
    expect(secret).not.toBe(created.secret);
    expect((await api.get(created.id)).body.secret_hint).toBe(`whsec_…${secret.slice(-4)}`);
    const queued = webhookDeliverySchema.parse((await api.test(created.id)).body);
    await deliver();
    const [got] = receiver.of(queued.message_id);
    const headers = got!.headers as Record<string, string>;
    expect(() => new Webhook(secret).verify(got!.body, headers)).not.toThrow();
    expect(() => new Webhook(created.secret).verify(got!.body, headers)).toThrow();
  });

  it('"Reenviar" sends the same message again (same body and webhook-id) as a new row; the first stays as it was', async () => {
    const created = await createEndpoint();
    receiver.answer((_req, res) => res.writeHead(500).end('quebrado'));
    const first = webhookDeliverySchema.parse((await api.test(created.id)).body);
    await deliver();
    expect((await api.resend(created.id, first.id)).status).toBe(409); // still being retried
    await ctx.handle.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE id = ${first.id}`);

    receiver.answer((_req, res) => res.writeHead(200).end());
    const res = await api.resend(created.id, first.id);
    expect(res.status).toBe(201);
    const again = webhookDeliverySchema.parse(res.body);
    expect(again).toMatchObject({ message_id: first.message_id, status: 'pending', attempts: 0 });
    expect(again.id).not.toBe(first.id);
    await deliver();

    const [failed, ok] = receiver.of(first.message_id);
    expect(ok!.body).toBe(failed!.body);
    const log = webhookDeliveryListSchema.parse((await api.deliveries(created.id)).body).data;
    expect(log.map((d) => [d.id, d.status, d.last_status_code])).toEqual([
      [again.id, 'delivered', 200],
      [first.id, 'failed', 500],
    ]);
    expect(log[1]!.last_error).toBe('O endereço respondeu HTTP 500: quebrado');
  });

  it('refuses a test to a disabled endpoint with a clear message', async () => {
    const created = await createEndpoint({ enabled: false });
    const res = await api.test(created.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(WEBHOOK_MESSAGES.disabled);
  });

  it('pages the log newest first', async () => {
    const created = await createEndpoint();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(webhookDeliverySchema.parse((await api.test(created.id)).body).id);
    const page = webhookDeliveryListSchema.parse((await api.deliveries(created.id, '?page=1&limit=2')).body);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2, total_pages: 2 });
    expect(page.data.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const second = webhookDeliveryListSchema.parse((await api.deliveries(created.id, '?page=2&limit=2')).body);
    expect(second.data.map((d) => d.id)).toEqual([ids[0]]);
    await ctx.handle.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed' WHERE endpoint_id = ${created.id}`);
  });
});

describe('events', () => {
  it('an event recorded by a write becomes a delivery for each enabled endpoint subscribed to its type, and only those', async () => {
    const { cookie: own, agencyId: agency } = await signedInAgency(ctx);
    const make = async (body: Record<string, unknown>) =>
      webhookEndpointCreatedSchema.parse((await api.create(endpointBody(body), own)).body);
    const subscribed = await make({ event_types: ['emission.created'] });
    const otherType = await make({ event_types: ['lot.created'] });
    const disabled = await make({ event_types: ['emission.created'], enabled: false });
    const entityId = '6d4f2b57-9a38-4c7e-9f0e-3a1c5b2d8e71';

    await withTenant(ctx.handle.db, agency, (tx) =>
      recordEvents(tx, agency, [{ type: 'emission.created', entityId, data: { pnr: 'ABC123' } }]),
    );
    const rows = await ctx.handle.db.select().from(webhook_deliveries).where(eq(webhook_deliveries.agency_id, agency));
    expect(rows.map((r) => r.endpoint_id)).toEqual([subscribed.id]);
    expect(rows[0]).toMatchObject({ event_type: 'emission.created', status: 'pending' });
    expect(rows[0]!.payload).toMatchObject({ type: 'emission.created', data: { id: entityId, pnr: 'ABC123' } });
    expect(otherType.id).not.toBe(disabled.id);

    await deliver();
    const [got] = receiver.of(rows[0]!.message_id);
    expect(new Webhook(subscribed.secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
      type: 'emission.created',
      data: { id: entityId, pnr: 'ABC123' },
    });
  });
});

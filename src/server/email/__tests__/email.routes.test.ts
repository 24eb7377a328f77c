import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, emailOutboxListSchema } from '../../../domain/email/email.schema';
import { createApp } from '../../app';
import { TEST_PASSWORD_COST } from '../../auth/password';
import { rowsOf } from '../../db/rows';
import type { AppDeps } from '../../http/context';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { silentLogger } from './email-fixtures';

/**
 * GET /api/v1/email/outbox and /outbox/{id} (issue #16): the agency's messages newest first, by
 * situation, paged; one message with its parts; another agency's out of reach; bad input answered
 * in Portuguese.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;

async function insertEmail(
  agency: string,
  fields: { status: string; subject: string; createdAt: string; error?: string },
) {
  const [row] = rowsOf<{ id: string }>(
    await ctx.handle.db.execute(sql`
      INSERT INTO email_outbox (agency_id, to_address, template, data, subject, html, text, status, attempts, last_error, created_at,
        sent_at)
      VALUES (${agency}, 'pessoa@example.com', 'alerts', '{}'::jsonb, ${fields.subject}, '<p>Olá</p>', 'Olá, tudo bem?',
        ${fields.status}, 1, ${fields.error ?? null}, ${fields.createdAt}::timestamptz,
        ${fields.status === 'sent' ? fields.createdAt : null}::timestamptz)
      RETURNING id`),
  );
  return row!.id;
}

const list = (query = '', as = cookie) => call(ctx.app, 'GET', `/api/v1/email/outbox${query}`, { cookie: as });

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie, agencyId } = await signedInAgency(ctx));
  const other = await signedInAgency(ctx);
  otherCookie = other.cookie;
  await insertEmail(other.agencyId, { status: 'sent', subject: 'De outra agência', createdAt: '2026-03-10T12:00:00Z' });
});

afterAll(async () => {
  await ctx.close();
});

describe('the outbox list', () => {
  it('shows the agency’s messages newest first, by situation, paged', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push(
        await insertEmail(agencyId, {
          status: i % 2 === 0 ? 'sent' : 'failed',
          subject: `Mensagem ${i}`,
          createdAt: new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString(),
          error: i % 2 === 0 ? undefined : 'O servidor SMTP recusou a mensagem definitivamente: 550',
        }),
      );
    }
    const first = await list();
    expect(first.status).toBe(200);
    const page = emailOutboxListSchema.parse(first.body);
    expect(page).toMatchObject({ total: 23, page: 1, limit: 20, total_pages: 2, smtp_configured: false });
    expect(page.data.map((m) => m.id)).toEqual(ids.toReversed().slice(0, 20));
    expect(page.data[0]).toEqual({
      id: ids[22],
      to_address: 'pessoa@example.com',
      subject: 'Mensagem 22',
      template: 'alerts',
      status: 'sent',
      attempts: 1,
      last_error: null,
      created_at: '2026-03-01T12:22:00.000Z',
      sent_at: '2026-03-01T12:22:00.000Z',
      next_attempt_at: expect.any(String),
    });
    expect(JSON.stringify(page)).not.toContain('De outra agência');

    const second = emailOutboxListSchema.parse((await list('?page=2')).body);
    expect(second.data.map((m) => m.id)).toEqual(ids.toReversed().slice(20));

    const failed = emailOutboxListSchema.parse((await list('?status=failed&limit=5')).body);
    expect(failed.total).toBe(11);
    expect(failed.data).toHaveLength(5);
    expect(failed.data.every((m) => m.status === 'failed' && m.last_error?.includes('550'))).toBe(true);
    expect(emailOutboxListSchema.parse((await list('?status=')).body).total).toBe(23);
  });

  it('refuses a bad query in Portuguese', async () => {
    for (const [query, field, message] of [
      ['?status=enviado', 'status', EMAIL_MESSAGES.statusInvalid],
      ['?page=0', 'page', 'Página inválida'],
      ['?limit=500', 'limit', 'Limite deve estar entre 1 e 100'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.fields[field]).toBe(message);
    }
  });

  it('says whether SMTP is configured where the app runs', async () => {
    const app = createApp({
      db: ctx.handle.db,
      logger: silentLogger,
      trustProxy: true,
      demo: null,
      passwordCost: TEST_PASSWORD_COST,
      smtpConfigured: true,
    } as AppDeps);
    const res = await call(app, 'GET', '/api/v1/email/outbox?limit=1', { cookie });
    expect(emailOutboxListSchema.parse(res.body).smtp_configured).toBe(true);
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, 'GET', '/api/v1/email/outbox')).status).toBe(401);
  });
});

describe('one message', () => {
  it('answers its subject and both parts', async () => {
    const id = await insertEmail(agencyId, {
      status: 'held',
      subject: 'Novo alerta: Expiração',
      createdAt: '2026-03-20T10:00:00Z',
    });
    const res = await call(ctx.app, 'GET', `/api/v1/email/outbox/${id}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      subject: 'Novo alerta: Expiração',
      status: 'held',
      html: '<p>Olá</p>',
      text: 'Olá, tudo bem?',
    });
  });

  it('is out of reach of another agency, and an unknown or malformed id is a 404', async () => {
    const id = await insertEmail(agencyId, { status: 'sent', subject: 'Só nossa', createdAt: '2026-03-21T10:00:00Z' });
    for (const [path, as] of [
      [`/api/v1/email/outbox/${id}`, otherCookie],
      [`/api/v1/email/outbox/${crypto.randomUUID()}`, cookie],
      ['/api/v1/email/outbox/nao-e-um-id', cookie],
    ] as const) {
      const res = await call(ctx.app, 'GET', path, { cookie: as });
      expect(res.status, path).toBe(404);
      expect(res.body.error).toEqual({ code: 'EMAIL_NOT_FOUND', message: 'E-mail não encontrado' });
    }
  });
});

describe('OpenAPI', () => {
  it('documents both routes under the email tag, with the query and the answers', async () => {
    const res = await call(ctx.app, 'GET', '/api/openapi.json');
    const listing = res.body.paths['/api/v1/email/outbox'].get;
    const one = res.body.paths['/api/v1/email/outbox/{id}'].get;
    expect([listing.tags, one.tags]).toEqual([['email'], ['email']]);
    expect(listing.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'limit', 'status']);
    expect(listing.responses['200'].content['application/json'].schema.properties).toHaveProperty('smtp_configured');
    expect(one.responses['200'].content['application/json'].schema.properties).toHaveProperty('html');
    expect(Object.keys(one.responses)).toContain('404');
  });
});

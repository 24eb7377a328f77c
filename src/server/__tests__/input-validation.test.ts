import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { clients, mile_lots } from '../db/schema';
import { call, createTestContext, type TestContext } from '../testing/test-app';
import { createAgencyWithUser, TEST_PASSWORD } from '../testing/factories/agency.factory';

// #11 items 5 and 6 through the real app: malformed text is a field error, not a 500; messages
// say what is wrong, in Portuguese; a phone or CPF is refused rather than erased; page=0x2 is refused.

let ctx: TestContext;
let cookie: string;
let email: string;

const INVALID = 'Contém caracteres inválidos';
const BAD_TEXT = [
  ['NUL', 'Ana\u0000Maria'],
  ['a lone high surrogate', 'Ana\uD800Maria'],
  ['a lone low surrogate', 'Ana\uDC00Maria'],
] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  const { user } = await createAgencyWithUser(ctx.handle.db);
  email = user.email!;
  const signIn = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
    body: { identifier: email, password: TEST_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.cookie!;
});
afterAll(async () => {
  await ctx?.close();
});

const clientCount = async () => (await ctx.handle.db.select({ n: count() }).from(clients))[0]!.n;

describe('NUL bytes and lone surrogates', () => {
  it.each(BAD_TEXT)(
    '%s in a client, a lot or an agency field is a field error, and nothing is written',
    async (_label, bad) => {
      const before = await clientCount();
      const client = await call(ctx.app, 'POST', '/api/v1/clients', {
        cookie,
        body: { name: bad, notes: `Obs ${bad}`, tags: ['vip', bad] },
      });
      expect(client.status).toBe(400);
      expect(client.body.error.fields).toMatchObject({ name: INVALID, notes: INVALID, 'tags.1': INVALID });
      expect(await clientCount()).toBe(before);

      const lot = await call(ctx.app, 'POST', '/api/v1/lots', {
        cookie,
        body: {
          program: 'LATAM',
          account_number: '12345',
          original_quantity: '1000',
          cost_per_mile: '0,02',
          purchase_date: '2025-01-02',
          supplier: bad,
        },
      });
      expect(lot.status).toBe(400);
      expect(lot.body.error.fields).toEqual({ supplier: INVALID });
      expect((await ctx.handle.db.select({ n: count() }).from(mile_lots))[0]!.n).toBe(0);

      const agency = await call(ctx.app, 'PUT', '/api/v1/agency', { cookie, body: { address: bad } });
      expect(agency.status).toBe(400);
      expect(agency.body.error.fields.address).toBe(INVALID);
    },
  );

  it.each(BAD_TEXT)('%s in the sign-in identifier, without a session, is a field error', async (_label, bad) => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
      body: { identifier: bad, password: 'Qualquer1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ identifier: INVALID });
    const mixed = await call(ctx.app, 'POST', '/api/v1/auth/sign-in', {
      body: { identifier: `${email}${bad}`, password: TEST_PASSWORD },
    });
    expect(mixed.status).toBe(400);
  });

  it.each([
    ['/api/v1/clients?search='],
    ['/api/v1/clients/export?search='],
    ['/api/v1/clients/quick-search?q='],
    ['/api/v1/lots?search='],
    ['/api/v1/lots/export?search='],
    ['/api/v1/emissions?search='],
    ['/api/v1/accounts?search='],
  ])('NUL in %s is a field error', async (prefix) => {
    const res = await call(ctx.app, 'GET', `${prefix}ana%00maria`, { cookie });
    expect(res.status).toBe(400);
    const key = prefix.endsWith('q=') ? 'q' : 'search';
    expect(res.body.error.fields).toEqual({ [key]: INVALID });
  });
});

describe('messages true to the fault, in Portuguese', () => {
  it('a too-long value is reported as too long, not as missing', async () => {
    const res = await call(ctx.app, 'PUT', '/api/v1/agency', {
      cookie,
      body: { legal_name: 'R'.repeat(201), trade_name: 'T'.repeat(201) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.legal_name).toBe('Razão social deve ter no máximo 200 caracteres');
    expect(res.body.error.fields.trade_name).toBe('Nome fantasia deve ter no máximo 200 caracteres');
  });

  it('a too-long e-mail says so', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/clients', {
      cookie,
      body: { name: 'Ana', email: `${'a'.repeat(250)}@exemplo.com.br` },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'Email deve ter no máximo 200 caracteres' });
  });

  it('a body of the wrong shape is told in Portuguese', async () => {
    for (const body of [[], [{ name: 'Ana' }], 'Ana', 42, null, true]) {
      const res = await call(ctx.app, 'POST', '/api/v1/clients', {
        cookie,
        rawBody: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ _: 'Envie os dados como um objeto JSON.' });
    }
    const wrongTypes = await call(ctx.app, 'PUT', '/api/v1/agency/settings', {
      cookie,
      body: { default_markup_percent: 'quinze', expiry_alert_days: [30], currency: 1, lot_allocation_policy: {} },
    });
    expect(wrongTypes.status).toBe(400);
    for (const message of Object.values<string>(wrongTypes.body.error.fields)) {
      expect(message).not.toMatch(/\b(Invalid|expected|received|Required|must|Expected|string|number)\b/);
    }
  });
});

describe('phone and CPF are refused, never erased', () => {
  it('keeps the stored phone and CPF when the new ones have no digits', async () => {
    const created = await call(ctx.app, 'POST', '/api/v1/clients', {
      cookie,
      body: { name: 'Ana Lima', phone: '(84) 99999-8888', document: '529.982.247-25' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const phone = await call(ctx.app, 'PUT', `/api/v1/clients/${id}`, {
      cookie,
      body: { name: 'Ana Lima', phone: 'not a phone', document: '529.982.247-25' },
    });
    expect(phone.status).toBe(400);
    expect(phone.body.error.fields).toEqual({ phone: 'Telefone inválido' });
    const cpf = await call(ctx.app, 'PUT', `/api/v1/clients/${id}`, {
      cookie,
      body: { name: 'Ana Lima', phone: '(84) 99999-8888', document: 'sem cpf' },
    });
    expect(cpf.status).toBe(400);
    expect(cpf.body.error.fields).toEqual({ document: 'CPF inválido' });

    const [row] = await ctx.handle.db.select().from(clients).where(eq(clients.id, id));
    expect(row).toMatchObject({ phone: '84999998888', document: '52998224725' });

    // Clearing them on purpose still works.
    const cleared = await call(ctx.app, 'PUT', `/api/v1/clients/${id}`, {
      cookie,
      body: { name: 'Ana Lima', phone: '', document: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ phone: null, document: null });
  });

  it('refuses a sign-up phone that is not a phone', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/sign-up', {
      body: { agency: {}, user: { name: 'Ana', email: 'ana@exemplo.com', phone: 'não tenho', password: 'Segura123' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields['user.phone']).toBe('Telefone inválido');
  });
});

describe('integers in query strings', () => {
  it.each(['0x2', '1e1', '%202', '2.0', '%2B2', '0b10'])('page=%s is refused', async (page) => {
    const res = await call(ctx.app, 'GET', `/api/v1/clients?page=${page}`, { cookie });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ page: 'Página inválida' });
  });

  it('limit=0x10 and days=1e1 are refused; plain digits are read', async () => {
    expect((await call(ctx.app, 'GET', '/api/v1/lots?limit=0x10', { cookie })).body.error.fields).toEqual({
      limit: 'Limite deve estar entre 1 e 100',
    });
    expect((await call(ctx.app, 'GET', '/api/v1/lots/expiring?days=1e1', { cookie })).status).toBe(400);
    const ok = await call(ctx.app, 'GET', '/api/v1/clients?page=2&limit=5', { cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ page: 2, limit: 5 });
  });
});

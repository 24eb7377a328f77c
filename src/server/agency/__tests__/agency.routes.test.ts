import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_INTEREST_PERCENT } from '../../../domain/quotes/payment';
import { agencies } from '../../db/schema';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const validAgency = {
  legal_name: 'Viagens Potiguar Ltda',
  trade_name: 'Potiguar Milhas',
  cnpj: '11.444.777/0001-61',
  registration_status: 'Ativa',
  opened_on: '2024-03-15',
  address: 'Av. Engenheiro Roberto Freire, 1000 - Ponta Negra, Natal/RN',
  main_activity_code: '7911-2/00',
  share_capital_cents: 5_000_000,
  email: 'contato@potiguar.com.br',
  phone: '(84) 3333-4444',
};

beforeAll(async () => {
  ctx = await createTestContext();
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(() => ctx.close());

describe('GET/PUT /api/v1/agency', () => {
  it("returns the signed-in user's agency only", async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/agency', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(agencyId);
    const other = await call(ctx.app, 'GET', '/api/v1/agency', { cookie: otherCookie });
    expect(other.body.id).toBe(otherAgencyId);
  });

  it('saves the whole form, normalising CNPJ and phone to digits', async () => {
    const res = await call(ctx.app, 'PUT', '/api/v1/agency', { cookie, body: validAgency });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...validAgency, cnpj: '11444777000161', phone: '8433334444' });
    const again = await call(ctx.app, 'GET', '/api/v1/agency', { cookie });
    expect(again.body).toMatchObject({
      trade_name: 'Potiguar Milhas',
      share_capital_cents: 5_000_000,
      opened_on: '2024-03-15',
    });
    const [other] = await ctx.handle.db.select().from(agencies).where(eq(agencies.id, otherAgencyId));
    expect(other!.trade_name).not.toBe('Potiguar Milhas');
  });

  it.each([
    [{ cnpj: '11.444.777/0001-62' }, 'cnpj', 'CNPJ inválido'],
    [{ cnpj: '11.444.777' }, 'cnpj', 'CNPJ deve ter 14 dígitos'],
    [{ legal_name: 'A' }, 'legal_name', 'Razão social deve ter pelo menos 2 caracteres'],
    [{ trade_name: '' }, 'trade_name', 'Nome fantasia deve ter pelo menos 2 caracteres'],
    [{ address: 'Rua curta' }, 'address', 'Endereço deve ter pelo menos 10 caracteres'],
    [{ main_activity_code: '79' }, 'main_activity_code', 'CNAE deve ter pelo menos 5 caracteres'],
    [{ opened_on: '2999-01-01' }, 'opened_on', 'Data não pode estar no futuro'],
    [{ opened_on: '1899-12-31' }, 'opened_on', 'Data não pode ser anterior a 1900'],
    [{ opened_on: '2024-02-30' }, 'opened_on', 'Data inválida'],
    [{ share_capital_cents: -1 }, 'share_capital_cents', 'Capital social não pode ser negativo'],
    [{ share_capital_cents: 10.5 }, 'share_capital_cents', 'Capital social inválido'],
    [{ email: 'nao-e-email' }, 'email', 'Email inválido'],
    [{ phone: '1234' }, 'phone', 'Telefone inválido'],
    [{ registration_status: '' }, 'registration_status', 'Situação cadastral é obrigatória'],
  ])('refuses %o with "%s: %s" and writes nothing', async (patch, field, message) => {
    const before = await call(ctx.app, 'GET', '/api/v1/agency', { cookie });
    const res = await call(ctx.app, 'PUT', '/api/v1/agency', {
      cookie,
      body: { ...validAgency, ...patch, trade_name: 'Mudou', ...(field === 'trade_name' ? patch : {}) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Dados inválidos.');
    expect(res.body.error.fields[field]).toBe(message);
    const after = await call(ctx.app, 'GET', '/api/v1/agency', { cookie });
    expect(after.body).toEqual(before.body);
  });

  it('refuses wrong types and missing fields', async () => {
    const res = await call(ctx.app, 'PUT', '/api/v1/agency', { cookie, body: { legal_name: 123 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(
      expect.arrayContaining(['legal_name', 'trade_name', 'cnpj', 'address']),
    );
    const arr = await call(ctx.app, 'PUT', '/api/v1/agency', { cookie, body: [] });
    expect(arr.status).toBe(400);
  });

  it("refuses another agency's CNPJ with a field message", async () => {
    const [other] = await ctx.handle.db.select().from(agencies).where(eq(agencies.id, otherAgencyId));
    const res = await call(ctx.app, 'PUT', '/api/v1/agency', {
      cookie,
      body: { ...validAgency, cnpj: other!.cnpj, trade_name: 'Tentativa' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'DUPLICATE_CNPJ',
      message: 'Já existe uma agência com este CNPJ.',
      fields: { cnpj: 'CNPJ já cadastrado' },
    });
    const after = await call(ctx.app, 'GET', '/api/v1/agency', { cookie });
    expect(after.body.trade_name).toBe('Potiguar Milhas');
  });
});

describe('settings', () => {
  it('starts with the defaults of DESIGN.md', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/agency/settings', { cookie });
    expect(res.body).toEqual({
      default_markup_percent: 15,
      expiry_alert_days: 30,
      currency: 'BRL',
      lot_allocation_policy: 'cheapest',
      card_interest_percent: [...DEFAULT_CARD_INTEREST_PERCENT],
      require_mfa: false,
    });
  });

  it('saves for real and keeps agencies apart', async () => {
    const body = {
      default_markup_percent: 12.5,
      expiry_alert_days: 45,
      currency: 'BRL',
      lot_allocation_policy: 'expiring_first',
      card_interest_percent: [0, 0, 0, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 12.99],
      require_mfa: false,
    };
    expect((await call(ctx.app, 'PUT', '/api/v1/agency/settings', { cookie, body })).body).toEqual(body);
    expect((await call(ctx.app, 'GET', '/api/v1/agency/settings', { cookie })).body).toEqual(body);
    expect(
      (await call(ctx.app, 'GET', '/api/v1/agency/settings', { cookie: otherCookie })).body.expiry_alert_days,
    ).toBe(30);
  });

  it.each([
    [{ currency: 'USD' }, 'currency'],
    [{ expiry_alert_days: 0 }, 'expiry_alert_days'],
    [{ expiry_alert_days: 2.5 }, 'expiry_alert_days'],
    [{ default_markup_percent: -1 }, 'default_markup_percent'],
    [{ default_markup_percent: 12.55 }, 'default_markup_percent'],
    [{ lot_allocation_policy: 'random' }, 'lot_allocation_policy'],
    [{ card_interest_percent: [0, 0, 0] }, 'card_interest_percent'],
    [{ card_interest_percent: [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }, 'card_interest_percent.0'],
    [{ card_interest_percent: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100.5] }, 'card_interest_percent.11'],
    [{ card_interest_percent: [0, 0, 1.234, 0, 0, 0, 0, 0, 0, 0, 0, 0] }, 'card_interest_percent.2'],
    [{ card_interest_percent: 'sem juros' }, 'card_interest_percent'],
  ])('refuses %o', async (patch, field) => {
    const body = {
      default_markup_percent: 15,
      expiry_alert_days: 30,
      currency: 'BRL',
      lot_allocation_policy: 'cheapest',
      ...patch,
    };
    const res = await call(ctx.app, 'PUT', '/api/v1/agency/settings', { cookie, body });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toEqual(expect.any(String));
    expect((await call(ctx.app, 'GET', '/api/v1/agency/settings', { cookie })).body.expiry_alert_days).toBe(45);
  });
});

describe('notification preferences', () => {
  it("are the user's own and saved", async () => {
    const body = {
      email_notifications: false,
      lot_expiring: true,
      sla_exceeded: false,
      margin_critical: true,
      email_frequency: 'daily',
    };
    expect((await call(ctx.app, 'PUT', '/api/v1/me/notifications', { cookie, body })).body).toEqual(body);
    expect((await call(ctx.app, 'GET', '/api/v1/me/notifications', { cookie })).body).toEqual(body);
    expect(
      (await call(ctx.app, 'GET', '/api/v1/me/notifications', { cookie: otherCookie })).body.email_notifications,
    ).toBe(true);
    const bad = await call(ctx.app, 'PUT', '/api/v1/me/notifications', {
      cookie,
      body: { ...body, lot_expiring: 'sim' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.lot_expiring).toBe('Valor inválido');
  });
});

describe('OpenAPI', () => {
  it('documents the routes with the request schemas', async () => {
    const res = await call(ctx.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(
      res.body.paths['/api/v1/agency'].put.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('cnpj');
  });
});

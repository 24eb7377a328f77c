import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client_figures, clients, emissions, loyalty_accounts } from '../../db/schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { activityRows } from '../../testing/activity';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import {
  bulkDeleteResultSchema,
  clientDetailSchema,
  clientListSchema,
  clientSchema,
  type ClientSort,
  type SortOrder,
} from '../../../domain/clients/client.schema';
import { clientEmissionListSchema } from '../../../domain/emissions/emission.schema';
import { withTenant } from '../../db/tenant';
import { searchClientsPage } from '../clients.queries';

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const CPF = '529.982.247-25';

const validBody = {
  name: 'José da Silva',
  email: 'Jose.Silva@Exemplo.com.br',
  phone: '(84) 99876-5432',
  document: CPF,
  birth_date: '1985-07-20',
  status: 'active',
  notes: 'Prefere voos pela manhã',
  tags: ['vip'],
  loyalty_accounts: [
    { program: 'LATAM', account_number: '12345678', nickname: 'Pessoal' },
    { program: 'SMILES', account_number: '998877' },
  ],
};

const api = {
  list: (query = '', as = cookie) => call(ctx.app, 'GET', `/api/v1/clients${query}`, { cookie: as }),
  create: (body: unknown, as = cookie) => call(ctx.app, 'POST', '/api/v1/clients', { cookie: as, body }),
  update: (id: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1/clients/${id}`, { cookie: as, body }),
  get: (id: string, as = cookie) => call(ctx.app, 'GET', `/api/v1/clients/${id}`, { cookie: as }),
  remove: (id: string, as = cookie) => call(ctx.app, 'DELETE', `/api/v1/clients/${id}`, { cookie: as }),
  bulkDelete: (ids: unknown, as = cookie) =>
    call(ctx.app, 'POST', '/api/v1/clients/bulk-delete', { cookie: as, body: { ids } }),
};

async function countRows(agency: string) {
  const rows = await ctx.handle.db.select({ id: clients.id }).from(clients).where(eq(clients.agency_id, agency));
  const accounts = await ctx.handle.db
    .select({ id: loyalty_accounts.id })
    .from(loyalty_accounts)
    .where(eq(loyalty_accounts.agency_id, agency));
  return { clients: rows.length, accounts: accounts.length };
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(() => ctx.close());

describe('POST /api/v1/clients', () => {
  it('creates the client with its loyalty accounts, normalising CPF, phone and e-mail', async () => {
    const res = await api.create(validBody);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'José da Silva',
      email: 'jose.silva@exemplo.com.br',
      phone: '84998765432',
      document: '52998224725',
      birth_date: '1985-07-20',
      status: 'active',
      tags: ['vip'],
      notes: 'Prefere voos pela manhã',
      emissions_count: 0,
      active_emissions_count: 0,
      total_spent_cents: 0,
      last_emission_at: null,
    });
    expect(res.body.loyalty_accounts).toEqual([
      { id: expect.any(String), program: 'LATAM', account_number: '12345678', nickname: 'Pessoal' },
      { id: expect.any(String), program: 'SMILES', account_number: '998877', nickname: null },
    ]);
    const [log] = await activityRows(ctx.handle.db, { agency_id: agencyId, ref_id: res.body.id });
    expect(log).toMatchObject({
      kind: 'client_created',
      description: 'Cliente José da Silva cadastrado',
      ref_type: 'client',
    });
    expect(log!.user_id).toEqual(expect.any(String));
    await api.remove(res.body.id);
  });

  it('accepts minimal input (name only), a company CNPJ, and empty optional fields as null', async () => {
    const res = await api.create({
      name: 'Empresa Viagens Ltda',
      email: '',
      phone: '',
      document: '11.222.333/0001-81',
      birth_date: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: null,
      phone: null,
      document: '11222333000181',
      birth_date: null,
      status: 'active',
      tags: [],
      notes: null,
      loyalty_accounts: [],
    });
    await api.remove(res.body.id);
  });

  it.each([
    [{ name: 'A' }, 'name', 'Nome deve ter pelo menos 2 caracteres'],
    [{ name: '   ' }, 'name', 'Nome deve ter pelo menos 2 caracteres'],
    [{ name: undefined }, 'name', 'Nome é obrigatório'],
    [{ email: 'nao-e-email' }, 'email', 'Email inválido'],
    [{ document: '529.982.247-24' }, 'document', 'CPF inválido'],
    [{ document: '111.111.111-11' }, 'document', 'CPF inválido'],
    [{ document: '5299822' }, 'document', 'CPF inválido'],
    [{ document: '11.222.333/0001-82' }, 'document', 'CNPJ inválido'],
    [{ birth_date: '2999-01-01' }, 'birth_date', 'Data de nascimento inválida'],
    [{ birth_date: '1899-12-31' }, 'birth_date', 'Data de nascimento inválida'],
    [{ birth_date: '1990-02-30' }, 'birth_date', 'Data de nascimento inválida'],
    [{ birth_date: '20/07/1985' }, 'birth_date', 'Data de nascimento inválida'],
    [{ status: 'vip' }, 'status', 'Status inválido'],
    [{ phone: '1234' }, 'phone', 'Telefone inválido'],
    [
      {
        loyalty_accounts: [
          { program: 'LATAM', account_number: '1' },
          { program: 'LATAM', account_number: '2' },
        ],
      },
      'loyalty_accounts.1.program',
      'Programa já adicionado',
    ],
    [
      { loyalty_accounts: [{ program: 'LATAM', account_number: ' ' }] },
      'loyalty_accounts.0.account_number',
      'Número da conta é obrigatório',
    ],
    [
      { loyalty_accounts: [{ program: 'MILHAS', account_number: '1' }] },
      'loyalty_accounts.0.program',
      'Programa inválido',
    ],
  ])('refuses %o with "%s: %s" and writes nothing', async (patch, field, message) => {
    const before = await countRows(agencyId);
    const res = await api.create({ ...validBody, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Dados inválidos.' });
    expect(res.body.error.fields[field]).toBe(message);
    expect(await countRows(agencyId)).toEqual(before);
  });

  it('refuses an account id on create and a second client with the same CPF', async () => {
    const before = await countRows(agencyId);
    const withId = await api.create({
      ...validBody,
      loyalty_accounts: [{ id: crypto.randomUUID(), program: 'LATAM', account_number: '1' }],
    });
    expect(withId.status).toBe(400);
    expect(withId.body.error.fields['loyalty_accounts.0.id']).toBe('Conta não encontrada');
    expect(await countRows(agencyId)).toEqual(before);

    const first = await api.create({ ...validBody, loyalty_accounts: [] });
    expect(first.status).toBe(201);
    const again = await api.create({ ...validBody, name: 'Outro Nome', document: '52998224725', loyalty_accounts: [] });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('DUPLICATE_DOCUMENT');
    expect(again.body.error.fields.document).toMatch(/^CPF 529\.982\.247-25 já cadastrado/);
    // Another agency may have the same person as a client.
    const elsewhere = await api.create({ ...validBody, loyalty_accounts: [] }, otherCookie);
    expect(elsewhere.status).toBe(201);
    await api.remove(first.body.id);
    await api.remove(elsewhere.body.id, otherCookie);
  });

  it('refuses malformed JSON and a non-object body', async () => {
    const bad = await call(ctx.app, 'POST', '/api/v1/clients', { cookie, rawBody: '{"name":' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_JSON');
    expect((await api.create([])).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, 'GET', '/api/v1/clients')).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/v1/clients', { body: validBody })).status).toBe(401);
  });
});

describe('PUT /api/v1/clients/:id and loyalty accounts', () => {
  let id: string;
  let latamId: string;
  let smilesId: string;

  beforeAll(async () => {
    const res = await api.create({ ...validBody, document: validCpf(4242) });
    id = res.body.id;
    latamId = res.body.loyalty_accounts[0].id;
    smilesId = res.body.loyalty_accounts[1].id;
  });

  it('updates fields, edits kept accounts, creates new ones and removes the ones left out', async () => {
    const res = await api.update(id, {
      ...validBody,
      document: validCpf(4242),
      name: 'José da Silva Jr.',
      status: 'blocked',
      loyalty_accounts: [
        { id: latamId, program: 'LATAM', account_number: '87654321', nickname: null },
        { program: 'AZUL', account_number: 'AZ-1' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'José da Silva Jr.', status: 'blocked' });
    expect(res.body.loyalty_accounts).toEqual([
      { id: latamId, program: 'LATAM', account_number: '87654321', nickname: null },
      { id: expect.any(String), program: 'AZUL', account_number: 'AZ-1', nickname: null },
    ]);
    const smiles = await ctx.handle.db.select().from(loyalty_accounts).where(eq(loyalty_accounts.id, smilesId));
    expect(smiles).toHaveLength(0);
    const got = await api.get(id);
    expect(got.body.client.loyalty_accounts.map((a: { program: string }) => a.program)).toEqual(['LATAM', 'AZUL']);
    expect(got.body.client.updated_at >= got.body.client.created_at).toBe(true);
    const logs = await activityRows(ctx.handle.db, { ref_id: id, kind: 'client_updated' });
    expect(logs.map((l) => l.description)).toContain('Cliente José da Silva Jr. atualizado');
  });

  it('lets a program given up be added again in the same save', async () => {
    const current = (await api.get(id)).body.client;
    const res = await api.update(id, {
      ...validBody,
      document: validCpf(4242),
      loyalty_accounts: [{ program: 'LATAM', account_number: 'NOVO' }, current.loyalty_accounts[1]],
    });
    expect(res.status).toBe(200);
    expect(res.body.loyalty_accounts.map((a: { program: string }) => a.program)).toEqual(['AZUL', 'LATAM']);
    latamId = res.body.loyalty_accounts[1].id;
  });

  it('refuses a duplicated program, an unknown account and an account of another client, writing nothing', async () => {
    const before = (await api.get(id)).body.client;
    const dup = await api.update(id, {
      ...validBody,
      name: 'Mudou',
      loyalty_accounts: [
        { id: latamId, program: 'LATAM', account_number: '1' },
        { program: 'LATAM', account_number: '2' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error.fields).toEqual({ 'loyalty_accounts.1.program': 'Programa já adicionado' });

    const otherClient = await api.create({
      name: 'Outra Pessoa',
      loyalty_accounts: [{ program: 'TAP', account_number: 'T1' }],
    });
    const foreign = await api.update(id, {
      ...validBody,
      name: 'Mudou',
      loyalty_accounts: [{ id: otherClient.body.loyalty_accounts[0].id, program: 'TAP', account_number: 'T1' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields['loyalty_accounts.0.id']).toBe('Conta não encontrada');
    expect((await api.get(id)).body.client).toEqual(before);
    expect((await api.get(otherClient.body.id)).body.client.loyalty_accounts).toHaveLength(1);
    await api.remove(otherClient.body.id);
  });

  it('refuses to remove, or change the program of, an account that has lots', async () => {
    await createLotRow(ctx.handle.db, agencyId, latamId);
    const before = (await api.get(id)).body.client;
    const removed = await api.update(id, {
      ...validBody,
      name: 'Mudou',
      document: validCpf(4242),
      loyalty_accounts: [],
    });
    expect(removed.status).toBe(409);
    expect(removed.body.error).toMatchObject({
      code: 'ACCOUNT_IN_USE',
      message: 'A conta LATAM Pass (NOVO) possui lotes ou emissões e não pode ser removida.',
    });
    const moved = await api.update(id, {
      ...validBody,
      name: 'Mudou',
      document: validCpf(4242),
      loyalty_accounts: before.loyalty_accounts.map((a: { id: string; program: string }) =>
        a.id === latamId ? { ...a, program: 'QATAR' } : a,
      ),
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('ACCOUNT_IN_USE');
    expect((await api.get(id)).body.client).toEqual(before);
    // Its number and nickname may still change.
    const renamed = await api.update(id, {
      ...validBody,
      document: validCpf(4242),
      loyalty_accounts: before.loyalty_accounts.map((a: { id: string }) =>
        a.id === latamId ? { ...a, nickname: 'Conta principal' } : a,
      ),
    });
    expect(renamed.status).toBe(200);
  });

  it("refuses another client's CPF", async () => {
    const other = await api.create({ name: 'Dona do CPF', document: validCpf(777) });
    const res = await api.update(id, { ...validBody, document: validCpf(777), loyalty_accounts: [] });
    expect(res.status).toBe(409);
    expect(res.body.error.fields.document).toContain('Dona do CPF');
    await api.remove(other.body.id);
  });
});

describe('another agency', () => {
  it("cannot read, change, delete or list this agency's client (404, nothing touched)", async () => {
    const mine = await api.create({ name: 'Cliente Privado', document: validCpf(31337) });
    const id = mine.body.id;
    expect((await api.get(id, otherCookie)).status).toBe(404);
    expect((await api.get(id, otherCookie)).body.error).toEqual({
      code: 'CLIENT_NOT_FOUND',
      message: 'Cliente não encontrado.',
    });
    expect((await api.update(id, { name: 'Invadido' }, otherCookie)).status).toBe(404);
    expect((await api.remove(id, otherCookie)).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/v1/clients/${id}/emissions`, { cookie: otherCookie })).status).toBe(404);
    const list = await api.list('?search=privado', otherCookie);
    expect(list.body.total).toBe(0);
    const still = await api.get(id);
    expect(still.body.client.name).toBe('Cliente Privado');
    // A malformed id and an unknown one answer alike, with the feature's own code.
    for (const unknown of ['nao-e-uuid', crypto.randomUUID()]) {
      const res = await api.get(unknown);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'CLIENT_NOT_FOUND', message: 'Cliente não encontrado.' });
    }
    await api.remove(id);
  });
});

describe('DELETE and bulk delete', () => {
  it('deletes a client without emissions, with its accounts, and records it', async () => {
    const c = await api.create({ name: 'Ana Apagável', loyalty_accounts: [{ program: 'AZUL', account_number: '1' }] });
    const res = await api.remove(c.body.id);
    expect(res.status).toBe(204);
    expect((await api.get(c.body.id)).status).toBe(404);
    expect(
      await ctx.handle.db.select().from(loyalty_accounts).where(eq(loyalty_accounts.client_id, c.body.id)),
    ).toHaveLength(0);
    const [log] = await activityRows(ctx.handle.db, { ref_id: c.body.id, kind: 'client_deleted' });
    expect(log!.description).toBe('Cliente Ana Apagável excluído');
  });

  it('refuses to delete a client that has emissions (409, asks to mark it Inativo)', async () => {
    const c = await api.create({ name: 'Cliente Com Emissão' });
    const deletion = () => call(ctx.app, 'GET', `/api/v1/clients/${c.body.id}/deletion`, { cookie });
    expect((await deletion()).body).toEqual({ deletable: true, reason: null });
    await createEmissionRow(ctx.handle.db, agencyId, c.body.id, { status: 'cancelled' });
    // Asked before the confirmation, the answer is the one the DELETE gives.
    expect((await deletion()).body).toEqual({
      deletable: false,
      reason: 'Este cliente possui emissões e não pode ser excluído. Marque-o como Inativo.',
    });
    const res = await api.remove(c.body.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'CLIENT_HAS_EMISSIONS',
      message: 'Este cliente possui emissões e não pode ser excluído. Marque-o como Inativo.',
    });
    expect((await api.get(c.body.id)).status).toBe(200);
  });

  it('refuses to delete a client whose loyalty account has lots', async () => {
    const c = await api.create({
      name: 'Cliente Com Lote',
      loyalty_accounts: [{ program: 'AZUL', account_number: 'A9' }],
    });
    await createLotRow(ctx.handle.db, agencyId, c.body.loyalty_accounts[0].id);
    const res = await api.remove(c.body.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CLIENT_HAS_LOTS');
    expect((await api.get(c.body.id)).body.client.loyalty_accounts).toHaveLength(1);
  });

  it('bulk-deletes the deletable ones, keeps those with emissions or lots and ignores other agencies', async () => {
    const a = await api.create({ name: 'Bulk Um' });
    const b = await api.create({ name: 'Bulk Dois' });
    const withEmission = await api.create({ name: 'Bulk Com Emissão' });
    await createEmissionRow(ctx.handle.db, agencyId, withEmission.body.id);
    const withLot = await api.create({
      name: 'Bulk Com Lote',
      loyalty_accounts: [{ program: 'SMILES', account_number: 'S1' }],
    });
    await createLotRow(ctx.handle.db, agencyId, withLot.body.loyalty_accounts[0].id);
    const foreign = await api.create({ name: 'Cliente da Outra' }, otherCookie);

    const res = await api.bulkDelete([
      a.body.id,
      b.body.id,
      withEmission.body.id,
      withLot.body.id,
      foreign.body.id,
      crypto.randomUUID(),
      a.body.id,
    ]);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(2);
    expect(res.body.not_found).toBe(2);
    expect(res.body.kept).toEqual([
      {
        id: withEmission.body.id,
        name: 'Bulk Com Emissão',
        reason: 'Este cliente possui emissões e não pode ser excluído. Marque-o como Inativo.',
      },
      { id: withLot.body.id, name: 'Bulk Com Lote', reason: expect.stringContaining('lotes') },
    ]);
    expect((await api.get(a.body.id)).status).toBe(404);
    expect((await api.get(b.body.id)).status).toBe(404);
    expect((await api.get(withEmission.body.id)).status).toBe(200);
    expect((await api.get(foreign.body.id, otherCookie)).body.client.name).toBe('Cliente da Outra');
    const logs = await activityRows(ctx.handle.db, { agency_id: agencyId, kind: 'clients_deleted' });
    expect(logs.map((l) => l.description)).toContain('2 clientes excluídos');
  });

  it('refuses 1001 ids, an empty list and ids that are not UUIDs, deleting nothing', async () => {
    const keep = await api.create({ name: 'Sobrevivente' });
    const ids = [keep.body.id, ...Array.from({ length: 1000 }, () => crypto.randomUUID())];
    const res = await api.bulkDelete(ids);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.ids).toBe('Selecione no máximo 1000 clientes por vez.');
    expect((await api.get(keep.body.id)).status).toBe(200);
    const empty = await api.bulkDelete([]);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.ids).toBe('Selecione pelo menos um cliente.');
    const bad = await api.bulkDelete([keep.body.id, 'x']);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['ids.1']).toBe('Identificador inválido');
    expect((await api.get(keep.body.id)).status).toBe(200);
    const ok = await api.bulkDelete(ids.slice(0, 1000));
    expect(ok.body).toEqual({ deleted: 1, kept: [], not_found: 999 });
  });
});

describe('client detail: stats and emissions', () => {
  it('computes stats in SQL from active emissions only', async () => {
    const c = await api.create({ name: 'Cliente Estatístico' });
    const id = c.body.id;
    const empty = await api.get(id);
    expect(empty.body.stats).toEqual({
      total_emissions: 0,
      active_emissions: 0,
      total_spent_cents: 0,
      total_revenue_cents: 0,
      total_profit_cents: 0,
      avg_ticket_cents: 0,
      received_cents: 0,
      receivable_cents: 0,
      last_emission_date: null,
    });
    const issued = await createEmissionRow(ctx.handle.db, agencyId, id, {
      status: 'issued',
      revenue_cents: 100_000,
      margin_cents: 20_000,
      pnr: 'ABC123',
    });
    await createEmissionRow(ctx.handle.db, agencyId, id, {
      status: 'processing',
      revenue_cents: 50_001,
      margin_cents: 10_000,
    });
    await createEmissionRow(ctx.handle.db, agencyId, id, { status: 'pending', revenue_cents: 0, margin_cents: 0 });
    await createEmissionRow(ctx.handle.db, agencyId, id, {
      status: 'cancelled',
      revenue_cents: 999_999,
      margin_cents: 99_999,
    });
    const failed = await createEmissionRow(ctx.handle.db, agencyId, id, {
      status: 'failed',
      revenue_cents: 777_777,
      margin_cents: 77_777,
    });
    // R$ 600,00 received of the issued one; a posting on the failed one is not the client's to owe.
    for (const [emission, amount] of [
      [issued.id, 60_000],
      [failed.id, 5_000],
    ] as const) {
      const posted = await call(ctx.app, 'POST', '/api/v1/finance/entries', {
        cookie,
        body: {
          kind: 'revenue',
          category: 'revenue',
          amount_cents: amount,
          entry_date: '2026-03-02',
          payment_method: 'pix',
          emission_id: emission,
        },
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    }
    const res = await api.get(id);
    expect(res.status).toBe(200);
    // Five live emissions; the cancelled one is not the client's (issue #14), the failed one is.
    expect(res.body.stats).toMatchObject({
      total_emissions: 4,
      active_emissions: 3,
      total_spent_cents: 150_001,
      total_revenue_cents: 150_001,
      total_profit_cents: 30_000,
      avg_ticket_cents: 50_000,
      received_cents: 60_000,
      receivable_cents: 40_000 + 50_001,
      last_emission_date: expect.any(String),
    });
    expect(res.body.client).toMatchObject({
      emissions_count: 4,
      active_emissions_count: 3,
      total_spent_cents: 150_001,
    });
    // The list's row says what the client's page says.
    const listed = await api.list(`?search=${encodeURIComponent(res.body.client.name)}`);
    expect(listed.body.data.find((row: { id: string }) => row.id === id)).toMatchObject({ emissions_count: 4 });

    const page1 = await call(ctx.app, 'GET', `/api/v1/clients/${id}/emissions?limit=2`, { cookie });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 5, page: 1, limit: 2, total_pages: 3 });
    expect(Object.keys(page1.body.data[0]).sort()).toEqual(
      ['created_at', 'id', 'margin_cents', 'miles_used', 'pnr', 'program', 'revenue_cents', 'route', 'status'].sort(),
    );
    expect(page1.body.data[0]).toMatchObject({ route: 'NAT-GRU', program: 'LATAM', miles_used: 20_000 });
    const all = [];
    for (let p = 1; p <= 3; p++)
      all.push(
        ...(await call(ctx.app, 'GET', `/api/v1/clients/${id}/emissions?limit=2&page=${p}`, { cookie })).body.data,
      );
    expect(new Set(all.map((e) => e.id)).size).toBe(5);
    const beyond = await call(ctx.app, 'GET', `/api/v1/clients/${id}/emissions?page=9`, { cookie });
    expect(beyond.body).toMatchObject({ data: [], total: 5 });
  });
});

describe('list, search, sort and pages', () => {
  let people: { id: string; name: string; document: string | null; status: string; emissions: number; spent: number }[];

  let listAgencyId: string;
  let listCookie: string;

  beforeAll(async () => {
    // An agency of its own, so counts and orders here are exact.
    ({ agencyId: listAgencyId, cookie: listCookie } = await signedInAgency(ctx));
    const listAgency = listAgencyId;
    const names = [
      'Ângela Moura',
      'Bruno Araújo',
      'ana Clara',
      'Érica Souza',
      'José Ribeiro',
      'JOSÉ Alves',
      'Joseane Lima',
      'Ícaro Nunes',
      'Zuleica Prado',
      'Úrsula Reis',
      'Çedilha Teste',
      'Maria da Silva',
      'Maria Silveira',
      'João Conceição',
      'Joao Pedro',
      'Otávio Paz',
    ];
    const statuses = ['active', 'inactive', 'blocked'] as const;
    const account = await createLoyaltyAccountRow(ctx.handle.db, listAgency, {
      client_id: null,
      account_number: 'AGENCIA-1',
    });
    for (let i = 0; i < 48; i++) {
      const name =
        i < names.length
          ? names[i]!
          : `Cliente ${String.fromCharCode(65 + (i % 26))}${i % 3 === 0 ? 'á' : ''} ${i % 5}`;
      const row = await createClientRow(ctx.handle.db, listAgency, {
        name,
        email: `pessoa${i}@${i % 2 ? 'gmail.com' : 'empresa.com.br'}`,
        document: validCpf(100_000 + i),
        status: statuses[i % 3],
      });
      // Emissions in few distinct counts and amounts: many ties for the tiebreak to settle.
      for (let k = 0; k < i % 4; k++) {
        await createEmissionRow(ctx.handle.db, listAgency, row.id, {
          account_id: account.id,
          revenue_cents: 10_000 * ((i % 3) + 1),
          status: k === 2 ? 'cancelled' : 'issued',
        });
      }
    }
    const rows = await ctx.handle.db
      .select({ c: clients, f: client_figures })
      .from(clients)
      .innerJoin(
        client_figures,
        and(eq(client_figures.agency_id, clients.agency_id), eq(client_figures.client_id, clients.id)),
      )
      .where(eq(clients.agency_id, listAgency));
    people = rows.map(({ c, f }) => ({
      id: c.id,
      name: c.name,
      document: c.document,
      status: c.status,
      emissions: f.emissions_count,
      spent: f.total_spent_cents,
    }));
  });

  it('returns page 1 of 20 with totals and the summary of the whole base', async () => {
    const res = await api.list('', listCookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: people.length,
      page: 1,
      limit: 20,
      total_pages: Math.ceil(people.length / 20),
    });
    expect(res.body.data).toHaveLength(20);
    expect(res.body.summary).toEqual({
      total_clients: people.length,
      active_clients: people.filter((p) => p.status === 'active').length,
      total_emissions: people.reduce((s, p) => s + p.emissions, 0),
      total_revenue_cents: people.reduce((s, p) => s + p.spent, 0),
    });
    const filtered = await api.list('?status=blocked', listCookie);
    expect(filtered.body.total).toBe(people.filter((p) => p.status === 'blocked').length);
    expect(filtered.body.summary).toEqual(res.body.summary);
    expect(filtered.body.data.every((c: { status: string }) => c.status === 'blocked')).toBe(true);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      [
        'id',
        'name',
        'email',
        'phone',
        'document',
        'birth_date',
        'status',
        'tags',
        'notes',
        'anonymized_at',
        'emissions_count',
        'active_emissions_count',
        'total_spent_cents',
        'last_emission_at',
        'created_at',
        'updated_at',
        'loyalty_accounts',
      ].sort(),
    );
  });

  it('sorts names as people read them: accents and case do not push a name to the end', async () => {
    const res = await api.list('?limit=100', listCookie);
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names.indexOf('ana Clara')).toBeLessThan(names.indexOf('Bruno Araújo'));
    expect(names.indexOf('Ângela Moura')).toBeLessThan(names.indexOf('Bruno Araújo'));
    expect(names.indexOf('Érica Souza')).toBeLessThan(names.indexOf('José Ribeiro'));
    expect(names.indexOf('Úrsula Reis')).toBeLessThan(names.indexOf('Zuleica Prado'));
    expect(names.at(-1)).toBe('Zuleica Prado');
  });

  const SORTS = ['name', 'status', 'emissions', 'total_spent'] as const;
  const fold = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');

  it.each(SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'sort=%s order=%s walks every page once, in order',
    async (sort, order) => {
      const seen: { id: string; name: string; status: string; emissions_count: number; total_spent_cents: number }[] =
        [];
      let totalPages = 1;
      for (let page = 1; page <= totalPages; page++) {
        const res = await api.list(`?sort=${sort}&order=${order}&page=${page}&limit=7`, listCookie);
        expect(res.status).toBe(200);
        totalPages = res.body.total_pages;
        expect(res.body.data.length).toBe(page < totalPages ? 7 : people.length - 7 * (totalPages - 1));
        seen.push(...res.body.data);
      }
      expect(seen).toHaveLength(people.length);
      expect(new Set(seen.map((c) => c.id)).size).toBe(people.length);
      const key = (c: (typeof seen)[number]) =>
        sort === 'status'
          ? c.status
          : sort === 'emissions'
            ? c.emissions_count
            : sort === 'total_spent'
              ? c.total_spent_cents
              : 0;
      const sign = order === 'asc' ? 1 : -1;
      for (let i = 1; i < seen.length; i++) {
        const a = seen[i - 1]!;
        const b = seen[i]!;
        const ka = key(a);
        const kb = key(b);
        const cmp =
          ka < kb
            ? -1
            : ka > kb
              ? 1
              : fold(a.name) < fold(b.name)
                ? -1
                : fold(a.name) > fold(b.name)
                  ? 1
                  : a.id < b.id
                    ? -1
                    : 1;
        expect(cmp * sign, `${a.name} before ${b.name}`).toBe(-1);
      }
    },
  );

  it('answers a page beyond the last with no rows and the right totals, and refuses bad paging', async () => {
    const beyond = await api.list('?page=99', listCookie);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({
      data: [],
      total: people.length,
      page: 99,
      limit: 20,
      total_pages: Math.ceil(people.length / 20),
    });
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?sort=email', 'sort'],
      ['?order=up', 'order'],
      ['?status=vip', 'status'],
    ] as const) {
      const res = await api.list(query, listCookie);
      expect(res.status, query).toBe(400);
      expect(res.body.error.fields[field], query).toEqual(expect.any(String));
    }
    expect((await api.list('?status=&sort=&order=&page=&limit=&search=', listCookie)).status).toBe(200);
  });

  it.each([
    ['jose', ['José Ribeiro', 'JOSÉ Alves', 'Joseane Lima']],
    ['JOSÉ', ['José Ribeiro', 'JOSÉ Alves', 'Joseane Lima']],
    ['joão', ['João Conceição', 'Joao Pedro']],
    ['conceicao', ['João Conceição']],
    ['angela', ['Ângela Moura']],
    ['ÂNGELA', ['Ângela Moura']],
    ['maria silva', ['Maria da Silva']],
    ['çedilha', ['Çedilha Teste']],
  ])('search %j finds %j (accents and case ignored both ways)', async (search, expected) => {
    const res = await api.list(`?search=${encodeURIComponent(search)}&limit=100`, listCookie);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { name: string }) => c.name).sort()).toEqual([...expected].sort());
    expect(res.body.total).toBe(expected.length);
  });

  it('finds a CPF with or without its dots, and an e-mail fragment', async () => {
    const target = people.find((p) => p.name === 'Otávio Paz')!;
    const digits = target.document!;
    const formatted = `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
    for (const q of [digits, formatted, formatted.slice(0, 7)]) {
      const res = await api.list(`?search=${encodeURIComponent(q)}&limit=100`, listCookie);
      expect(
        res.body.data.map((c: { id: string }) => c.id),
        q,
      ).toContain(target.id);
      if (q.length > 10) expect(res.body.total, q).toBe(1);
    }
    const mixed = await api.list(`?search=${encodeURIComponent(`otávio ${formatted.slice(0, 7)}`)}`, listCookie);
    expect(mixed.body.data.map((c: { id: string }) => c.id)).toEqual([target.id]);
    const email = await api.list('?search=pessoa15%40gmail&limit=100', listCookie);
    expect(email.body.data.map((c: { name: string }) => c.name)).toEqual(['Otávio Paz']);
    const wildcard = await api.list(`?search=${encodeURIComponent('%')}`, listCookie);
    expect(wildcard.body.total).toBe(0);
  });

  it('pages a broad search (past the count cap) exactly as a narrow one', async () => {
    const pages = async (sort: ClientSort, order: SortOrder, cap: number) => {
      const seen: string[] = [];
      let total = 0;
      for (let page = 1; page <= 9; page++) {
        const res = await withTenant(ctx.handle.db, listAgencyId, (tx) =>
          searchClientsPage(
            tx,
            { agencyId: listAgencyId, search: 'pessoa', sort, order, offset: (page - 1) * 7, limit: 7 },
            cap,
          ),
        );
        total = res.total;
        seen.push(...res.rows.map((r) => r.id));
      }
      return { seen, total };
    };
    for (const sort of ['name', 'status', 'emissions', 'total_spent'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const narrow = await pages(sort, order, 2000);
        expect(narrow.total).toBe(people.length);
        expect(new Set(narrow.seen).size).toBe(people.length);
        // Past the count cap the pages are the same; the total says only "more than 5".
        expect(await pages(sort, order, 5)).toEqual({ seen: narrow.seen, total: 5 });
      }
    }
  });

  it('returns each page with its loyalty accounts', async () => {
    const withAccounts = await api.create(
      { name: 'Aaron Contas', loyalty_accounts: [{ program: 'UNITED', account_number: 'U1' }] },
      listCookie,
    );
    const res = await api.list('?search=aaron', listCookie);
    expect(res.body.data[0].loyalty_accounts).toEqual([
      { id: expect.any(String), program: 'UNITED', account_number: 'U1', nickname: null },
    ]);
    await api.remove(withAccounts.body.id, listCookie);
  });

  it('quick search: up to 10 of id, name, document, email; empty q → empty list', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/clients/quick-search?q=cliente', { cookie: listCookie });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['document', 'email', 'id', 'name']);
    const jose = await call(ctx.app, 'GET', '/api/v1/clients/quick-search?q=Jos%C3%A9', { cookie: listCookie });
    expect(jose.body.data.map((c: { name: string }) => c.name)).toEqual(['JOSÉ Alves', 'José Ribeiro', 'Joseane Lima']);
    expect((await call(ctx.app, 'GET', '/api/v1/clients/quick-search?q=', { cookie: listCookie })).body).toEqual({
      data: [],
    });
    expect((await call(ctx.app, 'GET', '/api/v1/clients/quick-search', { cookie: listCookie })).body).toEqual({
      data: [],
    });
    expect((await call(ctx.app, 'GET', '/api/v1/clients/quick-search?q=jose', { cookie: otherCookie })).body).toEqual({
      data: [],
    });
  });

  it('top clients: by revenue of active emissions, only clients with active emissions', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/clients/top?limit=50', { cookie: listCookie });
    expect(res.status).toBe(200);
    const expected = people
      .filter((p) => p.spent > 0)
      .sort(
        (a, b) =>
          b.spent - a.spent ||
          (fold(a.name) < fold(b.name) ? -1 : fold(a.name) > fold(b.name) ? 1 : a.id < b.id ? -1 : 1),
      );
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual(expected.map((p) => p.id));
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['emissions', 'id', 'name', 'revenue_cents']);
    const top3 = await call(ctx.app, 'GET', '/api/v1/clients/top?limit=3', { cookie: listCookie });
    expect(top3.body.data).toHaveLength(3);
    expect((await call(ctx.app, 'GET', '/api/v1/clients/top', { cookie: listCookie })).body.data).toHaveLength(
      Math.min(10, expected.length),
    );
    expect((await call(ctx.app, 'GET', '/api/v1/clients/top?limit=51', { cookie: listCookie })).status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/v1/clients/top', { cookie: otherCookie })).body.data).toEqual([]);
  });
});

describe('GET /api/v1/clients/export', () => {
  it('downloads a CSV with BOM, the spec headers, every value quoted and formulas neutralised', async () => {
    const evil = await api.create({
      name: '=HYPERLINK("http://evil.example","Clique")',
      email: 'evil@example.com',
      phone: '(11) 3456-7890',
      document: validCpf(909),
      birth_date: '1990-01-02',
      status: 'inactive',
      notes: '+55 ligar; @manhã\n"urgente"',
    });
    const accented = await api.create({ name: 'Conceição Araújo', status: 'blocked' });
    await createEmissionRow(ctx.handle.db, agencyId, accented.body.id, { revenue_cents: 123_456 });

    const res = await ctx.app.request('http://localhost/api/v1/clients/export?search=', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="clientes_\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(
      text.startsWith(
        '\uFEFF"ID","Nome","Email","Telefone","CPF","Data de Nascimento","Status","Total de Emissões","Total Gasto","Data de Criação","Observações"\r\n',
      ),
    ).toBe(true);
    const evilLine = text.split('\r\n').find((l) => l.includes(evil.body.id))!;
    const d = validCpf(909);
    expect(evilLine).toContain(
      `"'=HYPERLINK(""http://evil.example"",""Clique"")","evil@example.com","(11) 3456-7890","${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}","02/01/1990","Inativo","0","0,00"`,
    );
    expect(text).toContain(`"'+55 ligar; @manhã\n""urgente"""`);
    const accentedLine = text.split('\r\n').find((l) => l.includes(accented.body.id))!;
    expect(accentedLine).toMatch(
      /^"[0-9a-f-]{36}","Conceição Araújo","","","","","Bloqueado","1","1234,56","\d{2}\/\d{2}\/\d{4}",""$/,
    );
    const total = (await api.list()).body.total;
    // Header, one line per client and the final CRLF (notes may hold a quoted newline).
    expect(text.match(/\r\n/g)!.length).toBe(total + 1);

    const filtered = await ctx.app.request(
      'http://localhost/api/v1/clients/export?search=concei%C3%A7%C3%A3o&status=blocked',
      { headers: { cookie } },
    );
    const lines = (await filtered.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    const bad = await call(ctx.app, 'GET', '/api/v1/clients/export?status=vip', { cookie });
    expect(bad.status).toBe(400);
    const other = await ctx.app.request('http://localhost/api/v1/clients/export', { headers: { cookie: otherCookie } });
    expect(await other.text()).not.toContain('Conceição Araújo');
  });
});

describe('OpenAPI', () => {
  it('documents the client routes with their schemas', async () => {
    const res = await call(ctx.app, 'GET', '/api/openapi.json');
    const paths = res.body.paths;
    expect(paths['/api/v1/clients'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'loyalty_accounts',
    );
    expect(paths['/api/v1/clients'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'status', 'sort', 'order', 'page', 'limit']),
    );
    expect(paths['/api/v1/clients/{id}'].delete).toBeDefined();
    expect(paths['/api/v1/clients/bulk-delete'].post).toBeDefined();
    const answer = (
      op: { responses: Record<string, { content: Record<string, { schema: { properties: object } }> }> },
      status: string,
    ) => op.responses[status]!.content['application/json']!.schema.properties;
    expect(answer(paths['/api/v1/clients'].get, '200')).toHaveProperty('summary');
    expect(answer(paths['/api/v1/clients'].post, '201')).toHaveProperty('loyalty_accounts');
    expect(answer(paths['/api/v1/clients/{id}'].get, '200')).toHaveProperty('stats');
    expect(answer(paths['/api/v1/clients/{id}/emissions'].get, '200')).toHaveProperty('data');
  });
});

describe("answers match the domain's response schemas", () => {
  /** Parsing keeps the answer as it is: no field missing, of another type, or not in the schema. */
  const holds = (schema: { parse(v: unknown): unknown }, body: unknown) => expect(schema.parse(body)).toEqual(body);

  it('list, detail, create, update, emissions and bulk delete', async () => {
    const created = await api.create({ ...validBody, document: null, name: 'Cliente Do Contrato' });
    expect(created.status).toBe(201);
    holds(clientSchema, created.body);
    const id = created.body.id;
    await createEmissionRow(ctx.handle.db, agencyId, id, {
      status: 'issued',
      revenue_cents: 10_000,
      margin_cents: 1_000,
    });
    holds(clientDetailSchema, (await api.get(id)).body);
    const updated = await api.update(id, {
      ...validBody,
      document: null,
      name: 'Cliente Do Contrato Atualizado',
      loyalty_accounts: created.body.loyalty_accounts,
    });
    expect(updated.status).toBe(200);
    holds(clientSchema, updated.body);
    holds(clientListSchema, (await api.list()).body);
    holds(clientListSchema, (await api.list('?search=contrato&sort=total_spent&order=desc')).body);
    holds(clientEmissionListSchema, (await call(ctx.app, 'GET', `/api/v1/clients/${id}/emissions`, { cookie })).body);
    const bare = await api.create({ name: 'Cliente Sem Nada' });
    holds(bulkDeleteResultSchema, (await api.bulkDelete([id, bare.body.id])).body);
  });
});

describe('summary totals (kept by triggers)', () => {
  const recount = async (agency: string) => {
    // A recount from the rows: live clients, and their emissions' figures.
    const rows = await ctx.handle.db
      .select()
      .from(clients)
      .where(and(eq(clients.agency_id, agency)));
    const live = rows.filter((r) => r.deleted_at === null);
    const liveIds = new Set(live.map((r) => r.id));
    const counted = (await ctx.handle.db.select().from(emissions).where(eq(emissions.agency_id, agency))).filter(
      (e) => e.deleted_at === null && liveIds.has(e.client_id),
    );
    const active = counted.filter((e) => ['pending', 'processing', 'issued'].includes(e.status));
    return {
      total_clients: live.length,
      active_clients: live.filter((r) => r.status === 'active').length,
      total_emissions: counted.filter((e) => e.status !== 'cancelled').length,
      total_revenue_cents: active.reduce((s, e) => s + e.revenue_cents, 0),
    };
  };

  it('follow status changes, soft deletes and restores, emissions and their cancellation', async () => {
    const c = await api.create({ name: 'Cliente Totais', status: 'inactive' });
    const summary = async () => (await api.list()).body.summary;
    expect(await summary()).toEqual(await recount(agencyId));
    await api.update(c.body.id, { name: 'Cliente Totais', status: 'active' });
    expect(await summary()).toEqual(await recount(agencyId));
    const e = await createEmissionRow(ctx.handle.db, agencyId, c.body.id, { revenue_cents: 55_555 });
    expect(await summary()).toEqual(await recount(agencyId));
    await ctx.handle.db.update(emissions).set({ status: 'cancelled' }).where(eq(emissions.id, e.id));
    expect(await summary()).toEqual(await recount(agencyId));
    await ctx.handle.db.update(clients).set({ deleted_at: new Date().toISOString() }).where(eq(clients.id, c.body.id));
    const hidden = await summary();
    expect(hidden).toEqual(await recount(agencyId));
    expect((await api.get(c.body.id)).status).toBe(404);
    await ctx.handle.db.update(clients).set({ deleted_at: null }).where(eq(clients.id, c.body.id));
    expect(await summary()).toEqual(await recount(agencyId));
    const byStatus = await api.list('?status=inactive');
    expect(byStatus.body.total).toBe(
      (
        await ctx.handle.db
          .select()
          .from(clients)
          .where(and(eq(clients.agency_id, agencyId), eq(clients.status, 'inactive')))
      ).filter((r) => r.deleted_at === null).length,
    );
  });

  it('equal a recount for every agency after everything this file did', async () => {
    for (const [agency, as] of [
      [agencyId, cookie],
      [otherAgencyId, otherCookie],
    ] as const) {
      expect((await api.list('', as)).body.summary).toEqual(await recount(agency));
    }
  });
});

import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymizedClientName, lgpdAnonymizeResultSchema } from '../../../domain/audit/audit.schema';
import { pseudonymCpf } from '../../../domain/audit/lgpd.rules';
import { countBeneficiaries } from '../../../domain/emissions/beneficiaries';
import { isValidCpf } from '../../../domain/documents';
import { activity, clients, emission_passengers, emissions, financial_entries } from '../../db/schema';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { createTeamMember } from '../../testing/factories/team.factory';
import { call, createTestContext, signedInAgency, signIn, type TestContext } from '../../testing/test-app';

const TODAY = '2026-03-15';
const HEADERS = { 'x-test-today': TODAY, 'x-forwarded-for': '203.0.113.50' };
const CPF = validCpf(4242);
const OTHER_CPF = validCpf(777);

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let operadorCookie: string;
let clientId: string;
let accountId: string;
let emissionId: string;
let otherEmissionId: string;

const send = (method: string, path: string, body?: unknown, as = cookie) =>
  call(ctx.app, method, `/api/v1${path}`, { cookie: as, body, headers: HEADERS });

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  operadorCookie = await signIn(ctx.app, await createTeamMember(ctx.handle.db, agencyId, { role: 'operador' }));

  const created = await send('POST', '/clients', {
    name: 'Maria Conceição Souza',
    email: 'maria@exemplo.com.br',
    phone: '(84) 99876-5432',
    document: CPF,
    birth_date: '1980-05-04',
    status: 'active',
    notes: 'Cliente desde 2019',
    tags: ['vip'],
    loyalty_accounts: [{ program: 'LATAM', account_number: '11223344' }],
  });
  expect(created.status).toBe(201);
  clientId = created.body.id;
  accountId = created.body.loyalty_accounts[0].id;
  // A change with personal values in its before/after.
  await send('PUT', `/clients/${clientId}`, {
    name: 'Maria Conceição Souza',
    email: 'maria.souza@exemplo.com.br',
    phone: '(84) 99876-5432',
    document: CPF,
    birth_date: '1980-05-04',
    status: 'active',
    notes: 'Cliente desde 2019',
    tags: ['vip'],
    loyalty_accounts: [{ id: accountId, program: 'LATAM', account_number: '11223344' }],
  });
  await createLotRow(ctx.handle.db, agencyId, accountId, { original_quantity: 50_000, remaining_quantity: 50_000 });
  const emission = await createEmissionRow(ctx.handle.db, agencyId, clientId, {
    account_id: accountId,
    revenue_cents: 250_000,
    status: 'processing',
  });
  emissionId = emission.id;
  await ctx.handle.db.insert(emission_passengers).values([
    { agency_id: agencyId, emission_id: emissionId, name: 'Maria Conceição Souza', cpf: CPF },
    { agency_id: agencyId, emission_id: emissionId, name: 'João Souza', cpf: OTHER_CPF },
  ]);
  // She also flew on another client's emission, from another account.
  const other = await createClientRow(ctx.handle.db, agencyId, { name: 'Pedro Lima' });
  const otherEmission = await createEmissionRow(ctx.handle.db, agencyId, other.id);
  otherEmissionId = otherEmission.id;
  await ctx.handle.db
    .insert(emission_passengers)
    .values({ agency_id: agencyId, emission_id: otherEmissionId, name: 'Maria C. Souza', cpf: CPF });
  await ctx.handle.db.insert(financial_entries).values({
    agency_id: agencyId,
    ref_type: 'emission',
    emission_id: emissionId,
    kind: 'revenue',
    category: 'revenue',
    amount_cents: 250_000,
    entry_date: '2026-03-10',
  });
  // The emission's line names her, as the app writes it.
  expect((await send('POST', `/emissions/${emissionId}/transitions`, { action: 'issue' })).status).toBe(200);
});
afterAll(() => ctx.close());

describe('GET /api/v1/clients/:id/lgpd-export', () => {
  it('a JSON file with everything held about the client, and the request in the audit log', async () => {
    const res = await ctx.app.request(`http://localhost/api/v1/clients/${clientId}/lgpd-export`, {
      headers: { cookie, ...HEADERS },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="lgpd-cliente-maria-conceicao-souza-${TODAY}.json"`,
    );
    const file = await res.json();
    expect(file.client).toMatchObject({
      id: clientId,
      name: 'Maria Conceição Souza',
      document: CPF,
      notes: 'Cliente desde 2019',
    });
    expect(file.client).not.toHaveProperty('document_hash');
    expect(file.loyalty_accounts).toEqual([expect.objectContaining({ id: accountId, account_number: '11223344' })]);
    expect(file.lots).toHaveLength(1);
    expect(file.emissions_as_buyer).toEqual([expect.objectContaining({ id: emissionId, revenue_cents: 250000 })]);
    expect(file.emissions_as_buyer[0].passengers).toHaveLength(2);
    expect(file.emissions_as_passenger.map((e: { emission_id: string }) => e.emission_id).sort()).toEqual(
      [emissionId, otherEmissionId].sort(),
    );
    expect(file.postings.map((p: { category: string }) => p.category)).toEqual(['revenue']);
    expect(file.activity.map((a: { kind: string }) => a.kind)).toEqual(
      expect.arrayContaining(['client_created', 'client_updated', 'emission_issue']),
    );

    const [line] = await ctx.handle.db
      .select()
      .from(activity)
      .where(and(eq(activity.agency_id, agencyId), eq(activity.kind, 'lgpd_export')));
    expect(line).toMatchObject({ ref_type: 'client', ref_id: clientId, ip: '203.0.113.50' });
    expect(line!.description).toMatch(
      /^Dados do cliente Maria Conceição Souza exportados \(LGPD\): 1 emissão, 1 lançamento/,
    );
  });

  it('admins only; an unknown client is a 404', async () => {
    expect((await send('GET', `/clients/${clientId}/lgpd-export`, undefined, operadorCookie)).status).toBe(403);
    expect((await send('POST', `/clients/${clientId}/anonymize`, { confirm: 'x' }, operadorCookie)).status).toBe(403);
    const missing = await send('GET', '/clients/00000000-0000-4000-8000-000000000000/lgpd-export');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('CLIENT_NOT_FOUND');
  });
});

describe('POST /api/v1/clients/:id/anonymize', () => {
  it('refuses without the name typed right, and changes nothing', async () => {
    const empty = await send('POST', `/clients/${clientId}/anonymize`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.confirm).toBe('Digite o nome do cliente para confirmar');
    const wrong = await send('POST', `/clients/${clientId}/anonymize`, { confirm: 'Maria Souza' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.confirm).toBe('O nome digitado não confere com o do cliente');
    const [row] = await ctx.handle.db.select().from(clients).where(eq(clients.id, clientId));
    expect(row!.anonymized_at).toBeNull();
  });

  it('erases the personal fields, keeps the CPF as its hash and the money and stock history', async () => {
    const emissionsBefore = await ctx.handle.db.select().from(emissions).where(eq(emissions.agency_id, agencyId));
    const beneficiariesBefore = (await send('GET', `/accounts/${accountId}/beneficiaries`)).body;

    // Case, accents and spaces do not matter.
    const res = await send('POST', `/clients/${clientId}/anonymize`, { confirm: '  maria conceicao   SOUZA ' });
    expect(res.status).toBe(200);
    lgpdAnonymizeResultSchema.parse(res.body);
    const name = anonymizedClientName(clientId);
    expect(res.body).toMatchObject({ id: clientId, name, passengers_anonymized: 2 });
    expect(res.body.activity_redacted).toBe(4);

    const [row] = await ctx.handle.db.select().from(clients).where(eq(clients.id, clientId));
    const hash = createHash('sha256').update(CPF).digest('hex');
    expect(row).toMatchObject({
      name,
      email: null,
      phone: null,
      document: null,
      document_hash: hash,
      birth_date: null,
      notes: null,
      tags: [],
      status: 'active',
    });
    expect(row!.anonymized_at).not.toBeNull();
    expect(row!.search_text).not.toContain('maria');

    // Passengers: her rows (in any emission) carry a stand-in that is never a valid CPF; others untouched.
    const passengers = await ctx.handle.db
      .select()
      .from(emission_passengers)
      .where(eq(emission_passengers.agency_id, agencyId));
    const stand = pseudonymCpf(hash);
    expect(isValidCpf(stand)).toBe(false);
    expect(passengers.filter((p) => p.cpf === CPF)).toEqual([]);
    expect(passengers.filter((p) => p.cpf === stand).map((p) => p.name)).toEqual([name, name]);
    expect(passengers.find((p) => p.cpf === OTHER_CPF)?.name).toBe('João Souza');

    // Money and stock: every emission as it was.
    const emissionsAfter = await ctx.handle.db.select().from(emissions).where(eq(emissions.agency_id, agencyId));
    expect(emissionsAfter).toEqual(emissionsBefore);

    // The beneficiary count of her account is the same: the holder still excluded, the others counted.
    const beneficiaries = (await send('GET', `/accounts/${accountId}/beneficiaries`)).body;
    expect(beneficiaries.holder_cpf).toBe(stand);
    const count = (b: typeof beneficiaries) =>
      countBeneficiaries({
        program: 'LATAM',
        holderCpf: b.holder_cpf,
        pastPassengers: b.past_passengers,
        newPassengers: [],
        today: TODAY,
      }).used;
    expect(count(beneficiaries)).toBe(count(beneficiariesBefore));
    expect(count(beneficiaries)).toBe(1);

    // The audit lines about her lose her name and personal values; who, when and what stay.
    const lines = await ctx.handle.db.select().from(activity).where(eq(activity.agency_id, agencyId));
    const text = JSON.stringify(lines);
    expect(text).not.toContain('Maria Conceição Souza');
    expect(text).not.toContain('maria.souza@exemplo.com.br');
    const updated = lines.find((l) => l.kind === 'client_updated' && l.ref_id === clientId)!;
    expect(updated.description).toBe(`Cliente ${name} atualizado`);
    expect(updated.changes).toEqual({ email: ['(anonimizado)', '(anonimizado)'] });
    const anonymize = lines.find((l) => l.kind === 'lgpd_anonymize')!;
    expect(anonymize).toMatchObject({ ref_id: clientId, ip: '203.0.113.50' });
    expect(anonymize.description).toMatch(
      /^Cliente anonimizado [0-9a-f]{8}: dados pessoais apagados a pedido \(LGPD\); 2 registros de passageiro/,
    );
  });

  it('a second request is refused, and the client cannot be edited back', async () => {
    const again = await send('POST', `/clients/${clientId}/anonymize`, { confirm: anonymizedClientName(clientId) });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'CLIENT_ALREADY_ANONYMIZED',
      message: 'Este cliente já foi anonimizado.',
    });
    const edit = await send('PUT', `/clients/${clientId}`, {
      name: 'Maria Conceição Souza',
      status: 'active',
      loyalty_accounts: [{ id: accountId, program: 'LATAM', account_number: '11223344' }],
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('CLIENT_ANONYMIZED');
    const detail = await send('GET', `/clients/${clientId}`);
    expect(detail.body.client.anonymized_at).not.toBeNull();
    // Its export still answers, with the stand-in's trips.
    const exported = await ctx.app.request(`http://localhost/api/v1/clients/${clientId}/lgpd-export`, {
      headers: { cookie, ...HEADERS },
    });
    const file = await exported.json();
    expect(file.client.email).toBeNull();
    expect(file.emissions_as_passenger).toHaveLength(2);
  });

  it('a client without a CPF: only its own row changes', async () => {
    const plain = await createClientRow(ctx.handle.db, agencyId, { name: 'Sem Documento', email: 'sd@x.com' });
    const res = await send('POST', `/clients/${plain.id}/anonymize`, { confirm: 'Sem Documento' });
    expect(res.status).toBe(200);
    expect(res.body.passengers_anonymized).toBe(0);
    const [row] = await ctx.handle.db.select().from(clients).where(eq(clients.id, plain.id));
    expect(row).toMatchObject({ email: null, document: null, document_hash: null });
  });
});

import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/agency/agency.schema';
import { addDaysIso } from '../../../domain/format';
import {
  accountBeneficiariesSchema,
  accountListSchema,
  accountLotsSchema,
} from '../../../domain/accounts/account.schema';
import { emissionDetailSchema } from '../../../domain/emissions/emission.schema';
import {
  bulkLotDeleteResultSchema,
  LOT_MESSAGES,
  lotAllocationListSchema,
  lotAvailableMilesSchema,
  lotAverageCostSchema,
  lotDetailSchema,
  lotExpiringListSchema,
  lotListSchema,
  lotSchema,
  lotStatsSchema,
  lotSummarySchema,
  markExpiredResultSchema,
} from '../../../domain/lots/lot.schema';
import { isExpiringSoon, milesCostCents, shouldMarkExpired } from '../../../domain/lots/lot.rules';
import { createApp } from '../../app';
import { rowsOf } from '../../db/rows';
import {
  activity,
  agencies,
  emission_allocations,
  financial_entries,
  loyalty_accounts,
  mile_lots,
} from '../../db/schema';
import { loadEnv } from '../../env';
import { appOptionsFromEnv } from '../../server';
import { createAgencyWithUser } from '../../testing/factories/agency.factory';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { brokenLots, lotSearchEntryMismatches, lotTotalsMismatches } from '../../testing/invariants';
import { activityRows } from '../../testing/activity';
import { call, createTestContext, signedInAgency, signIn, type TestContext } from '../../testing/test-app';

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

/** The requests' "today", through the test clock (x-test-today), so dates never drift. */
const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

const validBody = {
  program: 'LATAM',
  account_number: '12345678900',
  original_quantity: '100000',
  cost_per_mile: '0,0155',
  purchase_date: '2026-03-01',
  expiry_date: '2027-03-01',
  supplier: 'Hotmilhas',
  notes: 'Compra em promoção',
};

const api = {
  list: (query = '', as = cookie) => call(ctx.app, 'GET', `/api/v1/lots${query}`, { cookie: as, headers: CLOCK }),
  create: (body: unknown, as = cookie, today = TODAY) =>
    call(ctx.app, 'POST', '/api/v1/lots', { cookie: as, body, headers: { 'x-test-today': today } }),
  update: (id: string, body: unknown, as = cookie, today = TODAY) =>
    call(ctx.app, 'PUT', `/api/v1/lots/${id}`, { cookie: as, body, headers: { 'x-test-today': today } }),
  get: (id: string, as = cookie) => call(ctx.app, 'GET', `/api/v1/lots/${id}`, { cookie: as, headers: CLOCK }),
  remove: (id: string, as = cookie) => call(ctx.app, 'DELETE', `/api/v1/lots/${id}`, { cookie: as, headers: CLOCK }),
  bulkDelete: (ids: unknown, as = cookie) =>
    call(ctx.app, 'POST', '/api/v1/lots/bulk-delete', { cookie: as, body: { ids }, headers: CLOCK }),
  read: (path: string, as = cookie, today = TODAY) =>
    call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers: { 'x-test-today': today } }),
  markExpired: (as = cookie, today = TODAY) =>
    call(ctx.app, 'POST', '/api/v1/lots/mark-expired', { cookie: as, headers: { 'x-test-today': today } }),
};

async function counts(agency: string) {
  const n = async (table: typeof mile_lots | typeof loyalty_accounts | typeof financial_entries | typeof activity) =>
    (await ctx.handle.db.select({ id: table.id }).from(table).where(eq(table.agency_id, agency))).length;
  return {
    lots: await n(mile_lots),
    accounts: await n(loyalty_accounts),
    entries: await n(financial_entries),
    activity: await n(activity),
  };
}

interface HeldAccount {
  clientId: string;
  accountId: string;
}

/**
 * A client's LATAM account, to buy lots into by id: an emission draws only from its own client's
 * account (POST /api/v1/emissions), so the agency's own accounts (lots bought by number) never
 * feed one.
 */
async function clientAccount(agency: string, accountNumber: string): Promise<HeldAccount> {
  const client = await createClientRow(ctx.handle.db, agency, { name: 'Cliente Passageiro' });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agency, {
    client_id: client.id,
    program: 'LATAM',
    account_number: accountNumber,
  });
  return { clientId: client.id, accountId: account.id };
}

/** The lot form's body for a lot bought into `account`, chosen by id. */
const intoAccount = (account: HeldAccount, overrides: Record<string, unknown> = {}) => ({
  ...validBody,
  account_number: null,
  account_id: account.accountId,
  ...overrides,
});

/** An emission of the account's holder that draws `miles` from its lots: POST /api/v1/emissions, as the app does. */
async function drawMiles(account: HeldAccount, miles: number, as = cookie) {
  const res = await call(ctx.app, 'POST', '/api/v1/emissions', {
    cookie: as,
    headers: CLOCK,
    body: {
      client_id: account.clientId,
      account_id: account.accountId,
      route: 'NAT-GRU',
      pnr: 'ABC123',
      miles_used: miles,
      fees_cents: 0,
      revenue_cents: 100_000,
      rav_cents: 0,
      passengers: [{ name: 'Passageiro Lote', cpf: validCpf(31_337) }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.emission.id as string;
}

/** POST /api/v1/emissions/:id/transitions { action: 'cancel' }: the miles go back to the lots. */
async function cancelEmission(emissionId: string, as = cookie) {
  const res = await call(ctx.app, 'POST', `/api/v1/emissions/${emissionId}/transitions`, {
    cookie: as,
    headers: CLOCK,
    body: { action: 'cancel' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(() => ctx.close());

const LOT_KEYS = [
  'id',
  'account_id',
  'program',
  'account_number',
  'account_nickname',
  'client_id',
  'client_name',
  'original_quantity',
  'remaining_quantity',
  'used_quantity',
  'cost_per_mile',
  'cost_per_thousand',
  'total_cost_cents',
  'remaining_value_cents',
  'purchase_date',
  'expiry_date',
  'supplier',
  'supplier_id',
  'notes',
  'status',
  'created_at',
  'updated_at',
].sort();

describe('POST /api/v1/lots', () => {
  it("creates the lot in the agency's own account (made on first use), records the purchase and the activity", async () => {
    const before = await counts(agencyId);
    const res = await api.create(validBody);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(LOT_KEYS);
    expect(res.body).toMatchObject({
      program: 'LATAM',
      account_number: '12345678900',
      account_nickname: null,
      client_id: null,
      client_name: null,
      original_quantity: 100_000,
      remaining_quantity: 100_000,
      used_quantity: 0,
      cost_per_mile: '0.0155',
      cost_per_thousand: '15.5000',
      total_cost_cents: 155_000,
      remaining_value_cents: 155_000,
      purchase_date: '2026-03-01',
      expiry_date: '2027-03-01',
      supplier: 'Hotmilhas',
      notes: 'Compra em promoção',
      status: 'available',
    });
    const [account] = await ctx.handle.db
      .select()
      .from(loyalty_accounts)
      .where(eq(loyalty_accounts.id, res.body.account_id));
    expect(account).toMatchObject({
      agency_id: agencyId,
      client_id: null,
      program: 'LATAM',
      account_number: '12345678900',
    });
    const [entry] = await ctx.handle.db
      .select()
      .from(financial_entries)
      .where(eq(financial_entries.lot_id, res.body.id));
    expect(entry).toMatchObject({
      agency_id: agencyId,
      ref_type: 'lot',
      emission_id: null,
      kind: 'expense',
      category: 'lot_purchase',
      amount_cents: -155_000,
      description: 'Compra de lote LATAM Pass — 100.000 milhas',
      entry_date: '2026-03-01',
      currency: 'BRL',
    });
    expect(entry!.created_by).toEqual(expect.any(String));
    const [log] = await activityRows(ctx.handle.db, { ref_id: res.body.id, kind: 'lot_created' });
    expect(log).toMatchObject({ description: 'Lote LATAM Pass de 100.000 milhas cadastrado', ref_type: 'lot' });
    expect(await counts(agencyId)).toEqual({
      lots: before.lots + 1,
      accounts: before.accounts + 1,
      entries: before.entries + 1,
      activity: before.activity + 1,
    });

    // The same program and number again: the same account.
    const again = await api.create({ ...validBody, original_quantity: 5000, cost_per_mile: 0.02 });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      account_id: res.body.account_id,
      total_cost_cents: 10_000,
      cost_per_thousand: '20.0000',
    });
    expect((await counts(agencyId)).accounts).toBe(before.accounts + 1);
    for (const id of [res.body.id, again.body.id]) expect((await api.remove(id)).status).toBe(204);
  });

  it("buys into a client's account chosen by id, with the client shown", async () => {
    const client = await createClientRow(ctx.handle.db, agencyId, { name: 'Márcia Dona da Conta' });
    const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
      client_id: client.id,
      program: 'SMILES',
      account_number: 'SM-77',
      nickname: 'Pessoal',
    });
    const res = await api.create({
      ...validBody,
      program: 'SMILES',
      account_number: null,
      account_id: account.id.toUpperCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_id: account.id,
      program: 'SMILES',
      account_number: 'SM-77',
      account_nickname: 'Pessoal',
      client_id: client.id,
      client_name: 'Márcia Dona da Conta',
    });
    expect((await api.remove(res.body.id)).status).toBe(204);
  });

  it("refuses an account of another program (field message) and another agency's account (404), writing nothing", async () => {
    const smiles = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
      client_id: null,
      program: 'SMILES',
      account_number: 'SM-1',
    });
    const foreign = await createLoyaltyAccountRow(ctx.handle.db, otherAgencyId, {
      client_id: null,
      program: 'LATAM',
      account_number: 'LA-9',
    });
    const before = await counts(agencyId);
    const wrongProgram = await api.create({ ...validBody, account_number: null, account_id: smiles.id });
    expect(wrongProgram.status).toBe(400);
    expect(wrongProgram.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Dados inválidos.',
      fields: { account_id: 'A conta selecionada não é do programa LATAM Pass' },
    });
    const otherAgency = await api.create({ ...validBody, account_number: null, account_id: foreign.id });
    expect(otherAgency.status).toBe(404);
    expect(otherAgency.body.error).toEqual({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Conta de fidelidade não encontrada.',
      fields: { account_id: 'Conta não encontrada' },
    });
    const unknown = await api.create({ ...validBody, account_number: null, account_id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(await counts(agencyId)).toEqual(before);
  });

  it.each([
    [{ original_quantity: '0' }, 'original_quantity', LOT_MESSAGES.quantityPositive],
    [{ original_quantity: -5 }, 'original_quantity', LOT_MESSAGES.quantityPositive],
    [{ original_quantity: '-100' }, 'original_quantity', LOT_MESSAGES.quantityPositive],
    [{ original_quantity: '1.000' }, 'original_quantity', LOT_MESSAGES.quantityDigits],
    [{ original_quantity: 10.5 }, 'original_quantity', LOT_MESSAGES.quantityDigits],
    [{ original_quantity: undefined }, 'original_quantity', LOT_MESSAGES.quantityRequired],
    [{ cost_per_mile: '0,00001' }, 'cost_per_mile', LOT_MESSAGES.costPositive],
    [{ cost_per_mile: 0.00009 }, 'cost_per_mile', LOT_MESSAGES.costPositive],
    [{ cost_per_mile: '0' }, 'cost_per_mile', LOT_MESSAGES.costPositive],
    [{ cost_per_mile: '-0,02' }, 'cost_per_mile', LOT_MESSAGES.costPositive],
    [{ cost_per_mile: '1,2,3' }, 'cost_per_mile', LOT_MESSAGES.costInvalid],
    [{ cost_per_mile: '0,01555' }, 'cost_per_mile', LOT_MESSAGES.costDecimals],
    [{ cost_per_mile: '' }, 'cost_per_mile', LOT_MESSAGES.costRequired],
    [{ purchase_date: '2026-03-16' }, 'purchase_date', LOT_MESSAGES.purchaseFuture],
    [{ purchase_date: '1899-12-31' }, 'purchase_date', LOT_MESSAGES.purchaseInvalid],
    [{ purchase_date: '2026-02-30' }, 'purchase_date', LOT_MESSAGES.purchaseInvalid],
    [{ expiry_date: '2026-03-14' }, 'expiry_date', LOT_MESSAGES.expiryPast],
    [{ expiry_date: '15/03/2027' }, 'expiry_date', LOT_MESSAGES.expiryInvalid],
    [{ purchase_date: '2026-03-10', expiry_date: '2026-03-15' }, null, null],
    [{ program: 'MILHAS' }, 'program', LOT_MESSAGES.program],
    [{ account_number: '' }, 'account_number', LOT_MESSAGES.accountNumberRequired],
    [{ account_id: crypto.randomUUID() }, 'account_number', LOT_MESSAGES.accountBoth],
    [{ account_id: 'nao-e-uuid', account_number: null }, 'account_id', LOT_MESSAGES.account],
    [{ supplier: 'x'.repeat(201) }, 'supplier', LOT_MESSAGES.supplierTooLong],
  ])('%o → %s: %s, and nothing written', async (patch, field, message) => {
    const before = await counts(agencyId);
    const res = await api.create({ ...validBody, ...patch });
    if (field === null) {
      // An expiry of today is still valid (the lot is usable to the end of its day).
      expect(res.status).toBe(201);
      expect((await api.remove(res.body.id)).status).toBe(204);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Dados inválidos.' });
    expect(res.body.error.fields[field]).toBe(message);
    expect(await counts(agencyId)).toEqual(before);
  });

  it('refuses malformed JSON and needs a session', async () => {
    const bad = await call(ctx.app, 'POST', '/api/v1/lots', { cookie, rawBody: '{"program":' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_JSON');
    expect((await call(ctx.app, 'POST', '/api/v1/lots', { body: validBody })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/v1/lots')).status).toBe(401);
  });
});

describe('GET /api/v1/lots/:id and /api/v1/lots/:id/allocations', () => {
  it('answers the lot, and the emissions it fed with cancelled ones included as history', async () => {
    const holder = await clientAccount(agencyId, 'DETALHE-1');
    const created = await api.create(intoAccount(holder, { original_quantity: 10_000 }));
    const lot = created.body;
    const live = await drawMiles(holder, 3_000);
    const cancelled = await drawMiles(holder, 2_000);
    await cancelEmission(cancelled);
    const res = await api.get(lot.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['lot']);
    expect(res.body.lot).toMatchObject({
      id: lot.id,
      original_quantity: 10_000,
      remaining_quantity: 7_000,
      used_quantity: 3_000,
      remaining_value_cents: 10_850,
    });
    const history = await api.read(`/lots/${lot.id}/allocations`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ total: 2, page: 1, limit: 20, total_pages: 1 });
    expect(history.body.data).toHaveLength(2);
    const byEmission = Object.fromEntries(history.body.data.map((a: { emission_id: string }) => [a.emission_id, a]));
    expect(byEmission[live]).toMatchObject({
      emission_pnr: 'ABC123',
      emission_route: 'NAT-GRU',
      emission_status: 'processing',
      client_name: 'Cliente Passageiro',
      miles: 3_000,
      cost_per_thousand: '15.5000',
      cost_cents: 4_650,
      released_at: null,
    });
    expect(byEmission[cancelled]).toMatchObject({
      emission_status: 'cancelled',
      miles: 2_000,
      released_at: expect.any(String),
    });
    expect(Object.keys(byEmission[live]).sort()).toEqual(
      [
        'id',
        'emission_id',
        'emission_pnr',
        'emission_route',
        'emission_status',
        'client_name',
        'miles',
        'cost_per_thousand',
        'cost_cents',
        'created_at',
        'released_at',
      ].sort(),
    );
  });

  it('pages the history newest first, every allocation once, and refuses a bad page', async () => {
    const holder = await clientAccount(agencyId, 'HISTORICO-1');
    const lot = (await api.create(intoAccount(holder, { original_quantity: 100_000 }))).body;
    const drawn: string[] = [];
    for (let i = 0; i < 23; i++) drawn.push(await drawMiles(holder, 1_000 + i));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await api.read(`/lots/${lot.id}/allocations?page=${page}&limit=10`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 23, page, limit: 10, total_pages: 3 });
      pages.push(...res.body.data);
    }
    expect(pages.map((a: { emission_id: string }) => a.emission_id)).toEqual([...drawn].reverse());
    expect((await api.read(`/lots/${lot.id}/allocations?page=4&limit=10`)).body).toMatchObject({
      data: [],
      total: 23,
      total_pages: 3,
    });
    for (const [query, message] of [
      ['page=0', 'Página inválida'],
      ['page=abc', 'Página inválida'],
      ['limit=101', 'Limite deve estar entre 1 e 100'],
    ] as const) {
      const bad = await api.read(`/lots/${lot.id}/allocations?${query}`);
      expect(bad.status, query).toBe(400);
      expect(JSON.stringify(bad.body.error), query).toContain(message);
    }
  });

  it("is 404 LOT_NOT_FOUND for an unknown id, a malformed one and another agency's lot", async () => {
    const mine = await api.create({ ...validBody, account_number: 'PRIVADO-1' });
    for (const [id, as] of [
      [crypto.randomUUID(), cookie],
      ['nao-e-uuid', cookie],
      [mine.body.id, otherCookie],
    ] as const) {
      const res = await api.get(id, as);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'LOT_NOT_FOUND', message: 'Lote não encontrado.' });
    }
    expect((await api.update(mine.body.id, validBody, otherCookie)).status).toBe(404);
    expect((await api.remove(mine.body.id, otherCookie)).status).toBe(404);
    const theirs = await api.read(`/lots/${mine.body.id}/allocations`, otherCookie);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('LOT_NOT_FOUND');
    expect((await api.read('/lots/nao-e-uuid/allocations')).status).toBe(404);
    expect((await api.list('?search=privado', otherCookie)).body.total).toBe(0);
    expect((await api.get(mine.body.id)).body.lot.account_number).toBe('PRIVADO-1');
    expect((await api.remove(mine.body.id)).status).toBe(204);
  });
});

describe('PUT /api/v1/lots/:id', () => {
  it('saves the form, recomputes cost and keeps the purchase entry in step', async () => {
    const created = await api.create({ ...validBody, account_number: 'EDITA-1' });
    const res = await api.update(created.body.id, {
      ...validBody,
      account_number: 'EDITA-1',
      original_quantity: 200_000,
      cost_per_mile: '0,018',
      purchase_date: '2026-03-05',
      expiry_date: null,
      supplier: '',
      notes: 'Renegociado',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      account_id: created.body.account_id,
      original_quantity: 200_000,
      remaining_quantity: 200_000,
      cost_per_mile: '0.0180',
      cost_per_thousand: '18.0000',
      total_cost_cents: 360_000,
      expiry_date: null,
      supplier: null,
      notes: 'Renegociado',
      status: 'available',
    });
    const entries = await ctx.handle.db
      .select()
      .from(financial_entries)
      .where(eq(financial_entries.lot_id, created.body.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount_cents: -360_000,
      description: 'Compra de lote LATAM Pass — 200.000 milhas',
      entry_date: '2026-03-05',
    });
    const [log] = await activityRows(ctx.handle.db, { ref_id: created.body.id, kind: 'lot_updated' });
    expect(log!.description).toBe('Lote LATAM Pass de 200.000 milhas atualizado');
    // Moving an untouched lot to another program (and account) is fine.
    const moved = await api.update(created.body.id, { ...validBody, program: 'AZUL', account_number: 'AZ-EDITA' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ program: 'AZUL', account_number: 'AZ-EDITA' });
  });

  it('keeps the miles already used: remaining = original − used, never below, same account and program', async () => {
    const holder = await clientAccount(agencyId, 'USADO-1');
    const created = await api.create(intoAccount(holder, { original_quantity: 10_000 }));
    const id = created.body.id;
    await drawMiles(holder, 4_000);
    const grown = await api.update(id, intoAccount(holder, { original_quantity: 12_000 }));
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({
      original_quantity: 12_000,
      remaining_quantity: 8_000,
      used_quantity: 4_000,
      status: 'available',
    });
    // Down to exactly the used miles: nothing left, so used.
    const drained = await api.update(id, intoAccount(holder, { original_quantity: '4000' }));
    expect(drained.status).toBe(200);
    expect(drained.body).toMatchObject({ original_quantity: 4_000, remaining_quantity: 0, status: 'used' });
    const regrown = await api.update(id, intoAccount(holder, { original_quantity: '5000' }));
    expect(regrown.body).toMatchObject({ remaining_quantity: 1_000, status: 'available' });
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);

    const before = (await api.get(id)).body.lot;
    const below = await api.update(id, intoAccount(holder, { original_quantity: 3_999 }));
    expect(below.status).toBe(400);
    expect(below.body.error.fields).toEqual({
      original_quantity: 'Quantidade não pode ser menor que as 4.000 milhas já utilizadas',
    });
    const program = await api.update(id, intoAccount(holder, { program: 'SMILES' }));
    expect(program.status).toBe(400);
    expect(program.body.error.fields).toEqual({
      program: 'Este lote já teve milhas utilizadas; o programa não pode ser alterado',
    });
    // Another account, named by number (the agency's own) or chosen by id (another client's).
    const account = await api.update(id, { ...validBody, account_number: 'OUTRA-CONTA' });
    expect(account.status).toBe(400);
    expect(account.body.error.fields).toEqual({
      account_number: 'Este lote já teve milhas utilizadas; a conta não pode ser alterada',
    });
    const otherHolder = await clientAccount(agencyId, 'USADO-2');
    const byId = await api.update(id, intoAccount(otherHolder));
    expect(byId.status).toBe(400);
    expect(byId.body.error.fields).toEqual({
      account_id: 'Este lote já teve milhas utilizadas; a conta não pode ser alterada',
    });
    expect((await api.get(id)).body.lot).toEqual(before);
    expect(
      await ctx.handle.db.select().from(loyalty_accounts).where(eq(loyalty_accounts.account_number, 'OUTRA-CONTA')),
    ).toEqual([]);
  });

  it('lets an expiry already past stay as it is, but not be moved to another past day', async () => {
    // Bought and registered a year ago (the test clock), expired since.
    const old = await api.create(
      { ...validBody, account_number: 'ANTIGO-1', purchase_date: '2025-01-10', expiry_date: '2025-06-30' },
      cookie,
      '2025-01-15',
    );
    expect(old.status).toBe(201);
    const notes = await api.update(old.body.id, {
      ...validBody,
      account_number: 'ANTIGO-1',
      purchase_date: '2025-01-10',
      expiry_date: '2025-06-30',
      notes: 'Nota nova',
    });
    expect(notes.status).toBe(200);
    expect(notes.body).toMatchObject({ expiry_date: '2025-06-30', notes: 'Nota nova', status: 'available' });
    const moved = await api.update(old.body.id, {
      ...validBody,
      account_number: 'ANTIGO-1',
      purchase_date: '2025-01-10',
      expiry_date: '2025-07-30',
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.fields).toEqual({ expiry_date: LOT_MESSAGES.expiryPast });
    // Other mistakes are still reported, the kept expiry excused.
    const other = await api.update(old.body.id, {
      ...validBody,
      account_number: 'ANTIGO-1',
      purchase_date: '2025-01-10',
      expiry_date: '2025-06-30',
      original_quantity: 0,
    });
    expect(other.body.error.fields).toEqual({ original_quantity: LOT_MESSAGES.quantityPositive });
    // Marked expired, then given a later expiry: available again.
    expect((await api.markExpired()).body.updated).toBeGreaterThanOrEqual(1);
    expect((await api.get(old.body.id)).body.lot.status).toBe('expired');
    const extended = await api.update(old.body.id, {
      ...validBody,
      account_number: 'ANTIGO-1',
      purchase_date: '2025-01-10',
      expiry_date: '2026-12-31',
    });
    expect(extended.body).toMatchObject({ status: 'available', expiry_date: '2026-12-31' });
  });
});

describe('DELETE and bulk delete', () => {
  it('deletes a lot no emission drew from, with its purchase entry, and records it', async () => {
    const created = await api.create({ ...validBody, account_number: 'APAGA-1' });
    const res = await api.remove(created.body.id);
    expect(res.status).toBe(204);
    expect((await api.get(created.body.id)).status).toBe(404);
    expect(
      await ctx.handle.db.select().from(financial_entries).where(eq(financial_entries.lot_id, created.body.id)),
    ).toEqual([]);
    const [log] = await activityRows(ctx.handle.db, { ref_id: created.body.id, kind: 'lot_deleted' });
    expect(log!.description).toBe('Lote LATAM Pass de 100.000 milhas excluído');
  });

  it('refuses (409 LOT_IN_USE) a lot that fed an emission, even a cancelled one', async () => {
    const holder = await clientAccount(agencyId, 'EMUSO-1');
    const created = await api.create(intoAccount(holder));
    const deletion = (cookie_?: string) =>
      call(ctx.app, 'GET', `/api/v1/lots/${created.body.id}/deletion`, { cookie: cookie_ ?? cookie });
    expect((await deletion()).body).toEqual({ deletable: true, reason: null });
    const emission = await drawMiles(holder, 1_000);
    await cancelEmission(emission);
    // Asked before the confirmation, the answer is the one the DELETE gives; another agency's id is not found.
    expect((await deletion()).body).toEqual({
      deletable: false,
      reason: 'Este lote já teve milhas utilizadas e não pode ser excluído.',
    });
    expect((await deletion(otherCookie)).status).toBe(404);
    expect((await api.get(created.body.id)).body.lot.used_quantity).toBe(0);
    const res = await api.remove(created.body.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'LOT_IN_USE',
      message: 'Este lote já teve milhas utilizadas e não pode ser excluído.',
    });
    expect((await api.get(created.body.id)).status).toBe(200);
    expect(
      await ctx.handle.db.select().from(financial_entries).where(eq(financial_entries.lot_id, created.body.id)),
    ).toHaveLength(1);
  });

  it("bulk-deletes the free lots, keeps the used ones with the reason, and leaves other agencies' alone", async () => {
    const a = await api.create({ ...validBody, account_number: 'BULK-1' });
    const b = await api.create({ ...validBody, account_number: 'BULK-1' });
    const holder = await clientAccount(agencyId, 'BULK-2');
    const used = await api.create(intoAccount(holder));
    await drawMiles(holder, 500);
    const foreign = await api.create({ ...validBody, account_number: 'BULK-X' }, otherCookie);
    const res = await api.bulkDelete([
      a.body.id,
      b.body.id,
      used.body.id,
      foreign.body.id,
      crypto.randomUUID(),
      a.body.id.toUpperCase(),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deleted: 2,
      kept: [{ id: used.body.id, reason: 'Este lote já teve milhas utilizadas e não pode ser excluído.' }],
      not_found: 2,
    });
    expect((await api.get(a.body.id)).status).toBe(404);
    expect((await api.get(used.body.id)).status).toBe(200);
    expect((await api.get(foreign.body.id, otherCookie)).status).toBe(200);
    const logs = await activityRows(ctx.handle.db, { agency_id: agencyId, kind: 'lots_deleted' });
    expect(logs.map((l) => l.description)).toContain('2 lotes excluídos');
    for (const [ids, field, message] of [
      [[], 'ids', 'Selecione pelo menos um lote.'],
      [Array.from({ length: 1001 }, () => crypto.randomUUID()), 'ids', 'Selecione no máximo 1000 lotes por vez.'],
      [[used.body.id, 'x'], 'ids.1', 'Identificador inválido'],
    ] as const) {
      const bad = await api.bulkDelete(ids);
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields[field]).toBe(message);
    }
  });
});

describe('list, totals, search, sort and pages', () => {
  let listCookie: string;
  let listAgencyId: string;
  type Lot = {
    id: string;
    program: string;
    remaining_quantity: number;
    original_quantity: number;
    cost_per_thousand: string;
    expiry_date: string | null;
    status: string;
    supplier: string | null;
    notes: string | null;
    account_number: string;
  };
  let all: Lot[];
  const list = (query: string) => api.list(query, listCookie);

  beforeAll(async () => {
    ({ agencyId: listAgencyId, cookie: listCookie } = await signedInAgency(ctx));
    const specs = [
      ['LATAM', 'LA-100', 50_000, '0,0155', '2026-04-01', 'Hotmilhas', 'Promoção de março'],
      ['LATAM', 'LA-100', 20_000, '0,0160', '2026-03-20', 'MaxMilhas', null],
      ['LATAM', 'LA-200', 20_000, '0,0140', null, 'Fornecedor Potiguar', 'Sem vencimento'],
      ['SMILES', 'SM-300', 80_000, '0,0200', '2026-04-14', 'Hotmilhas', 'Transferência bonificada'],
      ['SMILES', 'SM-300', 30_000, '0,0180', '2027-01-01', 'Livelo', 'Conceição indicou'],
      ['AZUL', 'AZ-400', 10_000, '0,0250', '2026-03-15', 'Esfera', null],
      ['AZUL', 'AZ-400', 10_000, '0,0250', '2026-03-15', 'Esfera', null],
      ['TAP', 'TP-500', 40_000, '0,0300', '2026-05-01', 'Compra direta', 'José pediu'],
      ['TAP', 'TP-500', 15_000, '0,0220', '2028-01-01', null, 'Reserva futura'],
      ['LATAM', 'LA-100', 25_000, '0,0170', '2026-03-17', 'Hotmilhas', null],
    ] as const;
    // LA-100 is a client's account, so that an emission can draw from its lots; the others are the agency's own.
    const la100 = await clientAccount(listAgencyId, 'LA-100');
    const ids: string[] = [];
    for (const [program, account_number, quantity, cost, expiry, supplier, notes] of specs) {
      const account =
        account_number === 'LA-100' ? { account_number: null, account_id: la100.accountId } : { account_number };
      const res = await api.create(
        {
          program,
          ...account,
          original_quantity: quantity,
          cost_per_mile: cost,
          purchase_date: '2026-01-10',
          expiry_date: expiry,
          supplier,
          notes,
        },
        listCookie,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    // Some lots in other states: one drawn down, one used up, one expired, one reserved.
    // The LA-100 account's lots, cheapest first: 50k at 0.0155 and 20k at 0.0160 used up, 5k of the 0.0170 one.
    await drawMiles(la100, 50_000 + 20_000 + 5_000, listCookie);
    await ctx.handle.db.update(mile_lots).set({ status: 'reserved' }).where(eq(mile_lots.id, ids[8]!));
    await api.create(
      { ...validBody, account_number: 'LA-OLD', purchase_date: '2025-01-10', expiry_date: '2025-12-31' },
      listCookie,
      '2025-02-01',
    );
    expect((await api.markExpired(listCookie)).body.updated).toBe(1);
    const res = await list('?limit=100');
    all = res.body.data;
    expect(all).toHaveLength(11);
  });

  it('answers the contract, with totals over the whole filtered set counting available lots only', async () => {
    const res = await list('?limit=3');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 11, page: 1, limit: 3, total_pages: 4 });
    expect(res.body.data).toHaveLength(3);
    const available = all.filter((l) => l.status === 'available');
    const miles = available.reduce((s, l) => s + l.remaining_quantity, 0);
    const value = available.reduce((s, l) => s + milesCostCents(l.remaining_quantity, l.cost_per_thousand), 0);
    // Σ remaining × cost ÷ Σ remaining, per mile, 4 places.
    const weighted =
      available.reduce((s, l) => s + l.remaining_quantity * Number(l.cost_per_thousand), 0) / miles / 1000;
    const expiring = available.filter((l) =>
      isExpiringSoon(l.expiry_date, TODAY, DEFAULT_SETTINGS.expiry_alert_days),
    ).length;
    expect(res.body.totals).toEqual({
      total_miles: miles,
      total_value_cents: value,
      avg_cost_per_mile: weighted.toFixed(4),
      expiring_lots: expiring,
    });
    expect(miles).toBe(all.filter((l) => l.status === 'available').reduce((s, l) => s + l.remaining_quantity, 0));
    // The expired, used and reserved lots count nowhere; the day's own expiry still counts as expiring.
    expect(expiring).toBe(4);
    const latam = await list('?program=LATAM');
    expect(latam.body.total).toBe(5);
    expect(latam.body.totals.total_miles).toBe(
      all
        .filter((l) => l.program === 'LATAM' && l.status === 'available')
        .reduce((s, l) => s + l.remaining_quantity, 0),
    );
    const none = await list('?search=nada-disso');
    expect(none.body).toMatchObject({
      data: [],
      total: 0,
      total_pages: 0,
      totals: { total_miles: 0, total_value_cents: 0, avg_cost_per_mile: null, expiring_lots: 0 },
    });
  });

  it("counts expiring lots within the agency's alert window", async () => {
    await ctx.handle.db
      .update(agencies)
      .set({ settings: sql`${agencies.settings} || '{"expiry_alert_days": 2}'::jsonb` })
      .where(eq(agencies.id, listAgencyId));
    try {
      const res = await list('');
      const expected = all.filter((l) => l.status === 'available' && isExpiringSoon(l.expiry_date, TODAY, 2)).length;
      expect(res.body.totals.expiring_lots).toBe(expected);
      expect(expected).toBe(3);
      const expiring = await api.read('/lots/expiring', listCookie);
      expect(expiring.body.data.map((l: Lot) => l.expiry_date)).toEqual(['2026-03-15', '2026-03-15', '2026-03-17']);
    } finally {
      await ctx.handle.db
        .update(agencies)
        .set({ settings: sql`${agencies.settings} || '{"expiry_alert_days": 30}'::jsonb` })
        .where(eq(agencies.id, listAgencyId));
    }
  });

  const SORTS = ['program', 'remaining_quantity', 'cost_per_mile', 'expiry_date', 'status'] as const;
  it.each(SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'sort=%s order=%s walks every page once, in order (ties by id, no expiry last)',
    async (sort, order) => {
      const seen: Lot[] = [];
      for (let page = 1, pages = 1; page <= pages; page++) {
        const res = await list(`?sort=${sort}&order=${order}&page=${page}&limit=3`);
        expect(res.status).toBe(200);
        pages = res.body.total_pages;
        seen.push(...res.body.data);
      }
      expect(seen.map((l) => l.id).sort()).toEqual(all.map((l) => l.id).sort());
      const key = (l: Lot): string | number | null =>
        sort === 'cost_per_mile' ? Number(l.cost_per_thousand) : sort === 'expiry_date' ? l.expiry_date : l[sort];
      const sign = order === 'asc' ? 1 : -1;
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [seen[i - 1]!, seen[i]!];
        const [ka, kb] = [key(a), key(b)];
        if (ka === null || kb === null) {
          expect(kb, 'no expiry comes last').toBeNull();
          if (ka === null) expect((a.id < b.id ? -1 : 1) * sign).toBe(-1);
          continue;
        }
        const cmp = ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : 1;
        expect(cmp * sign, `${String(ka)} ${a.id} before ${String(kb)} ${b.id}`).toBe(-1);
      }
    },
  );

  it('defaults to the soonest expiry first', async () => {
    const res = await list('?limit=100');
    const expiries = res.body.data.map((l: Lot) => l.expiry_date);
    expect(expiries[0]).toBe('2025-12-31');
    expect(expiries.at(-1)).toBeNull();
  });

  it.each([
    ['hotmilhas', 4],
    ['HOTMILHAS promoção', 2],
    ['promocao', 2],
    ['conceicao', 1],
    ['jose', 1],
    ['sm-300', 2],
    ['tp-5', 2],
    ['la-100 hot', 2],
    ['100%', 0],
  ])('search %j matches supplier, notes or account number (case and accents ignored): %i', async (search, n) => {
    const res = await list(`?search=${encodeURIComponent(search)}&limit=100`);
    expect(res.body.total).toBe(n);
    expect(res.body.data).toHaveLength(n);
  });

  it('filters by program and status, together with search', async () => {
    const smiles = await list('?program=SMILES&limit=100');
    expect(smiles.body.data.map((l: Lot) => l.program)).toEqual(['SMILES', 'SMILES']);
    const expired = await list('?status=expired');
    expect(expired.body.data.map((l: Lot) => l.account_number)).toEqual(['LA-OLD']);
    expect(expired.body.totals).toMatchObject({ total_miles: 0, avg_cost_per_mile: null });
    const both = await list('?program=LATAM&status=available&search=hotmilhas');
    expect(both.body.total).toBe(1);
    for (const [query, field] of [
      ['?program=MILHAS', 'program'],
      ['?status=gasto', 'status'],
      ['?sort=supplier', 'sort'],
      ['?order=up', 'order'],
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.fields[field]).toEqual(expect.any(String));
    }
    expect((await list('?program=&status=&sort=&order=&page=&limit=&search=')).status).toBe(200);
    const beyond = await list('?page=99');
    expect(beyond.body).toMatchObject({ data: [], total: 11, page: 99 });
  });

  it('exports the filtered lots as a CSV with BOM, Portuguese headers and formula-safe cells', async () => {
    const danger = await api.create(
      { ...validBody, account_number: 'CSV-1', supplier: '=HYPERLINK("http://x")', notes: 'aspas "duplas"' },
      listCookie,
    );
    try {
      const res = await ctx.app.request(
        'http://localhost/api/v1/lots/export?program=LATAM&sort=remaining_quantity&order=desc',
        {
          headers: { cookie: listCookie, ...CLOCK },
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="lotes_milhas_${TODAY}.csv"`);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()));
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        '"ID","Programa","Conta","Cliente","Quantidade Original","Quantidade Restante","Custo por Milha","Custo Total","Data de Compra","Data de Vencimento","Fornecedor","Observações","Status"',
      );
      expect(lines).toHaveLength(1 + 6);
      const row = lines.find((l) => l.includes('CSV-1'))!;
      expect(row).toContain('"\'=HYPERLINK(""http://x"")"');
      expect(row).toContain('"aspas ""duplas"""');
      expect(row).toContain('"LATAM Pass","CSV-1","","100000","100000","0,0155","1550,00","01/03/2026","01/03/2027"');
      expect(row.endsWith('"Disponível"')).toBe(true);
      const quantities = lines.slice(1).map((l) => Number(l.split('","')[5]));
      expect(quantities).toEqual([...quantities].sort((a, b) => b - a));
    } finally {
      await api.remove(danger.body.id, listCookie);
    }
  });

  it('answers expiring lots, stats, the per-program summary, average cost and available miles', async () => {
    const expiring = await api.read('/lots/expiring?days=5', listCookie);
    expect(expiring.status).toBe(200);
    // Available with expiry on or before today + 5, soonest first (past ones still available count too).
    expect(expiring.body.data.map((l: Lot) => l.expiry_date)).toEqual(['2026-03-15', '2026-03-15', '2026-03-17']);
    const untilAugust = await api.read('/lots/expiring?days=150', listCookie);
    const until = addDaysIso(TODAY, 150)!;
    expect(untilAugust.body.data.map((l: Lot) => l.id).sort()).toEqual(
      all
        .filter((l) => l.status === 'available' && l.expiry_date !== null && l.expiry_date <= until)
        .map((l) => l.id)
        .sort(),
    );
    expect((await api.read('/lots/expiring?days=-1', listCookie)).status).toBe(400);

    const stats = await api.read('/lots/stats', listCookie);
    const purchased = all.reduce((s, l) => s + l.original_quantity, 0);
    const remaining = all.reduce((s, l) => s + l.remaining_quantity, 0);
    expect(stats.body).toEqual({
      total_lots: 11,
      active_lots: all.filter((l) => l.status === 'available').length,
      expired_lots: 1,
      used_lots: all.filter((l) => l.status === 'used').length,
      total_miles_purchased: purchased,
      total_miles_remaining: remaining,
      total_miles_used: 75_000,
      utilization_rate: Math.round((75_000 / purchased) * 10_000) / 100,
      total_investment_cents: expect.any(Number),
      remaining_value_cents: all.reduce((s, l) => s + milesCostCents(l.remaining_quantity, l.cost_per_thousand), 0),
    });
    expect(stats.body.used_lots).toBe(2);

    const summary = await api.read('/lots/summary', listCookie);
    expect(summary.body.data.map((r: { program: string }) => r.program)).toEqual(['LATAM', 'SMILES', 'AZUL', 'TAP']);
    const azul = summary.body.data.find((r: { program: string }) => r.program === 'AZUL');
    expect(azul).toEqual({
      program: 'AZUL',
      total_lots: 2,
      total_miles: 20_000,
      remaining_miles: 20_000,
      total_investment_cents: 50_000,
      average_cost_per_mile: '0.0250',
      lots_expiring_soon: 2,
    });
    const tap = summary.body.data.find((r: { program: string }) => r.program === 'TAP');
    // The reserved TAP lot counts as bought, not as balance.
    expect(tap).toMatchObject({
      total_lots: 2,
      total_miles: 55_000,
      remaining_miles: 40_000,
      average_cost_per_mile: '0.0300',
    });

    const average = await api.read('/lots/average-cost', listCookie);
    const latamAvailable = all.filter(
      (l) => l.program === 'LATAM' && l.status === 'available' && l.remaining_quantity > 0,
    );
    const latamMiles = latamAvailable.reduce((s, l) => s + l.remaining_quantity, 0);
    const latamAvg =
      latamAvailable.reduce((s, l) => s + l.remaining_quantity * Number(l.cost_per_thousand), 0) / latamMiles;
    expect(average.body.data.find((r: { program: string }) => r.program === 'LATAM')).toEqual({
      program: 'LATAM',
      average_cost_per_mile: (latamAvg / 1000).toFixed(4),
      average_cost_per_thousand: latamAvg.toFixed(4),
      available_miles: latamMiles,
    });
    // The AZUL lots expire today: still drawable today, not tomorrow.
    expect((await api.read('/lots/available?program=AZUL', listCookie)).body).toEqual({
      data: [{ program: 'AZUL', available_miles: 20_000, available_lots: 2 }],
      total_available_miles: 20_000,
    });
    expect((await api.read('/lots/available?program=AZUL', listCookie, '2026-03-16')).body).toEqual({
      data: [{ program: 'AZUL', available_miles: 0, available_lots: 0 }],
      total_available_miles: 0,
    });
    expect((await api.read('/lots/average-cost?program=QATAR', listCookie)).body.data).toEqual([
      { program: 'QATAR', average_cost_per_mile: null, average_cost_per_thousand: null, available_miles: 0 },
    ]);
    expect((await api.read('/lots/available?program=XX', listCookie)).status).toBe(400);
  });

  it('moves with the account: renumbering it in the client form carries its lots along (search follows)', async () => {
    const client = await createClientRow(ctx.handle.db, listAgencyId, { name: 'Titular Renumerado' });
    const account = await createLoyaltyAccountRow(ctx.handle.db, listAgencyId, {
      client_id: client.id,
      program: 'AZUL',
      account_number: 'ANTES-1',
    });
    const lot = await api.create(
      { ...validBody, program: 'AZUL', account_number: null, account_id: account.id },
      listCookie,
    );
    const res = await call(ctx.app, 'PUT', `/api/v1/clients/${client.id}`, {
      cookie: listCookie,
      body: {
        name: 'Titular Renumerado',
        loyalty_accounts: [{ id: account.id, program: 'AZUL', account_number: 'DEPOIS-2' }],
      },
    });
    expect(res.status).toBe(200);
    expect((await api.get(lot.body.id, listCookie)).body.lot.account_number).toBe('DEPOIS-2');
    expect((await list('?search=depois-2')).body.data.map((l: Lot) => l.id)).toEqual([lot.body.id]);
    expect((await list('?search=antes-1')).body.total).toBe(0);
    await api.remove(lot.body.id, listCookie);
  });
});

describe('POST /api/v1/lots/mark-expired', () => {
  it("expires the available lots past their day, per the domain rule, and only this agency's", async () => {
    const { agencyId: agency, cookie: as } = await signedInAgency(ctx);
    const lastYear = '2025-06-01';
    const mk = (expiry: string | null) =>
      api
        .create(
          { ...validBody, account_number: 'EXP-1', purchase_date: '2025-05-01', expiry_date: expiry },
          as,
          lastYear,
        )
        .then((r) => r.body.id as string);
    const past = await mk('2026-03-14');
    const today = await mk(TODAY);
    const never = await mk(null);
    const later = await mk('2026-04-01');
    const foreign = await api.create(
      { ...validBody, account_number: 'EXP-X', purchase_date: '2025-05-01', expiry_date: '2025-12-01' },
      otherCookie,
      lastYear,
    );
    const rowsBefore = await ctx.handle.db.select().from(mile_lots).where(eq(mile_lots.agency_id, agency));
    const expected = rowsBefore.filter((l) => shouldMarkExpired(l, TODAY)).map((l) => l.id);
    expect(expected).toEqual([past]);

    const res = await api.markExpired(as);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1 });
    const status = async (id: string, who = as) => (await api.get(id, who)).body.lot.status;
    expect(await status(past)).toBe('expired');
    for (const id of [today, never, later]) expect(await status(id)).toBe('available');
    expect(await status(foreign.body.id, otherCookie)).toBe('available');
    expect((await api.markExpired(as)).body).toEqual({ updated: 0 });
    const logs = await activityRows(ctx.handle.db, { agency_id: agency, kind: 'lots_expired' });
    expect(logs.map((l) => l.description)).toEqual(['1 lote marcado como expirado']);
    // The next day, today's lot goes too.
    expect((await api.markExpired(as, '2026-03-16')).body).toEqual({ updated: 1 });
  });
});

describe('GET /api/v1/accounts', () => {
  it("lists the agency's accounts, its own first, by program, client and search; never another agency's", async () => {
    const { agencyId: id, cookie: as } = await signedInAgency(ctx);
    const zeca = await createClientRow(ctx.handle.db, id, { name: 'Zeca Pagodinho' });
    const ana = await createClientRow(ctx.handle.db, id, { name: 'Ângela Ramos' });
    const own = await createLoyaltyAccountRow(ctx.handle.db, id, {
      client_id: null,
      program: 'LATAM',
      account_number: 'AG-1',
      nickname: 'Conta da agência',
    });
    const z = await createLoyaltyAccountRow(ctx.handle.db, id, {
      client_id: zeca.id,
      program: 'LATAM',
      account_number: 'Z-1',
    });
    const a = await createLoyaltyAccountRow(ctx.handle.db, id, {
      client_id: ana.id,
      program: 'LATAM',
      account_number: 'A-1',
    });
    const s = await createLoyaltyAccountRow(ctx.handle.db, id, {
      client_id: ana.id,
      program: 'SMILES',
      account_number: 'A-2',
    });
    await createLoyaltyAccountRow(ctx.handle.db, otherAgencyId, {
      client_id: null,
      program: 'LATAM',
      account_number: 'FORA-1',
    });

    const latam = await api.read('/accounts?program=LATAM', as);
    expect(latam.status).toBe(200);
    expect(latam.body.data).toEqual([
      {
        id: own.id,
        program: 'LATAM',
        account_number: 'AG-1',
        nickname: 'Conta da agência',
        client_id: null,
        client_name: null,
      },
      {
        id: a.id,
        program: 'LATAM',
        account_number: 'A-1',
        nickname: null,
        client_id: ana.id,
        client_name: 'Ângela Ramos',
      },
      {
        id: z.id,
        program: 'LATAM',
        account_number: 'Z-1',
        nickname: null,
        client_id: zeca.id,
        client_name: 'Zeca Pagodinho',
      },
    ]);
    expect((await api.read(`/accounts?client_id=${ana.id}`, as)).body.data.map((x: { id: string }) => x.id)).toEqual([
      a.id,
      s.id,
    ]);
    expect((await api.read('/accounts?search=angela', as)).body.data.map((x: { id: string }) => x.id).sort()).toEqual(
      [a.id, s.id].sort(),
    );
    expect((await api.read('/accounts?search=ag-1', as)).body.data.map((x: { id: string }) => x.id)).toEqual([own.id]);
    expect((await api.read('/accounts?search=fora', as)).body.data).toEqual([]);
    expect((await api.read('/accounts?program=XX', as)).status).toBe(400);
    expect((await api.read('/accounts?client_id=x', as)).status).toBe(400);
  });
});

describe('the test clock (x-test-today)', () => {
  it('sets the day of validation and counts when the app runs with NODE_ENV=test', async () => {
    const future = await api.create(
      { ...validBody, account_number: 'RELOGIO-1', purchase_date: '2030-01-01', expiry_date: '2030-06-01' },
      cookie,
      '2030-01-02',
    );
    expect(future.status).toBe(201);
    await api.remove(future.body.id);
    const bad = await call(ctx.app, 'GET', '/api/v1/lots', { cookie, headers: { 'x-test-today': '31/12/2026' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['x-test-today']).toEqual(expect.any(String));
  });

  it('is ignored by an app built without it, which production and development never enable', async () => {
    const app = createApp({ db: ctx.handle.db, logger: pino({ level: 'silent' }), trustProxy: true });
    const session = await signIn(app, await createAgencyWithUser(ctx.handle.db));
    const headers = { 'x-test-today': '2099-01-02' };
    const res = await call(app, 'POST', '/api/v1/lots', {
      cookie: session,
      headers,
      body: { ...validBody, purchase_date: '2099-01-01', expiry_date: '2099-06-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.purchase_date).toBe(LOT_MESSAGES.purchaseFuture);
    expect(
      (await call(app, 'GET', '/api/v1/lots', { cookie: session, headers: { 'x-test-today': 'lixo' } })).status,
    ).toBe(200);

    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(appOptionsFromEnv(loadEnv({ NODE_ENV })).testClock, String(NODE_ENV)).toBe(false);
    }
    expect(appOptionsFromEnv(loadEnv({ NODE_ENV: 'test' })).testClock).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the lot and account routes with their schemas', async () => {
    const paths = (await call(ctx.app, 'GET', '/api/openapi.json')).body.paths;
    expect(paths['/api/v1/lots'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'cost_per_mile',
    );
    expect(paths['/api/v1/lots'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'program', 'status', 'sort', 'order', 'page', 'limit']),
    );
    for (const path of [
      '/lots/{id}',
      '/lots/export',
      '/lots/expiring',
      '/lots/stats',
      '/lots/summary',
      '/lots/average-cost',
      '/lots/available',
      '/lots/mark-expired',
      '/lots/bulk-delete',
      '/accounts',
    ]) {
      expect(paths[`/api/v1${path}`], path).toBeDefined();
    }
  });
});

describe("answers match the domain's response schemas", () => {
  /** Parsing keeps the answer as it is: no field missing, of another type, or not in the schema. */
  const holds = (schema: { parse(v: unknown): unknown }, body: unknown) => expect(schema.parse(body)).toEqual(body);

  it('lots, their reads and the accounts the wizard and the lot form read', async () => {
    const account = await clientAccount(agencyId, 'CONTRATO-1');
    const created = await api.create(
      intoAccount(account, { expiry_date: addDaysIso(TODAY, 10), supplier: 'Contrato' }),
    );
    expect(created.status).toBe(201);
    holds(lotSchema, created.body);
    const spare = await api.create({ ...validBody, account_number: 'CONTRATO-2', expiry_date: null });
    holds(lotSchema, spare.body);
    const updated = await api.update(spare.body.id, {
      ...validBody,
      account_number: 'CONTRATO-2',
      expiry_date: null,
      notes: 'Sem vencimento',
    });
    holds(lotSchema, updated.body);
    const emission = await call(ctx.app, 'POST', '/api/v1/emissions', {
      cookie,
      headers: CLOCK,
      body: {
        client_id: account.clientId,
        account_id: account.accountId,
        route: 'NAT-GRU',
        miles_used: '1000',
        revenue_cents: 50_000,
        passengers: [{ name: 'Maria Contrato', cpf: validCpf(4242) }],
      },
    });
    expect(emission.status).toBe(201);
    holds(emissionDetailSchema, emission.body);

    holds(lotListSchema, (await api.list()).body);
    holds(lotListSchema, (await api.list('?search=contrato&sort=expiry_date&order=desc')).body);
    holds(lotDetailSchema, (await api.get(created.body.id)).body);
    holds(lotAllocationListSchema, (await api.read(`/lots/${created.body.id}/allocations`)).body);
    holds(lotExpiringListSchema, (await api.read('/lots/expiring')).body);
    holds(lotStatsSchema, (await api.read('/lots/stats')).body);
    holds(lotSummarySchema, (await api.read('/lots/summary')).body);
    holds(lotAverageCostSchema, (await api.read('/lots/average-cost')).body);
    holds(lotAverageCostSchema, (await api.read('/lots/average-cost?program=QATAR')).body);
    holds(lotAvailableMilesSchema, (await api.read('/lots/available')).body);
    holds(accountListSchema, (await api.read('/accounts?search=contrato')).body);
    holds(accountLotsSchema, (await api.read(`/accounts/${account.accountId}/lots`)).body);
    holds(accountBeneficiariesSchema, (await api.read(`/accounts/${account.accountId}/beneficiaries`)).body);
    holds(markExpiredResultSchema, (await api.markExpired()).body);
    holds(bulkLotDeleteResultSchema, (await api.bulkDelete([created.body.id, spare.body.id])).body);
  });
});

describe('invariant', () => {
  it('holds for every lot of the agencies after all of the above, and lot_totals and lot_search_entries equal the lots', async () => {
    const agencyIds = (await ctx.handle.db.select({ id: agencies.id }).from(agencies)).map((a) => a.id);
    for (const id of agencyIds) {
      expect(await brokenLots(ctx.handle.db, id)).toEqual([]);
      expect(await lotTotalsMismatches(ctx.handle.db, id)).toEqual([]);
      expect(await lotSearchEntryMismatches(ctx.handle.db, id)).toEqual([]);
    }
    const allocations = await ctx.handle.db
      .select()
      .from(emission_allocations)
      .where(eq(emission_allocations.agency_id, agencyId));
    expect(allocations.length).toBeGreaterThan(0);
  });

  it("deletes a lot's search entry with the lot, and every entry with its agency (the entries have no foreign key)", async () => {
    const db = ctx.handle.db;
    const other = await createAgencyWithUser(db);
    const account = await createLoyaltyAccountRow(db, other.agency.id);
    const kept = await createLotRow(db, other.agency.id, account.id, { notes: 'fica' });
    const gone = await createLotRow(db, other.agency.id, account.id, { notes: 'sai' });
    const entries = async (agency: string) =>
      rowsOf<{ lot_id: string }>(
        await db.execute(sql`SELECT lot_id FROM lot_search_entries WHERE agency_id = ${agency} ORDER BY lot_id`),
      ).map((r) => r.lot_id);
    expect(await entries(other.agency.id)).toEqual([kept.id, gone.id].sort());

    await db.execute(sql`DELETE FROM mile_lots WHERE agency_id = ${other.agency.id} AND id = ${gone.id}`);
    expect(await entries(other.agency.id)).toEqual([kept.id]);
    expect(await lotSearchEntryMismatches(db, other.agency.id)).toEqual([]);

    await db.execute(sql`DELETE FROM agencies WHERE id = ${other.agency.id}`);
    expect(await entries(other.agency.id)).toEqual([]);
  });
});

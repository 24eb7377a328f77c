import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLotsSchema } from '../../../domain/accounts/account.schema';
import { minimumMarginAlert } from '../../../domain/emissions/emission.rules';
import { emissionDetailSchema } from '../../../domain/emissions/emission.schema';
import {
  RULE_DEFAULTS,
  RULE_MESSAGES,
  RULE_PROGRAMS,
  ruleListSchema,
  ruleSchema,
} from '../../../domain/rules/rule.schema';
import { activity, program_rules } from '../../db/schema';
import { activityRows } from '../../testing/activity';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * Program rules (issue #15, "Rules"): CRUD with an activity line per write, one rule per
 * program, the program fixed on edit, bad values answered per field with nothing written,
 * another agency's rule out of reach, and the rule driving what reads it: the wizard's CPM cap
 * and minimum margin (GET /accounts/:id/lots) and the emission's SLA target.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

const api = {
  list: (as = cookie) => call(ctx.app, 'GET', '/api/v1/rules', { cookie: as, headers: CLOCK }),
  create: (body: unknown, as = cookie) => call(ctx.app, 'POST', '/api/v1/rules', { cookie: as, body, headers: CLOCK }),
  get: (id: string, as = cookie) => call(ctx.app, 'GET', `/api/v1/rules/${id}`, { cookie: as, headers: CLOCK }),
  update: (id: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1/rules/${id}`, { cookie: as, body, headers: CLOCK }),
  remove: (id: string, as = cookie) => call(ctx.app, 'DELETE', `/api/v1/rules/${id}`, { cookie: as, headers: CLOCK }),
  read: (path: string, as = cookie) => call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers: CLOCK }),
};

const latam = {
  program: 'LATAM',
  min_margin_cents: '50,00',
  min_margin_percent: '12,5',
  default_rav_cents: 3000,
  cpm_cap: '28',
  sla_target_hours: '12',
};

async function rulesOf(agency: string) {
  return ctx.handle.db.select().from(program_rules).where(eq(program_rules.agency_id, agency));
}

async function activityCount(agency: string) {
  return (await ctx.handle.db.select({ id: activity.id }).from(activity).where(eq(activity.agency_id, agency))).length;
}

let seq = 0;
/** A client with a CPF and an account in `program` holding one lot at `cpm` per thousand. */
async function accountWithLot(program: string, cpm: string) {
  const n = ++seq;
  const client = await createClientRow(ctx.handle.db, agencyId, {
    name: `Cliente Regra ${n}`,
    document: validCpf(700_000 + n),
  });
  const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
    client_id: client.id,
    program,
    account_number: `RULE-${n}`,
  });
  await createLotRow(ctx.handle.db, agencyId, account.id, {
    original_quantity: 50_000,
    remaining_quantity: 50_000,
    cost_per_thousand: cpm,
    total_cost_cents: Math.round(50 * Number(cpm) * 100),
    expiry_date: '2027-01-01',
  });
  return { client, account };
}

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(() => ctx.close());

describe('rules CRUD', () => {
  it('starts empty, with the spec defaults', async () => {
    const res = await api.list();
    expect(res.status).toBe(200);
    const list = ruleListSchema.parse(res.body);
    expect(list).toMatchObject({ data: [], total: 0, page: 1 });
    expect(list.defaults).toEqual({
      min_margin_cents: 0,
      min_margin_percent: '10.00',
      default_rav_cents: 0,
      cpm_cap: null,
      sla_target_hours: 24,
    });
    expect(RULE_PROGRAMS).toEqual(['LATAM', 'AZUL', 'SMILES', 'TAP', 'UNITED', 'AMERICAN', 'IBERIA', 'QATAR', 'OTHER']);
  });

  it('creates, reads, updates and deletes a rule, each with its activity line', async () => {
    const created = await api.create(latam);
    expect(created.status).toBe(201);
    const rule = ruleSchema.parse(created.body);
    expect(rule).toMatchObject({
      program: 'LATAM',
      min_margin_cents: 5000,
      min_margin_percent: '12.50',
      default_rav_cents: 3000,
      cpm_cap: '28.0000',
      sla_target_hours: 12,
    });
    const [made] = await activityRows(ctx.handle.db, { ref_id: rule.id, kind: 'rule_created' });
    expect(made?.description).toBe(
      'Regra LATAM Pass criada: margem mín. R$\u00a050,00 / 12,5%, RAV R$\u00a030,00, CPM máx. 28, SLA 12 h',
    );
    expect((await api.get(rule.id)).body).toEqual(rule);

    const updated = await api.update(rule.id, {
      program: 'LATAM',
      min_margin_cents: 0,
      min_margin_percent: '8',
      default_rav_cents: '0',
      cpm_cap: '',
      sla_target_hours: 48,
    });
    expect(updated.status).toBe(200);
    expect(ruleSchema.parse(updated.body)).toMatchObject({
      id: rule.id,
      program: 'LATAM',
      min_margin_percent: '8.00',
      cpm_cap: null,
      sla_target_hours: 48,
    });
    // Without the program the body is still whole: the program stays.
    const again = await api.update(rule.id, { ...latam, program: undefined, sla_target_hours: 6 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ program: 'LATAM', sla_target_hours: 6, cpm_cap: '28.0000' });
    expect(await activityRows(ctx.handle.db, { ref_id: rule.id, kind: 'rule_updated' })).toHaveLength(2);

    const other = await api.create({ ...latam, program: 'SMILES', cpm_cap: null });
    expect(other.status).toBe(201);
    const list = ruleListSchema.parse((await api.list()).body);
    expect(list.data.map((r) => r.program)).toEqual(['LATAM', 'SMILES']);
    expect(list.total).toBe(2);

    expect((await api.remove(rule.id)).status).toBe(204);
    expect((await api.get(rule.id)).status).toBe(404);
    const [gone] = await activityRows(ctx.handle.db, { ref_id: rule.id, kind: 'rule_deleted' });
    expect(gone?.description).toBe('Regra LATAM Pass excluída');
    expect((await rulesOf(agencyId)).map((r) => r.program)).toEqual(['SMILES']);
    expect((await api.remove(other.body.id)).status).toBe(204);
  });
});

describe('bad input: a field-level Portuguese message and nothing written', () => {
  it('refuses a second rule for the same program', async () => {
    const first = await api.create({ ...latam, program: 'AZUL' });
    expect(first.status).toBe(201);
    const before = await activityCount(agencyId);
    const res = await api.create({ ...latam, program: 'AZUL', sla_target_hours: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { program: RULE_MESSAGES.programTaken } });
    expect((await rulesOf(agencyId)).filter((r) => r.program === 'AZUL')).toHaveLength(1);
    expect(await activityCount(agencyId)).toBe(before);
    await api.remove(first.body.id);
  });

  it('refuses a change of program on edit', async () => {
    const made = await api.create({ ...latam, program: 'TAP' });
    const before = await activityCount(agencyId);
    const res = await api.update(made.body.id, { ...latam, program: 'QATAR', sla_target_hours: 99 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ program: RULE_MESSAGES.programLocked });
    const [row] = (await rulesOf(agencyId)).filter((r) => r.id === made.body.id);
    expect(row).toMatchObject({ program: 'TAP', sla_target_hours: 12 });
    expect(await activityCount(agencyId)).toBe(before);
    await api.remove(made.body.id);
  });

  it.each([
    ['SLA 0', { sla_target_hours: 0 }, { sla_target_hours: RULE_MESSAGES.slaMin }],
    ['SLA negative', { sla_target_hours: '-3' }, { sla_target_hours: RULE_MESSAGES.slaMin }],
    ['SLA fractional', { sla_target_hours: 1.5 }, { sla_target_hours: RULE_MESSAGES.slaInvalid }],
    ['SLA missing', { sla_target_hours: '' }, { sla_target_hours: RULE_MESSAGES.slaRequired }],
    ['negative margin R$', { min_margin_cents: '-10,00' }, { min_margin_cents: RULE_MESSAGES.minMarginInvalid }],
    ['non-numeric margin R$', { min_margin_cents: 'abc' }, { min_margin_cents: RULE_MESSAGES.minMarginInvalid }],
    ['negative margin %', { min_margin_percent: '-5' }, { min_margin_percent: RULE_MESSAGES.percentInvalid }],
    ['non-numeric margin %', { min_margin_percent: 'dez' }, { min_margin_percent: RULE_MESSAGES.percentInvalid }],
    ['margin % above 100', { min_margin_percent: '100,5' }, { min_margin_percent: RULE_MESSAGES.percentMax }],
    ['missing margin %', { min_margin_percent: null }, { min_margin_percent: RULE_MESSAGES.percentRequired }],
    ['negative RAV', { default_rav_cents: -100 }, { default_rav_cents: RULE_MESSAGES.ravInvalid }],
    ['non-numeric RAV', { default_rav_cents: true }, { default_rav_cents: RULE_MESSAGES.ravInvalid }],
    ['CPM cap 0', { cpm_cap: '0' }, { cpm_cap: RULE_MESSAGES.cpmPositive }],
    ['negative CPM cap', { cpm_cap: -20 }, { cpm_cap: RULE_MESSAGES.cpmPositive }],
    ['non-numeric CPM cap', { cpm_cap: 'vinte' }, { cpm_cap: RULE_MESSAGES.cpmInvalid }],
    ['program outside the offered list', { program: 'AVIANCA' }, { program: RULE_MESSAGES.program }],
    ['unknown program', { program: 'VARIG' }, { program: RULE_MESSAGES.program }],
  ])('%s', async (_, overrides, fields) => {
    const before = { rules: (await rulesOf(agencyId)).length, activity: await activityCount(agencyId) };
    const res = await api.create({ ...latam, program: 'IBERIA', ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields });
    expect(Object.keys(res.body.error.fields)).toEqual(Object.keys(fields));
    expect((await rulesOf(agencyId)).length).toBe(before.rules);
    expect(await activityCount(agencyId)).toBe(before.activity);
  });

  it('an edit with SLA 0 changes nothing', async () => {
    const made = await api.create({ ...latam, program: 'UNITED' });
    const res = await api.update(made.body.id, { ...latam, program: 'UNITED', sla_target_hours: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ sla_target_hours: RULE_MESSAGES.slaMin });
    expect((await api.get(made.body.id)).body.sla_target_hours).toBe(12);
    await api.remove(made.body.id);
  });

  it('malformed JSON and a non-object body', async () => {
    expect((await api.create('[1, 2]')).status).toBe(400);
    const res = await call(ctx.app, 'POST', '/api/v1/rules', { cookie, headers: CLOCK, body: '{bad' });
    expect(res.status).toBe(400);
  });
});

describe('isolation', () => {
  it("another agency's rule is a 404 to read, edit and delete, and is not listed", async () => {
    const theirs = await api.create({ ...latam, program: 'AMERICAN' }, otherCookie);
    expect(theirs.status).toBe(201);
    const id = theirs.body.id as string;
    for (const res of [
      await api.get(id),
      await api.update(id, { ...latam, program: 'AMERICAN', sla_target_hours: 1 }),
      await api.remove(id),
      await api.get('nao-e-um-id'),
      await api.get('00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'RULE_NOT_FOUND', message: RULE_MESSAGES.notFound });
    }
    expect((await api.list()).body.data.map((r: { id: string }) => r.id)).not.toContain(id);
    const [row] = await rulesOf(otherAgencyId);
    expect(row).toMatchObject({ id, sla_target_hours: 12 });
    // The same program is free for this agency.
    const mine = await api.create({ ...latam, program: 'AMERICAN' });
    expect(mine.status).toBe(201);
    await api.remove(mine.body.id);
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, 'GET', '/api/v1/rules', { headers: CLOCK })).status).toBe(401);
  });
});

describe('what reads the rules', () => {
  it("the wizard's CPM cap and minimum margin follow the program's rule, the defaults without one", async () => {
    const { account } = await accountWithLot('SMILES', '30.0000');
    const path = `/accounts/${account.id}/lots`;

    const none = accountLotsSchema.parse((await api.read(path)).body);
    expect(none).toMatchObject({
      cpm_cap: null,
      min_margin_cents: RULE_DEFAULTS.min_margin_cents,
      min_margin_percent: RULE_DEFAULTS.min_margin_percent,
      default_rav_cents: 0,
    });

    const rule = await api.create({
      program: 'SMILES',
      min_margin_cents: '200,00',
      min_margin_percent: '15',
      default_rav_cents: '40,00',
      cpm_cap: '25,5',
      sla_target_hours: 8,
    });
    expect(rule.status).toBe(201);
    const capped = accountLotsSchema.parse((await api.read(path)).body);
    expect(capped).toMatchObject({
      cpm_cap: '25.5000',
      min_margin_cents: 20_000,
      min_margin_percent: '15.00',
      default_rav_cents: 4000,
    });
    // The lot at 30 per thousand is above the cap: 'Alto CPMM' in the wizard.
    expect(Number(capped.data[0]!.cost_per_thousand)).toBeGreaterThan(Number(capped.cpm_cap));
    // 12 % margin is below the rule's 15 %; 20 % meets it but R$ 100 is below R$ 200.
    expect(minimumMarginAlert({ margin_cents: 12_000, margin_percent: 12 }, capped)).toBe(
      'Margem estimada (12,0%) está abaixo do mínimo recomendado (15%).',
    );
    expect(minimumMarginAlert({ margin_cents: 10_000, margin_percent: 20 }, capped)).toBe(
      'Margem estimada (R$\u00a0100,00) está abaixo do mínimo recomendado (R$\u00a0200,00).',
    );
    expect(minimumMarginAlert({ margin_cents: 10_000, margin_percent: 20 }, none)).toBeNull();
    expect(minimumMarginAlert({ margin_cents: 900, margin_percent: 9 }, none)).toBe(
      'Margem estimada (9,0%) está abaixo do mínimo recomendado (10%).',
    );

    // Another agency's rule for the same program changes nothing here.
    await api.remove(rule.body.id);
    await api.create({ ...latam, program: 'SMILES', cpm_cap: '1' }, otherCookie);
    expect((await api.read(path)).body).toMatchObject({ cpm_cap: null, min_margin_percent: '10.00' });
  });

  it("the emission's SLA target follows the program's rule, 24 h without one", async () => {
    const { client, account } = await accountWithLot('QATAR', '20.0000');
    const created = await call(ctx.app, 'POST', '/api/v1/emissions', {
      cookie,
      headers: CLOCK,
      body: {
        client_id: client.id,
        account_id: account.id,
        route: 'GRU-DOH',
        miles_used: '10000',
        fees_cents: 8000,
        revenue_cents: 150_000,
        rav_cents: 0,
        passengers: [{ name: 'Fulano de Tal', cpf: validCpf(4242) }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.sla.target_hours).toBe(24);
    const id = created.body.emission.id as string;

    const rule = await api.create({ ...latam, program: 'QATAR', sla_target_hours: 6 });
    expect(emissionDetailSchema.parse((await api.read(`/emissions/${id}`)).body).sla.target_hours).toBe(6);
    await api.update(rule.body.id, { ...latam, sla_target_hours: 72, program: 'QATAR' });
    expect((await api.read(`/emissions/${id}`)).body.sla.target_hours).toBe(72);
    await api.remove(rule.body.id);
    expect((await api.read(`/emissions/${id}`)).body.sla.target_hours).toBe(24);
  });
});

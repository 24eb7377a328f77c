import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema, type AuditEntry } from '../../../domain/audit/audit.schema';
import { UTF8_BOM } from '../../../domain/csv';
import { activity } from '../../db/schema';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { createTeamMember } from '../../testing/factories/team.factory';
import { call, createTestContext, signedInAgency, signIn, type TestContext } from '../../testing/test-app';

const TODAY = '2026-03-15';
const IP = '203.0.113.7';
const HEADERS = { 'x-test-today': TODAY, 'x-forwarded-for': IP };

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let userId: string;
let userName: string;
let operadorCookie: string;
let otherCookie: string;

const send = (method: string, path: string, body?: unknown, as = cookie) =>
  call(ctx.app, method, `/api/v1${path}`, { cookie: as, body, headers: HEADERS });

async function auditList(query = '', as = cookie) {
  const res = await send('GET', `/audit${query}`, undefined, as);
  expect(res.status).toBe(200);
  auditListSchema.parse(res.body);
  return res.body as { data: AuditEntry[]; total: number; total_pages: number; page: number; limit: number };
}

async function lineOf(refId: string, kind: string) {
  const list = await auditList(`?ref_id=${refId}&limit=100`);
  const line = list.data.find((l) => l.kind === kind);
  expect(line, `${kind} of ${refId}`).toBeDefined();
  return line!;
}

const clientBody = {
  name: 'José da Silva',
  email: 'jose@exemplo.com.br',
  phone: '(84) 99876-5432',
  document: validCpf(123),
  birth_date: '1985-07-20',
  status: 'active',
  notes: null,
  tags: ['vip'],
  loyalty_accounts: [{ program: 'LATAM', account_number: '12345678' }],
};

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  const made = await signedInAgency(ctx);
  ({ agencyId, cookie } = made);
  userId = made.user.id;
  userName = made.user.name;
  const operador = await createTeamMember(ctx.handle.db, agencyId, { role: 'operador' });
  operadorCookie = await signIn(ctx.app, operador);
  ({ cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(() => ctx.close());

describe('the audit log records changes with before/after and the address', () => {
  it('a client update: the fields that changed, who, and the IP', async () => {
    const created = await send('POST', '/clients', clientBody);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const updated = await send('PUT', `/clients/${id}`, {
      ...clientBody,
      name: 'José da Silva Santos',
      status: 'blocked',
      loyalty_accounts: [
        { id: created.body.loyalty_accounts[0].id, program: 'LATAM', account_number: '12345678' },
        { program: 'SMILES', account_number: '998877' },
      ],
    });
    expect(updated.status).toBe(200);
    const line = await lineOf(id, 'client_updated');
    expect(line).toMatchObject({
      area: 'clients',
      user_id: userId,
      user_name: userName,
      description: 'Cliente José da Silva Santos atualizado',
      ip: IP,
      changes: {
        name: ['José da Silva', 'José da Silva Santos'],
        status: ['active', 'blocked'],
        loyalty_accounts: [['LATAM Pass (12345678)'], ['LATAM Pass (12345678)', 'Smiles (998877)']],
      },
    });
    expect(Object.keys(line.changes!)).toEqual(['name', 'status', 'loyalty_accounts']);
    expect((await lineOf(id, 'client_created')).changes).toBeNull();

    // Saved again unchanged: a line, without changes.
    await send('PUT', `/clients/${id}`, {
      ...clientBody,
      name: 'José da Silva Santos',
      status: 'blocked',
      loyalty_accounts: updated.body.loyalty_accounts.map(
        (a: { id: string; program: string; account_number: string }) => ({
          id: a.id,
          program: a.program,
          account_number: a.account_number,
        }),
      ),
    });
    const lines = (await auditList(`?ref_id=${id}`)).data.filter((l) => l.kind === 'client_updated');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.changes).toBeNull();
  });

  it('a lot update: miles, cost and expiry before/after; a bulk delete is one line', async () => {
    const lotBody = {
      program: 'LATAM',
      account_number: '55554444',
      original_quantity: '100000',
      cost_per_mile: '0,0155',
      purchase_date: '2026-03-01',
      expiry_date: '2027-03-01',
    };
    const created = await send('POST', '/lots', lotBody);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(
      (await send('PUT', `/lots/${id}`, { ...lotBody, original_quantity: '120000', expiry_date: '2027-06-01' })).status,
    ).toBe(200);
    const line = await lineOf(id, 'lot_updated');
    expect(line.area).toBe('lots');
    expect(line.changes).toEqual({
      original_quantity: [100000, 120000],
      remaining_quantity: [100000, 120000],
      total_cost_cents: [155000, 186000],
      expiry_date: ['2027-03-01', '2027-06-01'],
    });

    const more = await Promise.all(
      [1, 2, 3].map(
        async () => (await send('POST', '/lots', { ...lotBody, account_number: '77778888' })).body.id as string,
      ),
    );
    const before = (await auditList('?area=lots')).total;
    const res = await send('POST', '/lots/bulk-delete', { ids: more });
    expect(res.body.deleted).toBe(3);
    const after = await auditList('?area=lots');
    expect(after.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ kind: 'lots_deleted', description: '3 lotes excluídos', changes: null });
  });

  it('a posting, a rule, an emission transition and the agency record and settings', async () => {
    const entry = await send('POST', '/finance/entries', {
      kind: 'expense',
      category: 'fees',
      amount_cents: '1.234,56',
      entry_date: '2026-03-10',
      description: 'Taxas',
    });
    expect(entry.status).toBe(201);
    await send('PUT', `/finance/entries/${entry.body.id}`, {
      kind: 'expense',
      category: 'fees',
      amount_cents: '1.500,00',
      entry_date: '2026-03-11',
      description: 'Taxas',
    });
    expect((await lineOf(entry.body.id, 'entry_updated')).changes).toEqual({
      amount_cents: [-123456, -150000],
      entry_date: ['2026-03-10', '2026-03-11'],
    });

    const rule = await send('POST', '/rules', {
      program: 'SMILES',
      min_margin_cents: '50,00',
      min_margin_percent: '12,5',
      default_rav_cents: 3000,
      cpm_cap: '28',
      sla_target_hours: '12',
    });
    expect(rule.status).toBe(201);
    await send('PUT', `/rules/${rule.body.id}`, {
      min_margin_cents: '60,00',
      min_margin_percent: '12,5',
      default_rav_cents: 3000,
      cpm_cap: null,
      sla_target_hours: '12',
    });
    expect((await lineOf(rule.body.id, 'rule_updated')).changes).toEqual({
      min_margin_cents: [5000, 6000],
      cpm_cap: [28, null],
    });

    const client = await createClientRow(ctx.handle.db, agencyId, { name: 'Ana Emissão' });
    const emission = await createEmissionRow(ctx.handle.db, agencyId, client.id, { status: 'processing' });
    expect((await send('POST', `/emissions/${emission.id}/transitions`, { action: 'issue' })).status).toBe(200);
    expect(await lineOf(emission.id, 'emission_issue')).toMatchObject({
      area: 'emissions',
      changes: { status: ['processing', 'issued'] },
    });

    const agency = (await send('GET', '/agency')).body;
    const { id: _id, updated_at: _u, ...record } = agency;
    const put = await send('PUT', '/agency', {
      ...record,
      trade_name: 'Nova Fantasia',
      registration_status: record.registration_status ?? 'Ativa',
      opened_on: record.opened_on ?? '2020-01-01',
      address: record.address ?? 'Rua das Flores, 100, Natal/RN',
      main_activity_code: record.main_activity_code ?? '79112',
      share_capital_cents: record.share_capital_cents ?? 1000000,
    });
    expect(put.status).toBe(200);
    const agencyLine = await lineOf(agencyId, 'agency_updated');
    expect(agencyLine.area).toBe('settings');
    expect(agencyLine.changes!.trade_name).toEqual([agency.trade_name, 'Nova Fantasia']);

    const settings = (await send('GET', '/agency/settings')).body;
    expect(
      (await send('PUT', '/agency/settings', { ...settings, expiry_alert_days: settings.expiry_alert_days + 5 }))
        .status,
    ).toBe(200);
    expect((await lineOf(agencyId, 'settings_updated')).changes).toEqual({
      expiry_alert_days: [settings.expiry_alert_days, settings.expiry_alert_days + 5],
    });
  });

  it('webhook endpoints: created, updated (before/after), secret rotated, deleted — never the secret', async () => {
    const ctxHooks = await createTestContext({ webhookAllowHosts: ['hooks.test'] });
    try {
      const made = await signedInAgency(ctxHooks);
      const req = (method: string, path: string, body?: unknown) =>
        call(ctxHooks.app, method, `/api/v1${path}`, { cookie: made.cookie, body });
      const created = await req('POST', '/webhooks', { url: 'https://hooks.test/a', event_types: ['client.created'] });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      await req('PUT', `/webhooks/${id}`, {
        url: 'https://hooks.test/b',
        event_types: ['client.created'],
        enabled: false,
      });
      await req('POST', `/webhooks/${id}/secret`);
      await req('DELETE', `/webhooks/${id}`);
      const list = (await req('GET', `/audit?area=webhooks`)).body as { data: AuditEntry[] };
      expect(list.data.map((l) => l.kind)).toEqual([
        'webhook_deleted',
        'webhook_secret_rotated',
        'webhook_updated',
        'webhook_created',
      ]);
      expect(list.data[2]!.changes).toEqual({
        url: ['https://hooks.test/a', 'https://hooks.test/b'],
        enabled: [true, false],
      });
      expect(JSON.stringify(list)).not.toContain(created.body.secret);
    } finally {
      await ctxHooks.close();
    }
  });
});

describe('GET /api/v1/audit', () => {
  it('newest first, paged, with "Sistema" for lines no person wrote', async () => {
    await ctx.handle.db.insert(activity).values({
      agency_id: agencyId,
      user_id: null,
      kind: 'lots_expired',
      description: '2 lotes marcados como expirados',
    });
    const page = await auditList('?limit=2');
    expect(page.limit).toBe(2);
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(5);
    expect(page.total_pages).toBe(Math.ceil(page.total / 2));
    expect(page.data[0]).toMatchObject({ kind: 'lots_expired', user_name: 'Sistema', user_id: null, ip: null });
    const all = await auditList('?limit=100');
    const times = all.data.map((l) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by user, area, period and record', async () => {
    const system = await auditList('?user_id=system');
    expect(system.data.every((l) => l.user_id === null)).toBe(true);
    const mine = await auditList(`?user_id=${userId}&limit=100`);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((l) => l.user_id === userId)).toBe(true);
    const finance = await auditList('?area=finance');
    expect(finance.data.map((l) => l.kind).every((k) => k.startsWith('entry'))).toBe(true);
    expect(finance.total).toBeGreaterThan(0);

    const old = await ctx.handle.db
      .insert(activity)
      .values({
        agency_id: agencyId,
        user_id: userId,
        kind: 'client_created',
        description: 'Cliente antigo cadastrado',
        created_at: '2025-01-10T15:00:00Z',
      })
      .returning();
    const jan = await auditList('?from=2025-01-10&to=2025-01-10');
    expect(jan.data.map((l) => l.id)).toEqual([old[0]!.id]);
    expect((await auditList('?from=2025-01-11&to=2025-01-31')).total).toBe(0);
    // The day is the agency's (Brasília): 02:00 UTC on the 11th is still the 10th there.
    await ctx.handle.db.insert(activity).values({
      agency_id: agencyId,
      user_id: userId,
      kind: 'client_created',
      description: 'Tarde da noite',
      created_at: '2025-01-11T02:00:00Z',
    });
    expect((await auditList('?from=2025-01-10&to=2025-01-10')).total).toBe(2);
  });

  it('refuses bad filters in Portuguese, operadores and other agencies see nothing', async () => {
    const bad = await send('GET', '/audit?area=nada&from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.area).toMatch(/Área inválida/);
    expect(bad.body.error.fields.from).toMatch(/Data inválida/);
    const inverted = await send('GET', '/audit?from=2026-03-10&to=2026-03-01');
    expect(inverted.body.error.fields.to).toMatch(/data final/);

    for (const path of ['/audit', '/audit/export', '/audit/users']) {
      const res = await send('GET', path, undefined, operadorCookie);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    const other = await auditList('', otherCookie);
    expect(other.total).toBe(0);
  });

  it('the users for the filter', async () => {
    const res = await send('GET', '/audit/users');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.arrayContaining([{ id: userId, name: userName, active: true }]));
    expect(res.body.data).toHaveLength(2);
  });
});

describe('GET /api/v1/audit/export', () => {
  it('the pt-BR Excel CSV of the filtered lines: BOM, ";", dd/mm/aaaa hh:mm, changes in words', async () => {
    const res = await ctx.app.request('http://localhost/api/v1/audit/export?area=clients&from=2026-01-01', {
      headers: { cookie, ...HEADERS },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="auditoria_\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()));
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Data/hora";"Usuário";"Área";"Descrição";"Alterações";"Endereço IP"');
    const updated = lines.find((l) => l.includes('José da Silva Santos atualizado') && l.includes('Nome:'));
    expect(updated).toMatch(/^"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}";/);
    expect(updated).toContain(`"${userName}";"Clientes";"Cliente José da Silva Santos atualizado";`);
    expect(updated).toContain('Nome: José da Silva → José da Silva Santos; Status: Ativo → Bloqueado');
    expect(updated).toContain(`"${IP}"`);
    expect(lines.slice(1).every((l) => l.includes('"Clientes"'))).toBe(true);
  });
});

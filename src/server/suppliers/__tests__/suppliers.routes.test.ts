import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES as M, supplierListSchema, supplierSchema } from '../../../domain/suppliers/supplier.schema';
import { rowsOf } from '../../db/rows';
import { agencyRowCount } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';

/**
 * The suppliers registry (issue #23, decision 0029 "Suppliers"): register, edit (a new name reaches
 * the lots), one per name case aside; a lot chooses one by id or names one (found or added); each
 * supplier's figures for a period equal a recount in plain SQL; bad input refused with nothing
 * written; another agency's supplier out of reach. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let ctx: TestContext;
let cookie: string;
let agencyId: string;
let otherCookie: string;
let otherAgencyId: string;

const TODAY = '2026-06-15';
const headers = { 'x-test-today': TODAY };
const api = {
  get: (path: string, as = cookie) => call(ctx.app, 'GET', `/api/v1${path}`, { cookie: as, headers }),
  post: (path: string, body: unknown, as = cookie) =>
    call(ctx.app, 'POST', `/api/v1${path}`, { cookie: as, body, headers }),
  put: (path: string, body: unknown, as = cookie) =>
    call(ctx.app, 'PUT', `/api/v1${path}`, { cookie: as, body, headers }),
};

const lot = (over: Record<string, unknown>) => ({
  program: 'SMILES',
  account_number: 'AG-SML-1',
  original_quantity: 10_000,
  cost_per_mile: '0.0150',
  purchase_date: '2026-03-10',
  expiry_date: '2028-03-10',
  ...over,
});

const count = (table: string, agency = agencyId) => agencyRowCount(ctx.handle.db, table, agency);

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ agencyId, cookie } = await signedInAgency(ctx));
  ({ agencyId: otherAgencyId, cookie: otherCookie } = await signedInAgency(ctx));
});
afterAll(async () => {
  await ctx.close();
});

describe('the registry', () => {
  let hotmilhasId: string;

  it('registers a supplier with its CNPJ, PIX key and contact, and refuses its name twice, case aside', async () => {
    const res = await api.post('/suppliers', {
      name: '  Hotmilhas   Intermediação ',
      document: '11.222.333/0001-81',
      pix_key: 'financeiro@hotmilhas.com.br',
      contact: '(31) 3333-4444',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const supplier = supplierSchema.parse(res.body);
    expect(supplier).toMatchObject({
      name: 'Hotmilhas Intermediação',
      document: '11222333000181',
      pix_key: 'financeiro@hotmilhas.com.br',
      period: { lots: 0, miles: 0, paid_cents: 0, average_cost_per_thousand: null },
    });
    hotmilhasId = supplier.id;

    const before = await count('suppliers');
    const again = await api.post('/suppliers', { name: 'HOTMILHAS INTERMEDIAÇÃO' });
    expect(again.status).toBe(409);
    expect(again.body.error.fields.name).toBe(M.duplicate);
    expect(await count('suppliers')).toBe(before);
  });

  it('lots choose it by id or name it; its figures for a period equal a recount of its lots', async () => {
    const a = await api.post('/lots', lot({ supplier_id: hotmilhasId }));
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ supplier_id: hotmilhasId, supplier: 'Hotmilhas Intermediação' });
    // A name typed (the API, the importer) finds the supplier, case aside.
    const b = await api.post(
      '/lots',
      lot({
        supplier: 'hotmilhas intermediação',
        original_quantity: 30_000,
        cost_per_mile: '0.0170',
        purchase_date: '2026-05-02',
      }),
    );
    expect(b.body).toMatchObject({ supplier_id: hotmilhasId, supplier: 'Hotmilhas Intermediação' });
    // A new name is added to the registry.
    const c = await api.post('/lots', lot({ supplier: 'MaxMilhas', purchase_date: '2025-12-20' }));
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const maxId = (c.body as { supplier_id: string }).supplier_id;
    expect(maxId).toEqual(expect.any(String));

    // 2026 to today: Hotmilhas's two lots (40,000 miles, R$ 150 + R$ 510); MaxMilhas's lot was in 2025.
    const list = supplierListSchema.parse((await api.get('/suppliers')).body);
    expect(list).toMatchObject({ from: '2026-01-01', to: TODAY });
    const hot = list.data.find((s) => s.id === hotmilhasId)!;
    expect(hot.period).toEqual({ lots: 2, miles: 40_000, paid_cents: 66_000, average_cost_per_thousand: '16.5000' });
    expect(list.data.find((s) => s.id === maxId)!.period.lots).toBe(0);
    const recount = rowsOf<{ id: string; lots: number; miles: string; paid: string }>(
      await ctx.handle.db
        .execute(sql`SELECT supplier_id AS id, count(*)::int AS lots, sum(original_quantity)::text AS miles,
          sum(total_cost_cents)::text AS paid FROM mile_lots
        WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND purchase_date BETWEEN '2026-01-01' AND ${TODAY}
        GROUP BY supplier_id`),
    );
    for (const r of recount.filter((x) => x.id)) {
      expect(list.data.find((s) => s.id === r.id)!.period).toMatchObject({
        lots: r.lots,
        miles: Number(r.miles),
        paid_cents: Number(r.paid),
      });
    }
    expect(list.totals.lots).toBe(recount.filter((x) => x.id).reduce((s, r) => s + r.lots, 0));

    // Another period.
    const last = supplierListSchema.parse((await api.get('/suppliers?from=2025-01-01&to=2025-12-31')).body);
    expect(last.data.find((s) => s.id === maxId)!.period).toMatchObject({ lots: 1, miles: 10_000, paid_cents: 15_000 });
    expect((await api.get('/suppliers?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await api.get('/suppliers?from=ontem')).status).toBe(400);
  });

  it('renaming reaches its lots, and the audit log keeps what changed', async () => {
    const res = await api.put(`/suppliers/${hotmilhasId}`, { name: 'Hotmilhas', document: '11.222.333/0001-81' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = rowsOf<{ supplier: string }>(
      await ctx.handle.db.execute(
        sql`SELECT DISTINCT supplier FROM mile_lots WHERE agency_id = ${agencyId} AND supplier_id = ${hotmilhasId}`,
      ),
    );
    expect(names).toEqual([{ supplier: 'Hotmilhas' }]);
    // The lots' search finds the new name.
    const found = (await api.get('/lots?search=hotmilhas')).body as { data: unknown[] };
    expect(found.data).toHaveLength(2);
    const [audit] = rowsOf<{ changes: Record<string, unknown> }>(
      await ctx.handle.db.execute(
        sql`SELECT changes FROM activity WHERE agency_id = ${agencyId} AND kind = 'supplier_updated'`,
      ),
    );
    expect(audit!.changes).toMatchObject({ name: ['Hotmilhas Intermediação', 'Hotmilhas'] });
    // An event for the agency's open tabs (the real-time stream refreshes /lotes → Fornecedores).
    const events = rowsOf<{ type: string }>(
      await ctx.handle.db.execute(
        sql`SELECT type FROM events WHERE agency_id = ${agencyId} AND entity_id = ${hotmilhasId} ORDER BY seq`,
      ),
    );
    expect(events.map((e) => e.type)).toContain('supplier.updated');
    // Taking another supplier's name is refused.
    const max = supplierListSchema.parse((await api.get('/suppliers')).body).data.find((s) => s.name === 'MaxMilhas')!;
    const clash = await api.put(`/suppliers/${max.id}`, { name: 'hotmilhas' });
    expect(clash.status).toBe(409);
  });
});

describe('a lot whose text names no supplier of the registry', () => {
  it('keeps it when edited without a supplier (a transfer’s or club’s origin), and loses it for one chosen', async () => {
    const made = await api.post('/lots', lot({ account_number: 'AG-SML-9' }));
    const id = (made.body as { id: string }).id;
    await ctx.handle.db.execute(sql`UPDATE mile_lots SET supplier = 'Transferência Livelo' WHERE id = ${id}`);
    const edited = await api.put(`/lots/${id}`, lot({ account_number: 'AG-SML-9', notes: 'editado', supplier: '' }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ supplier: 'Transferência Livelo', supplier_id: null, notes: 'editado' });
    expect(
      rowsOf(await ctx.handle.db.execute(sql`SELECT 1 FROM suppliers WHERE name = 'Transferência Livelo'`)),
    ).toEqual([]);
    const chosen = supplierSchema.parse((await api.post('/suppliers', { name: 'Esfera' })).body);
    const again = await api.put(`/lots/${id}`, lot({ account_number: 'AG-SML-9', supplier_id: chosen.id }));
    expect(again.body).toMatchObject({ supplier: 'Esfera', supplier_id: chosen.id });
    // And a lot of the registry loses its supplier when none is chosen.
    const cleared = await api.put(`/lots/${id}`, lot({ account_number: 'AG-SML-9', supplier_id: '' }));
    expect(cleared.body).toMatchObject({ supplier: null, supplier_id: null });
  });
});

describe('bad input: a clear message and nothing written', () => {
  it.each([
    [{ name: '' }, 'name', M.nameRequired],
    [{ name: 'x'.repeat(121) }, 'name', M.nameTooLong],
    [{ name: 'Fornecedor', document: '11.222.333/0001-82' }, 'document', 'CNPJ inválido'],
    [{ name: 'Fornecedor', document: '123.456.789-00' }, 'document', 'CPF inválido'],
    [{ name: 'Fornecedor', pix_key: 'x'.repeat(141) }, 'pix_key', M.pixTooLong],
  ])('%o', async (body, field, message) => {
    const before = await count('suppliers');
    const res = await api.post('/suppliers', body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
    expect(await count('suppliers')).toBe(before);
  });

  it('a lot with a supplier id that is not one is refused', async () => {
    const res = await api.post('/lots', lot({ supplier_id: 'abc' }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields.supplier_id).toBe('Fornecedor inválido');
  });
});

describe("another agency's supplier is out of reach", () => {
  it('404 on GET and PUT and as a lot’s supplier, nothing written; its list is its own', async () => {
    const theirs = supplierSchema.parse((await api.post('/suppliers', { name: 'Fornecedor Deles' }, otherCookie)).body);
    const lotsBefore = await count('mile_lots');
    expect((await api.get(`/suppliers/${theirs.id}`)).status).toBe(404);
    expect((await api.put(`/suppliers/${theirs.id}`, { name: 'Meu agora' })).status).toBe(404);
    const res = await api.post('/lots', lot({ supplier_id: theirs.id }));
    expect(res.status).toBe(404);
    expect(res.body.error.fields.supplier_id).toBe(M.notFound);
    expect(await count('mile_lots')).toBe(lotsBefore);
    const mine = supplierListSchema.parse((await api.get('/suppliers')).body);
    expect(mine.data.map((s) => s.id)).not.toContain(theirs.id);
    expect(supplierSchema.parse((await api.get(`/suppliers/${theirs.id}`, otherCookie)).body).name).toBe(
      'Fornecedor Deles',
    );
    expect(await count('suppliers', otherAgencyId)).toBe(1);
  });
});

describe('migration 0040: the suppliers typed on lots become the registry', () => {
  it('one supplier per name case and spaces aside, spelt as first typed; blank and credited lots left alone', async () => {
    const { agencyId: agency } = await signedInAgency(ctx);
    const [account] = rowsOf<{ id: string }>(
      await ctx.handle.db.execute(sql`INSERT INTO loyalty_accounts (agency_id, program, account_number)
        VALUES (${agency}, 'SMILES', 'MIG-1') RETURNING id`),
    );
    const typed = ['Hotmilhas', ' hotmilhas ', 'HOTMILHAS', 'MaxMilhas', '   ', null, 'Transferência Livelo'];
    const ids: string[] = [];
    for (const [i, supplier] of typed.entries()) {
      const [row] = rowsOf<{ id: string }>(
        await ctx.handle.db
          .execute(sql`INSERT INTO mile_lots (agency_id, account_id, program, account_number, original_quantity,
            remaining_quantity, total_cost_cents, cost_per_thousand, purchase_date, supplier, created_at)
          VALUES (${agency}, ${account!.id}, 'SMILES', 'MIG-1', 1000, 1000, 1500, 15, '2026-01-10', ${supplier},
            now() + make_interval(secs => ${i})) RETURNING id`),
      );
      ids.push(row!.id);
    }
    // The last one came of a transfer's credit.
    await ctx.handle.db
      .execute(
        sql`INSERT INTO mile_credits (agency_id, account_id, kind, expected_quantity, quantity, cost_cents,
        credit_date, status, lot_id, credited_on, club_id, club_month, transfer_id)
      SELECT ${agency}, ${account!.id}, 'transfer_base', 1000, 1000, 1500, '2026-01-10', 'credited', ${ids[6]}, '2026-01-10', NULL, NULL,
        (SELECT NULL::uuid)`,
      )
      .catch(() => undefined);
    const migration = readFileSync(new URL('../../db/migrations/0040_suppliers.sql', import.meta.url), 'utf8');
    const data = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(-- .*\n)*(INSERT INTO suppliers|UPDATE mile_lots)/.test(s));
    expect(data).toHaveLength(2);
    for (const statement of data) await ctx.handle.db.execute(sql.raw(statement.replace(/;$/, '')));

    const suppliers = rowsOf<{ name: string }>(
      await ctx.handle.db.execute(sql`SELECT name FROM suppliers WHERE agency_id = ${agency} ORDER BY name`),
    );
    expect(suppliers.map((s) => s.name)).toEqual(['Hotmilhas', 'MaxMilhas']);
    const lots = rowsOf<{ supplier: string | null; name: string | null }>(
      await ctx.handle.db
        .execute(sql`SELECT l.supplier, s.name FROM mile_lots l LEFT JOIN suppliers s ON s.agency_id = l.agency_id AND s.id = l.supplier_id
        WHERE l.agency_id = ${agency} ORDER BY l.created_at`),
    );
    expect(lots).toEqual([
      { supplier: 'Hotmilhas', name: 'Hotmilhas' },
      { supplier: 'Hotmilhas', name: 'Hotmilhas' },
      { supplier: 'Hotmilhas', name: 'Hotmilhas' },
      { supplier: 'MaxMilhas', name: 'MaxMilhas' },
      { supplier: '   ', name: null },
      { supplier: null, name: null },
      { supplier: 'Transferência Livelo', name: null },
    ]);
  });
});

import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../../domain/imports/import.schema';
import { financial_entries, loyalty_accounts, mile_lots } from '../../db/schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { brokenLots, financeKeptMismatches, keptFigureMismatches } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { runDueImports } from '../imports.service';

let ctx: TestContext;
let cookie: string;
let agencyId: string;

const M = IMPORT_MESSAGES;
const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };

async function upload(text: string, name = 'lotes.csv') {
  const form = new FormData();
  form.append('file', new File([new TextEncoder().encode(text)], name));
  const res = await ctx.app.request('http://localhost/api/v1/imports/files?kind=lots', {
    method: 'POST',
    headers: { cookie, ...CLOCK },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const post = (path: string, body: unknown) => call(ctx.app, 'POST', path, { cookie, body, headers: CLOCK });
const runJobs = async () => {
  while ((await runDueImports(ctx.handle.db)) > 0);
};

const HOLDER = validCpf(501);
const STRANGER = validCpf(502);

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ cookie, agencyId } = await signedInAgency(ctx));
  const holder = await createClientRow(ctx.handle.db, agencyId, { name: 'Helena Titular', document: HOLDER });
  await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
    client_id: holder.id,
    program: 'SMILES',
    account_number: 'SM-1',
  });
  await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
    client_id: null,
    program: 'LATAM',
    account_number: 'AG-LATAM',
  });
});

afterAll(async () => {
  await ctx.close();
});

// Programs as people write them; amounts and dates in pt-BR; cost as a total or per thousand.
const FILE = [
  'Programa;Conta;CPF;Milhas Disponíveis;Valor (R$);CPM;Data da Compra;Validade;Fornecedor',
  'LATAM Pass;AG-LATAM;;10.000;R$ 175,00;;01/03/2026;01/03/2027;Balcão Maria', // line 2: agency account found
  `smiles;SM-1;${HOLDER.slice(0, 3)}.${HOLDER.slice(3, 6)}.${HOLDER.slice(6, 9)}-${HOLDER.slice(9)};25000;;16,50;2026-02-10;;`, // 3: the holder's account
  `TudoAzul;AZ-9;${HOLDER};3.000;90;;10/01/2026;10/01/2028;`, // 4: new account for the holder
  'Iberia Plus;NOVA-1;;1000;15,5;;10/01/2026;;', // 5: new agency account
  'Pan Am;X-1;;1000;10;;10/01/2026;;', // 6: unknown program
  `LATAM;L-2;${STRANGER};1000;10;;10/01/2026;;`, // 7: nobody with that CPF
  'LATAM;L-3;;1000;;;10/01/2026;;', // 8: no cost
  'LATAM;L-4;;1000;10;12;10/01/2026;;', // 9: both costs
  'LATAM;L-5;;1000;1,2,3;;10/01/2026;;', // 10: not an amount
  'LATAM;L-6;;1000;10;;31/02/2026;;', // 11: impossible date
  'LATAM;L-7;;1000;10;;10/01/2026;01/03/2026;', // 12: expired before today
  'LATAM;L-8;;10,5;10;;10/01/2026;;', // 13: fractional miles
  `AZUL;AZ-OUTRA;${HOLDER};1000;10;;10/01/2026;;`, // 14: a second Azul account for the holder (row 4 gives her one)
].join('\n');

describe('lots from a spreadsheet', () => {
  it('dry run: programs, accounts, holders, costs and dates checked row by row', async () => {
    const up = await upload(FILE);
    expect(up.status).toBe(201);
    expect(up.body.mapping).toMatchObject({
      program: 'Programa',
      account_number: 'Conta',
      holder_document: 'CPF',
      quantity: 'Milhas Disponíveis',
      total_cost: 'Valor (R$)',
      cost_per_thousand: 'CPM',
      purchase_date: 'Data da Compra',
      expiry_date: 'Validade',
      supplier: 'Fornecedor',
    });
    const run = await post('/api/v1/imports/dry-run', {
      file_id: up.body.file.id,
      kind: 'lots',
      mapping: up.body.mapping,
    });
    expect(run.status).toBe(200);
    const all = await post('/api/v1/imports/dry-run/errors', {
      file_id: up.body.file.id,
      kind: 'lots',
      mapping: up.body.mapping,
    });
    const lines = String(all.body).trim().split('\r\n').slice(1);
    expect(lines).toEqual([
      '"6";"Programa";"Pan Am";"Programa desconhecido"',
      `"7";"CPF do titular";"${STRANGER}";"${M.holderNotFound}"`,
      `"8";"Custo total (R$)";"";"${M.costRequired}"`,
      `"9";"Custo total (R$)";"10";"${M.costBoth}"`,
      `"10";"Custo total (R$)";"1,2,3";"${M.numberInvalid}"`,
      `"11";"Data da compra";"31/02/2026";"${M.dateInvalid}"`,
      '"12";"Validade";"01/03/2026";"Data de vencimento não pode estar no passado"',
      '"13";"Milhas";"10,5";"Quantidade deve ser maior que 0"',
      '"14";"Número da conta";"AZ-OUTRA";"Helena Titular já tem conta TudoAzul de número AZ-9"',
    ]);
    expect(run.body).toMatchObject({ total_rows: 13, valid_rows: 4, invalid_rows: 9, error_count: 9 });
  });

  it('imports the valid rows: accounts found or made, exact costs, purchases posted; the undo takes them back', async () => {
    const up = await upload(FILE, 'lotes2.csv');
    const started = await post('/api/v1/imports', {
      file_id: up.body.file.id,
      kind: 'lots',
      mapping: up.body.mapping,
      only_valid: true,
    });
    expect(started.status).toBe(201);
    await runJobs();
    const job = (await call(ctx.app, 'GET', `/api/v1/imports/${started.body.id}`, { cookie })).body;
    expect(job).toMatchObject({ status: 'completed', ok_rows: 4, error_rows: 9 });

    const lots = await ctx.handle.db
      .select()
      .from(mile_lots)
      .where(eq(mile_lots.import_job_id, job.id))
      .orderBy(mile_lots.purchase_date, mile_lots.account_number);
    expect(
      lots.map((l) => [
        l.program,
        l.account_number,
        l.original_quantity,
        l.remaining_quantity,
        l.total_cost_cents,
        l.cost_per_thousand,
      ]),
    ).toEqual([
      ['AZUL', 'AZ-9', 3000, 3000, 9000, '30.0000'],
      ['IBERIA', 'NOVA-1', 1000, 1000, 1550, '15.5000'],
      ['SMILES', 'SM-1', 25000, 25000, 41250, '16.5000'],
      ['LATAM', 'AG-LATAM', 10000, 10000, 17500, '17.5000'],
    ]);
    // New accounts: AZ-9 for the holder, NOVA-1 for the agency; the known ones were reused.
    const accounts = await ctx.handle.db
      .select({
        program: loyalty_accounts.program,
        number: loyalty_accounts.account_number,
        client: loyalty_accounts.client_id,
      })
      .from(loyalty_accounts)
      .where(eq(loyalty_accounts.agency_id, agencyId));
    expect(accounts.filter((a) => a.number === 'AG-LATAM')).toHaveLength(1);
    expect(accounts.find((a) => a.number === 'NOVA-1')?.client).toBeNull();
    expect(accounts.find((a) => a.number === 'AZ-9')?.client).not.toBeNull();

    const postings = await ctx.handle.db
      .select()
      .from(financial_entries)
      .where(and(eq(financial_entries.agency_id, agencyId), isNull(financial_entries.deleted_at)));
    expect(postings.map((p) => p.amount_cents).sort((a, b) => a - b)).toEqual([-41250, -17500, -9000, -1550]);
    expect(postings.find((p) => p.amount_cents === -41250)?.description).toBe('Compra de lote Smiles — 25.000 milhas');
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await financeKeptMismatches(ctx.handle.db, agencyId)).toEqual([]);

    // Miles of an imported lot used by an emission: the undo says so and changes nothing.
    const smiles = lots.find((l) => l.account_number === 'SM-1')!;
    const holder = accounts.find((a) => a.number === 'SM-1')!;
    const emission = await post('/api/v1/emissions', {
      client_id: holder.client,
      account_id: smiles.account_id,
      route: 'GRU-REC',
      miles_used: '5000',
      fees_cents: 8_000,
      revenue_cents: 150_000,
      rav_cents: 0,
      departure_date: '2026-04-01',
      passengers: [{ name: 'Helena Titular', cpf: HOLDER }],
      lot_ids: [smiles.id],
    });
    expect(emission.status).toBe(201);
    const refused = await post(`/api/v1/imports/${job.id}/undo`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.reasons).toEqual([
      'Lote Smiles da conta SM-1: 5.000 milhas já usadas em emissões',
    ]);

    const cancel = await post(`/api/v1/emissions/${emission.body.emission.id}/transitions`, { action: 'cancel' });
    expect(cancel.status).toBe(200);
    const undone = await post(`/api/v1/imports/${job.id}/undo`, {});
    expect(undone.status).toBe(200);
    const live = await ctx.handle.db
      .select()
      .from(mile_lots)
      .where(and(eq(mile_lots.import_job_id, job.id), isNull(mile_lots.deleted_at)));
    expect(live).toEqual([]);
    const livePostings = await ctx.handle.db
      .select()
      .from(financial_entries)
      .where(
        and(
          eq(financial_entries.agency_id, agencyId),
          isNull(financial_entries.deleted_at),
          eq(financial_entries.category, 'lot_purchase'),
        ),
      );
    expect(livePostings).toEqual([]);
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await financeKeptMismatches(ctx.handle.db, agencyId)).toEqual([]);
  });
});

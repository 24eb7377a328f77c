import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emissions, loyalty_accounts, mile_lots } from '../../db/schema';
import { createLoyaltyAccountRow } from '../../testing/factories/account.factory';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createLotRow } from '../../testing/factories/lot.factory';
import { brokenLots, financeKeptMismatches, keptFigureMismatches } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { withTenant } from '../../db/tenant';
import { checkEmissionRows } from '../emission-import';
import type { Lookup } from '../import-values';
import { runDueImports } from '../imports.service';
import { readImportFile } from '../read-file';

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let lotCheap: string;
let lotDear: string;

const TODAY = '2026-03-15';
const CLOCK = { 'x-test-today': TODAY };
const ANA = validCpf(701);
const BRUNO = validCpf(702);

async function upload(text: string, name = 'emissoes.csv') {
  const form = new FormData();
  form.append('file', new File([new TextEncoder().encode(text)], name));
  const res = await ctx.app.request('http://localhost/api/v1/imports/files?kind=emissions', {
    method: 'POST',
    headers: { cookie, ...CLOCK },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const post = (path: string, body: unknown) => call(ctx.app, 'POST', path, { cookie, body, headers: CLOCK });
const get = (path: string) => call(ctx.app, 'GET', path, { cookie, headers: CLOCK });
const runJobs = async () => {
  while ((await runDueImports(ctx.handle.db)) > 0);
};

const HEADER = 'CPF;Programa;Conta;Rota;Localizador;Milhas;Taxas;Receita;RAV;Data;Status;Baixa milhas;Custo das milhas';
const FILE = [
  HEADER,
  `${ANA};LATAM Pass;LA-1;GRU-REC;abc123;6.000;100,00;R$ 1.500,00;50,00;10/01/2026;Emitida;;`, // 2
  'ana@exemplo.com;latam;LA-1;nat gru;;9000;0;800;0;;Pendente;;', // 3: by e-mail, takes the rest
  `${ANA};LATAM;LA-1;GRU-SSA;;1000;0;500;0;;;;`, // 4: nothing left
  `${BRUNO};Smiles;SM-2;GRU-POA;;5000;30;900;0;05/02/2026;Emitida;Não;R$ 80,00`, // 5: history, no miles taken
  `${validCpf(799)};LATAM;LA-1;GRU-REC;;1000;0;500;0;;;;`, // 6: nobody
  `${ANA};Smiles;X-9;GRU-REC;;1000;0;500;0;;;;`, // 7: not her account
  `${ANA};LATAM;LA-1;GRU;;1000;0;500;0;;;;`, // 8: one airport
  `${ANA};LATAM;LA-1;GRU-REC;;1000;0;500;0;;Talvez;;`, // 9: unknown status
  `${ANA};LATAM;LA-1;GRU-REC;;1000;0;500;0;01/01/2027;;;`, // 10: in the future
].join('\n');

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  ({ cookie, agencyId } = await signedInAgency(ctx));
});

afterAll(async () => {
  await ctx.close();
});

async function seed() {
  const ana = await createClientRow(ctx.handle.db, agencyId, {
    name: 'Ana Lima',
    document: ANA,
    email: 'ana@exemplo.com',
  });
  const bruno = await createClientRow(ctx.handle.db, agencyId, { name: 'Bruno Reis', document: BRUNO });
  const latam = await createLoyaltyAccountRow(ctx.handle.db, agencyId, { client_id: ana.id, account_number: 'LA-1' });
  await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
    client_id: bruno.id,
    program: 'SMILES',
    account_number: 'SM-2',
  });
  lotDear = (
    await createLotRow(ctx.handle.db, agencyId, latam.id, {
      original_quantity: 10_000,
      remaining_quantity: 10_000,
      cost_per_thousand: '20.0000',
      total_cost_cents: 20_000,
      expiry_date: '2027-01-01',
    })
  ).id;
  lotCheap = (
    await createLotRow(ctx.handle.db, agencyId, latam.id, {
      original_quantity: 5_000,
      remaining_quantity: 5_000,
      cost_per_thousand: '15.0000',
      total_cost_cents: 7_500,
      expiry_date: '2027-06-01',
    })
  ).id;
}

describe('emissions from a spreadsheet', () => {
  it('checks every row, takes the miles through the allocation engine, and the undo gives them back', async () => {
    await seed();
    const up = await upload(FILE);
    expect(up.status).toBe(201);
    expect(up.body.mapping).toMatchObject({
      client: 'CPF',
      program: 'Programa',
      account_number: 'Conta',
      route: 'Rota',
      pnr: 'Localizador',
      miles: 'Milhas',
      fees: 'Taxas',
      revenue: 'Receita',
      rav: 'RAV',
      issued_on: 'Data',
      status: 'Status',
      takes_miles: 'Baixa milhas',
      miles_cost: 'Custo das milhas',
    });
    const body = { file_id: up.body.file.id, kind: 'emissions', mapping: up.body.mapping };
    const all = await post('/api/v1/imports/dry-run/errors', body);
    expect(String(all.body).trim().split('\r\n').slice(1)).toEqual([
      '"4";"Milhas usadas";"1000";"Não há lotes suficientes disponíveis para atender 1.000 milhas."',
      `"6";"Cliente (CPF ou e-mail)";"${validCpf(799)}";"Cliente não encontrado (CPF ou e-mail)"`,
      '"7";"Número da conta";"X-9";"Ana Lima não tem conta Smiles de número X-9"',
      '"8";"Rota";"GRU";"Rota inválida: use códigos de aeroporto separados por hífen, ex.: NAT-GRU"',
      '"9";"Status";"Talvez";"Status inválido: use Pendente, Processando, Emitida, Falhou, Cancelada"',
      '"10";"Data da emissão";"01/01/2027";"A data da emissão não pode estar no futuro"',
    ]);
    const run = await post('/api/v1/imports/dry-run', body);
    expect(run.body).toMatchObject({ total_rows: 9, valid_rows: 3, invalid_rows: 6 });
    // Counting (the dry run) and keeping (the worker) agree; counting keeps only the rows taking miles.
    const check = async (keepRows: boolean) => {
      const read = await readImportFile(new TextEncoder().encode(FILE), 'emissoes.csv');
      if (!read.ok) throw new Error(read.message);
      const lookup: Lookup = (fn) => withTenant(ctx.handle.db, agencyId, fn);
      return checkEmissionRows(lookup, { agencyId, table: read.table, mapping: body.mapping, today: TODAY, keepRows });
    };
    const [kept, counted] = [await check(true), await check(false)];
    for (const c of [kept, counted]) {
      expect(c).toMatchObject({ total: 9, valid: 3 });
      expect(c.errors.invalidRows).toBe(6);
    }
    expect(kept.create.map((e) => [e.line, e.takes_miles])).toEqual([
      [2, true],
      [3, true],
      [5, false],
    ]);
    expect(counted.create.map((e) => e.line)).toEqual([2, 3]);

    const started = await post('/api/v1/imports', { ...body, only_valid: true });
    expect(started.status).toBe(201);
    await runJobs();
    const job = (await get(`/api/v1/imports/${started.body.id}`)).body;
    expect(job).toMatchObject({ status: 'completed', ok_rows: 3, error_rows: 6 });

    const rows = await ctx.handle.db
      .select()
      .from(emissions)
      .where(eq(emissions.import_job_id, job.id))
      .orderBy(emissions.route);
    expect(
      rows.map((e) => [
        e.route,
        e.pnr,
        e.miles_used,
        e.miles_cost_cents,
        e.fees_cents,
        e.revenue_cents,
        e.rav_cents,
        e.margin_cents,
        e.status,
      ]),
    ).toEqual([
      // 5,000 at R$ 15 (the cheapest) + 1,000 at R$ 20 = R$ 95.
      ['GRU-POA', null, 5000, 8000, 3000, 90000, 0, 79000, 'issued'],
      ['GRU-REC', 'ABC123', 6000, 9500, 10000, 150000, 5000, 125500, 'issued'],
      ['NAT-GRU', null, 9000, 18000, 0, 80000, 0, 62000, 'pending'],
    ]);
    expect(rows.find((e) => e.route === 'GRU-REC')?.issued_at).toMatch(/^2026-01-10 15:00:00/);
    const lots = async () =>
      Object.fromEntries(
        (await ctx.handle.db.select().from(mile_lots).where(eq(mile_lots.agency_id, agencyId))).map((l) => [
          l.id,
          [l.remaining_quantity, l.status],
        ]),
      );
    expect(await lots()).toMatchObject({ [lotCheap]: [0, 'used'], [lotDear]: [0, 'used'] });
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await financeKeptMismatches(ctx.handle.db, agencyId)).toEqual([]);
    const list = await get('/api/v1/emissions?limit=50');
    expect(list.body.total).toBe(3);

    const undone = await post(`/api/v1/imports/${job.id}/undo`, {});
    expect(undone.status).toBe(200);
    expect(await lots()).toMatchObject({ [lotCheap]: [5000, 'available'], [lotDear]: [10000, 'available'] });
    const live = await ctx.handle.db
      .select()
      .from(emissions)
      .where(and(eq(emissions.import_job_id, job.id), isNull(emissions.deleted_at)));
    expect(live).toEqual([]);
    expect((await get('/api/v1/emissions?limit=50')).body.total).toBe(0);
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await financeKeptMismatches(ctx.handle.db, agencyId)).toEqual([]);
  });

  it('miles taken between the check and the write: the job fails saying so, nothing written', async () => {
    const up = await upload([HEADER, `${ANA};LATAM;LA-1;GRU-REC;;5000;0;500;0;;;;`].join('\n'), 'corrida.csv');
    const body = { file_id: up.body.file.id, kind: 'emissions', mapping: up.body.mapping };
    const started = await post('/api/v1/imports', body);
    expect(started.status).toBe(201);
    // Meanwhile a colleague issues an emission that takes the lots' miles.
    const [account] = await ctx.handle.db
      .select()
      .from(loyalty_accounts)
      .where(and(eq(loyalty_accounts.agency_id, agencyId), eq(loyalty_accounts.account_number, 'LA-1')));
    const made = await post('/api/v1/emissions', {
      client_id: account!.client_id,
      account_id: account!.id,
      route: 'GRU-LIS',
      miles_used: '12000',
      fees_cents: 0,
      revenue_cents: 100_000,
      rav_cents: 0,
      departure_date: '2026-04-01',
      passengers: [{ name: 'Ana Lima', cpf: ANA }],
    });
    expect(made.status).toBe(201);
    await runJobs();
    const job = (await get(`/api/v1/imports/${started.body.id}`)).body;
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(
      /^Os registros mudaram desde a validação: 1 linha\(s\) agora com erro \(linha 2: Milhas insuficientes: faltam 2\.000 milhas\.\)/,
    );
    expect(await ctx.handle.db.select().from(emissions).where(eq(emissions.import_job_id, job.id))).toEqual([]);
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
  });
  it('a file of more than one batch: each row written once under the job, its miles taken, the figures a recount', async () => {
    const cpf = validCpf(731);
    const client = await createClientRow(ctx.handle.db, agencyId, { name: 'Diana Lote', document: cpf });
    const account = await createLoyaltyAccountRow(ctx.handle.db, agencyId, {
      client_id: client.id,
      program: 'AZUL',
      account_number: 'AZ-7',
    });
    const lot = await createLotRow(ctx.handle.db, agencyId, account.id, {
      original_quantity: 3_000,
      remaining_quantity: 3_000,
      cost_per_thousand: '18.0000',
      total_cost_cents: 5_400,
      expiry_date: '2027-01-01',
    });
    // 6,001 rows (the write stages 5,000 at a time): rows 2 and 6,002 take 1,000 miles each, in
    // both batches; the others are history on days spread over a year, in no order.
    const lines = Array.from({ length: 6_001 }, (_, i) => {
      const takes = i === 0 || i === 6_000;
      const day = String(((i * 7) % 28) + 1).padStart(2, '0');
      const month = String(((i * 5) % 12) + 1).padStart(2, '0');
      return `${cpf};Azul;AZ-7;GRU-REC;;1000;0;${500 + (i % 100)};0;${day}/${month}/2025;;${takes ? 'Sim' : 'Não'};`;
    });
    const up = await upload([HEADER, ...lines].join('\n'), 'grande.csv');
    const body = { file_id: up.body.file.id, kind: 'emissions', mapping: up.body.mapping };
    const started = await post('/api/v1/imports', body);
    expect(started.status).toBe(201);
    await runJobs();
    const job = (await get(`/api/v1/imports/${started.body.id}`)).body;
    expect(job).toMatchObject({ status: 'completed', ok_rows: 6_001, error_rows: 0 });
    const written = await ctx.handle.db.select().from(emissions).where(eq(emissions.import_job_id, job.id));
    expect(written).toHaveLength(6_001);
    expect(new Set(written.map((e) => e.id)).size).toBe(6_001);
    expect(written.reduce((sum, e) => sum + e.revenue_cents, 0)).toBe(
      lines.reduce((sum, _, i) => sum + (500 + (i % 100)) * 100, 0),
    );
    expect(written.filter((e) => e.miles_cost_cents === 1_800)).toHaveLength(2);
    const [after] = await ctx.handle.db.select().from(mile_lots).where(eq(mile_lots.id, lot.id));
    expect(after?.remaining_quantity).toBe(1_000);
    expect(await brokenLots(ctx.handle.db, agencyId)).toEqual([]);
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await financeKeptMismatches(ctx.handle.db, agencyId)).toEqual([]);

    expect((await post(`/api/v1/imports/${job.id}/undo`, {})).status).toBe(200);
    const [back] = await ctx.handle.db.select().from(mile_lots).where(eq(mile_lots.id, lot.id));
    expect(back?.remaining_quantity).toBe(3_000);
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await financeKeptMismatches(ctx.handle.db, agencyId)).toEqual([]);
  });

  it('an e-mail two clients share names neither: the row must give the CPF', async () => {
    await createClientRow(ctx.handle.db, agencyId, { name: 'Carla Um', email: 'familia@exemplo.com' });
    await createClientRow(ctx.handle.db, agencyId, { name: 'Carla Dois', email: 'familia@exemplo.com' });
    const up = await upload(
      [HEADER, 'familia@exemplo.com;LATAM;LA-1;GRU-REC;;1000;0;500;0;;;Não;'].join('\n'),
      'dupla.csv',
    );
    const run = await post('/api/v1/imports/dry-run', {
      file_id: up.body.file.id,
      kind: 'emissions',
      mapping: up.body.mapping,
    });
    expect(run.body.errors).toEqual([
      {
        row: 2,
        field: 'client',
        label: 'Cliente (CPF ou e-mail)',
        value: 'familia@exemplo.com',
        message: 'Mais de um cliente com este e-mail: identifique o cliente pelo CPF/CNPJ',
      },
    ]);
  });
});

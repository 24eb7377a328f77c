import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EXCEL_EXPORT_HEADERS } from '../../../domain/clients/client.rules';
import { RECONCILIATION_EXPORT_HEADERS } from '../../../domain/finance/reconciliation.schema';
import { importUploadSchema, type ImportKind } from '../../../domain/imports/import.schema';
import { LOT_EXCEL_EXPORT_HEADERS } from '../../../domain/lots/lot.export';
import { milesCostCents } from '../../../domain/lots/lot.rules';
import { clients, loyalty_accounts, mile_lots } from '../../db/schema';
import { validCpf } from '../../testing/factories/client.factory';
import { brokenLots, financeKeptMismatches, keptFigureMismatches } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { runDueImports } from '../imports.service';

// Issue #17: the exports' pt-BR Excel form (formato=excel) imports back through the importer.
// Clients and lots are made through the API in one agency, exported, and imported into a second
// agency with the suggested mapping; both agencies' records are then compared field by field, and
// what does not come back exactly (a partly used lot: its remaining miles) is pinned here.

let ctx: TestContext;
let source: { cookie: string; agencyId: string };
let target: { cookie: string; agencyId: string };

const TODAY = '2026-03-15';
const UTF8_BOM_BYTES = new Uint8Array([0xef, 0xbb, 0xbf]);
const CLOCK = { 'x-test-today': TODAY };

const request = (method: string, path: string, as: { cookie: string }, body?: unknown) =>
  call(ctx.app, method, path, { cookie: as.cookie, body, headers: CLOCK });

/** The export as the browser receives it: the bytes, BOM included (Response.text() would drop it). */
async function download(path: string, as: { cookie: string }) {
  const res = await ctx.app.request(`http://localhost${path}`, { headers: { cookie: as.cookie, ...CLOCK } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
  };
}

/** Upload → the suggested mapping → POST /api/v1/imports → the worker, as /importador does it. */
async function importFile(bytes: Uint8Array, name: string, kind: ImportKind, as: { cookie: string }) {
  const form = new FormData();
  form.append('file', new File([bytes.slice()], name));
  const res = await ctx.app.request(`http://localhost/api/v1/imports/files?kind=${kind}`, {
    method: 'POST',
    headers: { cookie: as.cookie, ...CLOCK },
    body: form,
  });
  expect(res.status).toBe(201);
  const uploaded = importUploadSchema.parse(await res.json());
  const started = await request('POST', '/api/v1/imports', as, {
    file_id: uploaded.file.id,
    kind,
    mapping: uploaded.mapping,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  while ((await runDueImports(ctx.handle.db)) > 0);
  const job = await request('GET', `/api/v1/imports/${started.body.id}`, as);
  return { uploaded, job: job.body };
}

/** The header line and the records (a line break inside a cell is a bare "\n", the records end in CRLF). */
const lines = (text: string) => text.slice(1).split('\r\n').filter(Boolean);
const cells = (line: string) => line.slice(1, -1).split('";"');

// A CPF with leading zeros (bare digits in Excel would lose them), a CNPJ, and none at all.
const CPF_JOAO = validCpf(12_345);
const CPF_MARIA = validCpf(67_890);
const CNPJ = '11222333000181';

const NOTE_TRICKY = 'Prefere janela; paga em "PIX" à vista\nLigar à tarde, depois das 14h';
const NOTE_FORMULA = '=HYPERLINK("http://x","clique")';
const NOTE_DASH = '- cliente desde 2019';

const CLIENTS = [
  {
    name: 'João Conceição d’Ávila',
    email: 'joao@exemplo.com.br',
    phone: '(11) 98765-4321',
    document: CPF_JOAO,
    birth_date: '1980-03-05',
    status: 'active',
    tags: ['vip', 'corporativo'],
    notes: NOTE_TRICKY,
    loyalty_accounts: [{ program: 'SMILES', account_number: 'SM-0777' }],
  },
  {
    name: 'Maria Antônia Gonçalves',
    email: null,
    phone: '(21) 3232-1010',
    document: CPF_MARIA,
    birth_date: '1975-12-01',
    status: 'blocked',
    tags: ['família'],
    notes: NOTE_FORMULA,
    loyalty_accounts: [{ program: 'AZUL', account_number: 'AZ-55' }],
  },
  {
    name: 'Ângela Müller',
    email: 'angela@exemplo.com',
    phone: null,
    document: null,
    birth_date: null,
    status: 'inactive',
    tags: [],
    notes: NOTE_DASH,
  },
  {
    name: 'Viagens Ação & Cia Ltda',
    email: 'contato@acao.com.br',
    phone: '(84) 99999-0001',
    document: CNPJ,
    birth_date: null,
    status: 'active',
    tags: [],
    notes: null,
  },
];

const clientFields = {
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  document: clients.document,
  birth_date: clients.birth_date,
  status: clients.status,
  tags: clients.tags,
  notes: clients.notes,
};

const liveClients = (agencyId: string) =>
  ctx.handle.db
    .select(clientFields)
    .from(clients)
    .where(and(eq(clients.agency_id, agencyId), isNull(clients.deleted_at)))
    .orderBy(asc(clients.sort_name));

const liveLots = (agencyId: string) =>
  ctx.handle.db
    .select({
      program: mile_lots.program,
      account_number: mile_lots.account_number,
      holder: clients.document,
      original_quantity: mile_lots.original_quantity,
      remaining_quantity: mile_lots.remaining_quantity,
      cost_per_thousand: mile_lots.cost_per_thousand,
      total_cost_cents: mile_lots.total_cost_cents,
      purchase_date: mile_lots.purchase_date,
      expiry_date: mile_lots.expiry_date,
      supplier: mile_lots.supplier,
      notes: mile_lots.notes,
      status: mile_lots.status,
    })
    .from(mile_lots)
    .innerJoin(loyalty_accounts, eq(loyalty_accounts.id, mile_lots.account_id))
    .leftJoin(clients, eq(clients.id, loyalty_accounts.client_id))
    .where(and(eq(mile_lots.agency_id, agencyId), isNull(mile_lots.deleted_at)))
    .orderBy(asc(mile_lots.purchase_date), asc(mile_lots.account_number));

/** An exported formula-neutralised cell (src/domain/csv.ts): the protective quote, which the importer takes off. */
const neutralised = (value: string) => `'${value}`;

beforeAll(async () => {
  ctx = await createTestContext({ testClock: true });
  source = await signedInAgency(ctx);
  target = await signedInAgency(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('clients: Excel export → import into another agency', () => {
  let exported: Awaited<ReturnType<typeof download>>;

  it('exports the pt-BR Excel form: BOM, ";", CRLF, masked CPF/CNPJ and phone, dd/mm/aaaa, "1234,56"', async () => {
    for (const client of CLIENTS) {
      const res = await request('POST', '/api/v1/clients', source, client);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    exported = await download('/api/v1/clients/export?formato=excel&sort=name&order=asc', source);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clientes_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.bytes.subarray(0, 3)).toEqual(UTF8_BOM_BYTES);
    expect(exported.text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = lines(exported.text);
    expect(header).toBe(CLIENT_EXCEL_EXPORT_HEADERS.map((h) => `"${h}"`).join(';'));
    const row = (name: string) => cells(rows.find((r) => cells(r)[1] === name)!).slice(1);
    const day = expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/);
    // A ";", quotes and a line break in one quoted cell; the break stays "\n", records end in CRLF.
    expect(row('João Conceição d’Ávila')).toEqual([
      'João Conceição d’Ávila',
      'joao@exemplo.com.br',
      '(11) 98765-4321',
      `${CPF_JOAO.slice(0, 3)}.${CPF_JOAO.slice(3, 6)}.${CPF_JOAO.slice(6, 9)}-${CPF_JOAO.slice(9)}`,
      '05/03/1980',
      'Ativo',
      'vip, corporativo',
      '0',
      '0,00',
      day,
      'Prefere janela; paga em ""PIX"" à vista\nLigar à tarde, depois das 14h',
    ]);
    expect(row('Maria Antônia Gonçalves').slice(5)).toEqual([
      'Bloqueado',
      'família',
      '0',
      '0,00',
      day,
      `'=HYPERLINK(""http://x"",""clique"")`,
    ]);
    expect(row('Ângela Müller')).toEqual([
      'Ângela Müller',
      'angela@exemplo.com',
      '',
      '',
      '',
      'Inativo',
      '',
      '0',
      '0,00',
      day,
      neutralised(NOTE_DASH),
    ]);
    expect(row('Viagens Ação & Cia Ltda').slice(2, 4)).toEqual(['(84) 99999-0001', '11.222.333/0001-81']);
  });

  it('imports back with the suggested mapping: every field equal, the neutralised notes included', async () => {
    const { uploaded, job } = await importFile(exported.bytes, 'clientes.csv', 'clients', target);
    expect(uploaded.file).toMatchObject({ format: 'csv', encoding: 'UTF-8 (BOM)', delimiter: ';', rows: 4 });
    expect(uploaded.mapping).toEqual({
      name: 'Nome',
      email: 'Email',
      phone: 'Telefone',
      document: 'CPF',
      birth_date: 'Data de Nascimento',
      status: 'Status',
      tags: 'Etiquetas',
      notes: 'Observações',
    });
    expect(job).toMatchObject({ status: 'completed', ok_rows: 4, error_rows: 0, total_rows: 4 });

    const original = await liveClients(source.agencyId);
    const imported = await liveClients(target.agencyId);
    expect(original).toHaveLength(4);
    // Every field comes back exactly, a note the export neutralised (a leading "=" or "-") included.
    expect(imported).toEqual(original);
    expect(imported.map((c) => c.notes)).toEqual(expect.arrayContaining([NOTE_FORMULA, NOTE_DASH]));
    expect(imported.find((c) => c.document === CPF_JOAO)).toMatchObject({
      name: 'João Conceição d’Ávila',
      phone: '11987654321',
      birth_date: '1980-03-05',
      tags: ['vip', 'corporativo'],
      notes: NOTE_TRICKY,
    });
    expect(await keptFigureMismatches(ctx.handle.db, target.agencyId)).toEqual([]);
  });

  it("the imported agency's export is the same file but the ids (a neutralised note exports as it was)", async () => {
    const again = await download('/api/v1/clients/export?formato=excel&sort=name&order=asc', target);
    const withoutIds = (text: string) => lines(text).map((l) => l.replace(/^"[0-9a-f-]{36}";/, ''));
    expect(withoutIds(again.text)).toEqual(withoutIds(exported.text));
  });
});

describe('lots: Excel export → import into the agency holding the same clients', () => {
  let exported: Awaited<ReturnType<typeof download>>;

  it("exports the agency's own and the clients' lots with the holder's CPF, miles and cost per thousand", async () => {
    const list = await request('GET', '/api/v1/clients?sort=name&order=asc', source);
    const joao = list.body.data.find((c: { document: string }) => c.document === CPF_JOAO);
    const maria = list.body.data.find((c: { document: string }) => c.document === CPF_MARIA);
    const smiles = (await request('GET', `/api/v1/clients/${joao.id}`, source)).body.client.loyalty_accounts[0];
    const azul = (await request('GET', `/api/v1/clients/${maria.id}`, source)).body.client.loyalty_accounts[0];

    const lots = [
      {
        program: 'LATAM',
        account_number: 'AG-LATAM-01',
        original_quantity: '10000',
        cost_per_mile: '0,0175',
        purchase_date: '2026-03-01',
        expiry_date: '2027-03-01',
        supplier: 'Balcão Conceição',
        notes: 'Pago; "à vista"\nrecibo 12',
      },
      // 3 333 × 0,0175 = 58,3275: the total is rounded, the cost per thousand is exact.
      {
        program: 'LATAM',
        account_number: 'AG-LATAM-01',
        original_quantity: '3333',
        cost_per_mile: '0,0175',
        purchase_date: '2026-02-10',
        expiry_date: null,
        supplier: null,
        notes: null,
      },
      {
        program: 'SMILES',
        account_id: smiles.id,
        original_quantity: '25000',
        cost_per_mile: '0,0165',
        purchase_date: '2026-01-20',
        expiry_date: '2028-01-20',
        supplier: 'MaxMilhas',
        notes: '=SOMA(A1:A3)',
      },
      {
        program: 'AZUL',
        account_id: azul.id,
        original_quantity: '8000',
        cost_per_mile: '0,0201',
        purchase_date: '2026-03-10',
        expiry_date: '2026-12-31',
        supplier: 'Hotmilhas',
        notes: 'Promoção 100%',
      },
    ];
    for (const lot of lots) {
      const res = await request('POST', '/api/v1/lots', source, lot);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // 5 000 of João's Smiles miles go to an emission: 20 000 stay available.
    const emission = await request('POST', '/api/v1/emissions', source, {
      client_id: joao.id,
      account_id: smiles.id,
      route: 'GRU-REC',
      pnr: 'EXC001',
      miles_used: 5000,
      fees_cents: 8_000,
      revenue_cents: 150_000,
      rav_cents: 0,
      passengers: [{ name: 'João Conceição d’Ávila', cpf: CPF_JOAO }],
    });
    expect(emission.status, JSON.stringify(emission.body)).toBe(201);

    exported = await download('/api/v1/lots/export?formato=excel&sort=expiry_date&order=asc', source);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="lotes_milhas_${TODAY}.csv"`);
    expect(exported.bytes.subarray(0, 3)).toEqual(UTF8_BOM_BYTES);
    const [header, ...rows] = lines(exported.text);
    expect(header).toBe(LOT_EXCEL_EXPORT_HEADERS.map((h) => `"${h}"`).join(';'));
    expect(rows).toHaveLength(4);
    expect(exported.text).toContain(
      '"LATAM Pass";"AG-LATAM-01";"";"";"3333";"3333";"17,5000";"58,33";"10/02/2026";"";"";"";"Disponível"',
    );
    expect(exported.text).toContain(
      `"Smiles";"SM-0777";"${CPF_JOAO.slice(0, 3)}.${CPF_JOAO.slice(3, 6)}.${CPF_JOAO.slice(6, 9)}-${CPF_JOAO.slice(9)}";"João Conceição d’Ávila";"25000";"20000";"16,5000";"412,50";"20/01/2026";"20/01/2028";"MaxMilhas";"'=SOMA(A1:A3)";"Disponível"`,
    );
    expect(exported.text).toContain('"Pago; ""à vista""\nrecibo 12"');
  });

  it('imports back: accounts made for the same holders, the miles available at the same cost per thousand', async () => {
    const { uploaded, job } = await importFile(exported.bytes, 'lotes.csv', 'lots', target);
    expect(uploaded.file).toMatchObject({ encoding: 'UTF-8 (BOM)', delimiter: ';', rows: 4 });
    expect(uploaded.mapping).toEqual({
      program: 'Programa',
      account_number: 'Conta',
      holder_document: 'CPF do Titular',
      quantity: 'Milhas Disponíveis',
      cost_per_thousand: 'Custo por Milheiro',
      purchase_date: 'Data de Compra',
      expiry_date: 'Data de Vencimento',
      supplier: 'Fornecedor',
      notes: 'Observações',
    });
    expect(job).toMatchObject({ status: 'completed', ok_rows: 4, error_rows: 0 });

    const original = await liveLots(source.agencyId);
    const imported = await liveLots(target.agencyId);
    expect(original).toHaveLength(4);
    // A lot comes back as the miles it still has (what an import's "Milhas" means), at the cost per
    // thousand it had: an unused lot exactly, a partly used one as a lot of its remaining miles.
    const expected = original.map((l) => ({
      ...l,
      original_quantity: l.remaining_quantity,
      total_cost_cents:
        l.remaining_quantity === l.original_quantity
          ? l.total_cost_cents
          : milesCostCents(l.remaining_quantity, l.cost_per_thousand),
    }));
    expect(imported).toEqual(expected);
    expect(imported.map((l) => [l.account_number, l.holder, l.original_quantity, l.total_cost_cents])).toEqual([
      ['SM-0777', CPF_JOAO, 20000, 33000],
      ['AG-LATAM-01', null, 3333, 5833],
      ['AG-LATAM-01', null, 10000, 17500],
      ['AZ-55', CPF_MARIA, 8000, 16080],
    ]);
    // The holders' accounts were opened for the clients imported before; the agency's own account once.
    const accounts = await ctx.handle.db
      .select({ number: loyalty_accounts.account_number, holder: clients.document })
      .from(loyalty_accounts)
      .leftJoin(clients, eq(clients.id, loyalty_accounts.client_id))
      .where(eq(loyalty_accounts.agency_id, target.agencyId))
      .orderBy(asc(loyalty_accounts.account_number));
    expect(accounts).toEqual([
      { number: 'AG-LATAM-01', holder: null },
      { number: 'AZ-55', holder: CPF_MARIA },
      { number: 'SM-0777', holder: CPF_JOAO },
    ]);
    expect(await brokenLots(ctx.handle.db, target.agencyId)).toEqual([]);
    expect(await keptFigureMismatches(ctx.handle.db, target.agencyId)).toEqual([]);
    expect(await financeKeptMismatches(ctx.handle.db, target.agencyId)).toEqual([]);
  });
});

describe('discrepancies and the default form', () => {
  it('the discrepancies export in the Excel form: ";", amounts 1234,56, dd/mm/aaaa', async () => {
    const res = await download('/api/v1/reconciliation/export?formato=excel', source);
    expect(res.status).toBe(200);
    expect(res.bytes.subarray(0, 3)).toEqual(UTF8_BOM_BYTES);
    const [header, ...rows] = lines(res.text);
    expect(header).toBe(RECONCILIATION_EXPORT_HEADERS.map((h) => `"${h}"`).join(';'));
    const row = rows.find((r) => r.startsWith('"EXC001";'));
    expect(row).toBeDefined();
    const [pnr, route, client, , day, , revenue, , fees] = cells(row!);
    expect([pnr, route, client]).toEqual(['EXC001', 'GRU-REC', 'João Conceição d’Ávila']);
    expect(day).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect([revenue, fees]).toEqual(['1500,00', '80,00']);
  });

  it('without formato (or formato=csv) the exports stay comma-separated; another formato is a 400', async () => {
    for (const path of ['/api/v1/clients/export', '/api/v1/lots/export', '/api/v1/reconciliation/export']) {
      const plain = await download(path, source);
      const csv = await download(`${path}?formato=csv`, source);
      expect(plain.status).toBe(200);
      expect(csv.text).toBe(plain.text);
      expect(lines(plain.text)[0]).toMatch(/^"[^"]+","/);
      const bad = await request('GET', `${path}?formato=xlsx`, source);
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.formato).toBe('Formato inválido: use csv ou excel');
    }
  });
});

describe('the OpenAPI document', () => {
  it('names formato (csv | excel, default csv) on the three exports', async () => {
    const res = await ctx.app.request('http://localhost/api/openapi.json');
    const doc = (await res.json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: object }[]; description: string } }>;
    };
    for (const path of ['/api/v1/clients/export', '/api/v1/lots/export', '/api/v1/reconciliation/export']) {
      const get = doc.paths[path]!.get;
      expect(get.parameters.find((p) => p.name === 'formato')?.schema).toEqual({
        default: 'csv',
        type: 'string',
        enum: ['csv', 'excel'],
      });
      expect(get.description).toContain('`formato=excel`');
    }
    expect(doc.paths['/api/v1/reconciliation']!.get.parameters.map((p) => p.name)).not.toContain('formato');
  });
});

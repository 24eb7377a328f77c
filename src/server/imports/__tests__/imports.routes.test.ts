import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importDryRunSchema,
  importJobSchema,
  importUploadSchema,
  type ImportUpload,
} from '../../../domain/imports/import.schema';
import { clients, import_jobs, stored_files } from '../../db/schema';
import { activityRows } from '../../testing/activity';
import { createClientRow, validCpf } from '../../testing/factories/client.factory';
import { createEmissionRow } from '../../testing/factories/emission.factory';
import { keptFigureMismatches } from '../../testing/invariants';
import { call, createTestContext, signedInAgency, type TestContext } from '../../testing/test-app';
import { withTenant } from '../../db/tenant';
import { checkClientRows } from '../client-import';
import type { Lookup } from '../import-values';
import { IMPORT_CHECK_REUSE_SECONDS, runDueImports } from '../imports.service';
import { readImportFile } from '../read-file';

let ctx: TestContext;
let cookie: string;
let agencyId: string;
let other: { cookie: string; agencyId: string };

const M = IMPORT_MESSAGES;

/** Text as Excel in Portuguese saves "CSV (separado por vírgulas)": Windows-1252. */
function windows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  const high: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96 };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = high[ch] ?? ch.charCodeAt(0);
    if (code > 0xff) throw new Error(`fora do Windows-1252: ${ch}`);
    bytes[i] = code;
  }
  return bytes;
}

async function upload(bytes: Uint8Array, name = 'clientes.csv', kind = 'clients', as = cookie) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name));
  const res = await ctx.app.request(`http://localhost/api/v1/imports/files?kind=${kind}`, {
    method: 'POST',
    headers: { cookie: as },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const api = {
  dryRun: (body: unknown, as = cookie) => call(ctx.app, 'POST', '/api/v1/imports/dry-run', { cookie: as, body }),
  errorsCsv: (body: unknown, as = cookie) =>
    call(ctx.app, 'POST', '/api/v1/imports/dry-run/errors', { cookie: as, body }),
  start: (body: unknown, as = cookie) => call(ctx.app, 'POST', '/api/v1/imports', { cookie: as, body }),
  get: (id: string, as = cookie) => call(ctx.app, 'GET', `/api/v1/imports/${id}`, { cookie: as }),
  list: (as = cookie) => call(ctx.app, 'GET', '/api/v1/imports', { cookie: as }),
  undo: (id: string, as = cookie) => call(ctx.app, 'POST', `/api/v1/imports/${id}/undo`, { cookie: as }),
};

const CPF_A = validCpf(101);
const CPF_B = validCpf(102);
const CPF_C = validCpf(103);
const fmt = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

// Headers as a real agency sheet has them; "Observação" and "Situação" carry accents.
const MESSY = [
  'Nome do Cliente;E-mail;CPF;Celular;Data de Nascimento;Situação;Observação',
  `João Conceição;joao@exemplo.com.br;${fmt(CPF_A)};(11) 98765-4321;05/03/1980;Ativo;“VIP” – prefere janela`,
  `Maria Antônia;maria@exemplo.com.br;${CPF_B};;1975-12-01;inativo;"Endereço:\r\nRua das Flores, 10"`,
  'Pedro Errado;pedro@;111.111.111-11;;31/02/2025;Ativo;',
  `Ana Fórmula;ana@exemplo.com.br;${CPF_C};+55 21 3232-1010;;Bloqueado;=HYPERLINK("http://x","clique")`,
  'X;;;;;Talvez;',
].join('\r\n');

async function runJobs() {
  while ((await runDueImports(ctx.handle.db)) > 0);
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie, agencyId } = await signedInAgency(ctx));
  other = await signedInAgency(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('a Windows-1252 ; file of clients, with errors', () => {
  let uploaded: ImportUpload;

  it('is read as what it is: encoding, delimiter, rows, headers, preview and a suggested mapping', async () => {
    const res = await upload(windows1252(MESSY));
    expect(res.status).toBe(201);
    uploaded = importUploadSchema.parse(res.body);
    expect(uploaded.file).toMatchObject({ format: 'csv', encoding: 'Windows-1252', delimiter: ';', rows: 5 });
    expect(uploaded.file.headers).toContain('Situação');
    expect(uploaded.file.preview[0]).toContain('João Conceição');
    expect(uploaded.file.preview[0]).toContain('“VIP” – prefere janela');
    // A line break inside quotes is part of the cell (as LF, whatever the file's line ends).
    expect(uploaded.file.preview[1]).toContain('Endereço:\nRua das Flores, 10');
    expect(uploaded.mapping).toMatchObject({ name: 'Nome do Cliente', email: 'E-mail', document: 'CPF' });
    expect(uploaded.previous_import).toBeNull();
  });

  it('dry run: every row checked by the client form schema, nothing written', async () => {
    const mapping = { ...uploaded.mapping, status: 'Situação', notes: 'Observação', birth_date: 'Data de Nascimento' };
    const res = await api.dryRun({ file_id: uploaded.file.id, kind: 'clients', mapping });
    expect(res.status).toBe(200);
    const run = importDryRunSchema.parse(res.body);
    expect(run).toMatchObject({ total_rows: 5, valid_rows: 3, invalid_rows: 2, existing_rows: 0 });
    const messages = run.errors.map((e) => `${e.row}:${e.field}:${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        '4:birth_date:Data inválida',
        '4:email:Email inválido',
        '4:document:CPF inválido',
        '6:status:Status inválido: use Ativo, Inativo ou Bloqueado',
        '6:name:Nome deve ter pelo menos 2 caracteres',
      ]),
    );
    expect(run.errors.find((e) => e.field === 'birth_date')).toMatchObject({
      label: 'Nascimento',
      value: '31/02/2025',
    });
    const written = await ctx.handle.db.select({ id: clients.id }).from(clients).where(eq(clients.agency_id, agencyId));
    expect(written).toHaveLength(0);

    const csv = await api.errorsCsv({ file_id: uploaded.file.id, kind: 'clients', mapping });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('erros_importacao.csv');
    expect(String(csv.body)).toContain('"Linha";"Campo";"Valor";"Mensagem"');
    expect(String(csv.body)).toContain('"4";"Nascimento";"31/02/2025";"Data inválida"');
  });

  it('an unmapped required field is a row-0 error, and refuses the import', async () => {
    const mapping = { email: 'E-mail' };
    const run = await api.dryRun({ file_id: uploaded.file.id, kind: 'clients', mapping });
    expect(run.body.errors).toEqual([
      { row: 0, field: 'name', label: 'Nome', value: '', message: 'Campo obrigatório "Nome" não está mapeado' },
    ]);
    const start = await api.start({ file_id: uploaded.file.id, kind: 'clients', mapping, only_valid: true });
    expect(start.status).toBe(422);
    expect(start.body.error.message).toBe('Campo obrigatório "Nome" não está mapeado');
    const wrong = await api.dryRun({ file_id: uploaded.file.id, kind: 'clients', mapping: { name: 'Nada' } });
    expect(wrong.body.errors[0].message).toBe('A coluna "Nada" não existe no arquivo');
  });

  it('with errors the import is refused ("Validação falhou") unless only the valid rows are asked for', async () => {
    const mapping = { ...uploaded.mapping, status: 'Situação', notes: 'Observação', birth_date: 'Data de Nascimento' };
    const refused = await api.start({ file_id: uploaded.file.id, kind: 'clients', mapping });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: M.validationFailed(2) });
    expect(await ctx.handle.db.select().from(import_jobs).where(eq(import_jobs.agency_id, agencyId))).toHaveLength(0);

    const started = await api.start({ file_id: uploaded.file.id, kind: 'clients', mapping, only_valid: true });
    expect(started.status).toBe(201);
    const job = importJobSchema.parse(started.body);
    expect(job).toMatchObject({ status: 'processing', phase: 'queued', kind: 'clients', file_name: 'clientes.csv' });
    await runJobs();
    const done = await api.get(job.id);
    expect(done.body).toMatchObject({ status: 'completed', phase: 'done', ok_rows: 3, error_rows: 2, total_rows: 5 });

    const rows = await ctx.handle.db
      .select()
      .from(clients)
      .where(and(eq(clients.agency_id, agencyId), eq(clients.import_job_id, job.id)))
      .orderBy(clients.sort_name);
    expect(rows.map((r) => [r.name, r.document, r.status, r.birth_date, r.phone])).toEqual([
      ['Ana Fórmula', CPF_C, 'blocked', null, '2132321010'],
      ['João Conceição', CPF_A, 'active', '1980-03-05', '11987654321'],
      ['Maria Antônia', CPF_B, 'inactive', '1975-12-01', null],
    ]);
    // A formula is text, kept as written; the export neutralises it (src/domain/csv.ts).
    expect(rows[0]!.notes).toBe('=HYPERLINK("http://x","clique")');
    expect(rows[2]!.notes).toBe('Endereço:\nRua das Flores, 10');
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await activityRows(ctx.handle.db, { agency_id: agencyId, kind: 'import_completed' })).toHaveLength(1);

    const list = await api.list();
    expect(list.body.data[0]).toMatchObject({ id: job.id, status: 'completed', user_name: expect.any(String) });
  });

  it('the same file again is recognised (warn before importing duplicates), and its CPFs are existing rows', async () => {
    const res = await upload(windows1252(MESSY));
    expect(res.body.previous_import).toMatchObject({ file_name: 'clientes.csv' });
    const mapping = { ...res.body.mapping, status: 'Situação' };
    const run = await api.dryRun({ file_id: res.body.file.id, kind: 'clients', mapping });
    expect(run.body).toMatchObject({ valid_rows: 3, existing_rows: 3 });
    const nothing = await api.start({ file_id: res.body.file.id, kind: 'clients', mapping, only_valid: true });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.message).toBe(M.nothingToImport);
  });
});

describe('existing CPFs: updated on request, put back by the undo', () => {
  it('updates the mapped columns only, and the undo restores them', async () => {
    const existing = await createClientRow(ctx.handle.db, agencyId, {
      name: 'Carla Antiga',
      document: validCpf(201),
      email: 'antiga@exemplo.com',
      notes: 'não mexer',
    });
    const file = [
      'nome,cpf,email',
      `Carla Nova,${validCpf(201)},nova@exemplo.com`,
      `Bruno Novo,${validCpf(202)},`,
    ].join('\n');
    const up = await upload(new TextEncoder().encode(file), 'atualiza.csv');
    expect(up.body.file).toMatchObject({ encoding: 'UTF-8', delimiter: ',' });
    const body = { file_id: up.body.file.id, kind: 'clients', mapping: up.body.mapping, on_duplicate: 'update' };
    expect((await api.dryRun(body)).body).toMatchObject({ valid_rows: 2, existing_rows: 1, invalid_rows: 0 });
    const job = (await api.start(body)).body;
    await runJobs();
    expect((await api.get(job.id)).body).toMatchObject({ status: 'completed', ok_rows: 2 });
    const [after] = await ctx.handle.db.select().from(clients).where(eq(clients.id, existing.id));
    expect(after).toMatchObject({ name: 'Carla Nova', email: 'nova@exemplo.com', notes: 'não mexer' });

    const undone = await api.undo(job.id);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'undone', undone_at: expect.any(String) });
    const [back] = await ctx.handle.db.select().from(clients).where(eq(clients.id, existing.id));
    expect(back).toMatchObject({
      name: 'Carla Antiga',
      email: 'antiga@exemplo.com',
      notes: 'não mexer',
      deleted_at: null,
    });
    const bruno = await ctx.handle.db
      .select()
      .from(clients)
      .where(eq(clients.document, validCpf(202)));
    expect(bruno[0]!.deleted_at).not.toBeNull();
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);

    const twice = await api.undo(job.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(M.undoAlready);
  });
});

describe('the check, counting or keeping the rows', () => {
  it('counts the same valid and existing rows whether it keeps them (the worker) or not (a dry run)', async () => {
    await createClientRow(ctx.handle.db, agencyId, { name: 'Já Cadastrada', document: validCpf(901) });
    const file = [
      'nome;cpf;email',
      `Já Cadastrada;${fmt(validCpf(901))};ja@exemplo.com`,
      `Nova Pessoa;${validCpf(902)};`,
      'Sem Documento;;sem@exemplo.com',
      `Repetida;${validCpf(902)};`,
      'Y;;',
    ].join('\n');
    // A table is checked once (forEachRow lets each row go as it passes): each check reads the file.
    const context = async () => {
      const read = await readImportFile(new TextEncoder().encode(file), 'contagem.csv');
      if (!read.ok) throw new Error(read.message);
      return { agencyId, table: read.table, mapping: { name: 'nome', document: 'cpf', email: 'email' } };
    };
    const lookup: Lookup = (fn) => withTenant(ctx.handle.db, agencyId, fn);
    const kept = await checkClientRows(lookup, await context());
    const counted = await checkClientRows(lookup, { ...(await context()), keepRows: false });
    for (const check of [kept, counted]) {
      expect(check).toMatchObject({ total: 5, valid: 3, existingCount: 1 });
      expect(check.errors.invalidRows).toBe(2);
    }
    expect(kept.create.map((c) => c.name)).toEqual(['Nova Pessoa', 'Sem Documento']);
    expect(kept.existing.map((e) => e.values.name)).toEqual(['Já Cadastrada']);
    expect(counted.create).toEqual([]);
    expect(counted.existing).toEqual([]);
  });
});

describe("the import's request and a recent dry run", () => {
  it('takes the dry run’s counts for the same file, kind and mapping; counts again otherwise; the worker checks again anyway', async () => {
    const cpf = validCpf(950);
    const up = await upload(new TextEncoder().encode(['nome;cpf', `Chegou Depois;${fmt(cpf)}`].join('\n')), 'um.csv');
    const mapping = { name: 'nome', document: 'cpf' };
    const input = { file_id: up.body.file.id, kind: 'clients', mapping };
    expect((await api.dryRun(input)).body).toMatchObject({ valid_rows: 1, existing_rows: 0 });
    // Meanwhile a colleague registers the same person: counted now, there is nothing to import.
    await createClientRow(ctx.handle.db, agencyId, { name: 'Chegou Antes', document: cpf });
    const counted = await api.start({ ...input, mapping: { ...mapping, email: '' } });
    expect(counted.status).toBe(422);
    expect(counted.body.error.message).toBe(M.nothingToImport);

    // The same mapping takes the dry run's answer (one row to write) and queues the job…
    const started = await api.start(input);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await runJobs();
    // …whose worker checks every row again: the person is skipped as already registered, not written twice.
    expect((await api.get(started.body.id)).body).toMatchObject({ status: 'completed', ok_rows: 0, total_rows: 1 });
    const same = await ctx.handle.db
      .select({ name: clients.name })
      .from(clients)
      .where(and(eq(clients.agency_id, agencyId), eq(clients.document, cpf), isNull(clients.deleted_at)));
    expect(same).toEqual([{ name: 'Chegou Antes' }]);

    // A dry run older than the reuse window is not taken: the rows are counted again.
    const again = await upload(new TextEncoder().encode(['nome;cpf', `Chegou Depois;${cpf}`].join('\n')), 'dois.csv');
    const input2 = { file_id: again.body.file.id, kind: 'clients', mapping };
    expect((await api.dryRun(input2)).body).toMatchObject({ valid_rows: 1, existing_rows: 1 });
    await ctx.handle.db.execute(sql`
      UPDATE import_checks SET result = jsonb_set(result, '{existing_rows}', '0'),
        checked_at = now() - make_interval(secs => ${IMPORT_CHECK_REUSE_SECONDS + 1})
      WHERE file_id = ${again.body.file.id}`);
    const stale = await api.start(input2);
    expect(stale.status).toBe(422);
    expect(stale.body.error.message).toBe(M.nothingToImport);
    // Another agency's request finds neither the file nor its check.
    expect((await api.start(input2, other.cookie)).status).toBe(404);
  });
});

describe('undo', () => {
  it('removes exactly the job’s rows, totals equal to a recount; refused while an imported client has an emission', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `Cliente ${i + 1};${validCpf(300 + i)};ativo`);
    const up = await upload(new TextEncoder().encode(['\uFEFFNome;CPF;Status', ...rows].join('\n')), 'quarenta.csv');
    expect(up.body.file).toMatchObject({ encoding: 'UTF-8 (BOM)', rows: 40 });
    const job = (await api.start({ file_id: up.body.file.id, kind: 'clients', mapping: up.body.mapping })).body;
    await runJobs();
    const live = () =>
      ctx.handle.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.import_job_id, job.id), isNull(clients.deleted_at)));
    expect(await live()).toHaveLength(40);
    const totals = await call(ctx.app, 'GET', '/api/v1/clients?limit=1', { cookie });
    const before = totals.body.total as number;

    const [first] = await live();
    const emission = await createEmissionRow(ctx.handle.db, agencyId, first!.id);
    const refused = await api.undo(job.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'UNDO_REFUSED', message: M.undoRefused });
    expect(refused.body.error.details.reasons[0]).toMatch(
      /^Cliente Cliente \d+: usado depois da importação \(1 emissão\(ões\)\)$/,
    );
    expect(await live()).toHaveLength(40);

    await ctx.handle.db.execute(sql`DELETE FROM emissions WHERE id = ${emission.id}`);
    const undone = await api.undo(job.id);
    expect(undone.status).toBe(200);
    expect(await live()).toHaveLength(0);
    const gone = await ctx.handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.import_job_id, job.id), isNotNull(clients.deleted_at)));
    expect(gone).toHaveLength(40);
    expect((await call(ctx.app, 'GET', '/api/v1/clients?limit=1', { cookie })).body.total).toBe(before - 40);
    expect((await call(ctx.app, 'GET', `/api/v1/clients?search=Cliente%2017`, { cookie })).body.total).toBe(0);
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
    expect(await activityRows(ctx.handle.db, { ref_id: job.id, kind: 'import_undone' })).toHaveLength(1);
  });
});

describe('a big file', () => {
  it('is checked without a transaction held open, its progress committed as it goes (PGlite runs one at a time)', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => `Pessoa ${i + 1};${validCpf(10_000 + i)}`);
    const up = await upload(new TextEncoder().encode(['Nome;CPF', ...rows].join('\n')), 'grande.csv');
    expect(up.body.file.rows).toBe(12_000);
    const job = (await api.start({ file_id: up.body.file.id, kind: 'clients', mapping: up.body.mapping })).body;
    // Past PROGRESS_EVERY rows the worker commits its progress between rows: with the check
    // inside a transaction, PGlite's one connection would wait on itself here for ever.
    const progress: string[] = [];
    const watching = (async () => {
      for (;;) {
        const seen = await api.get(job.id);
        progress.push(`${seen.body.phase}:${seen.body.progress}`);
        if (seen.body.status !== 'processing') return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await runJobs();
    await watching;
    expect((await api.get(job.id)).body).toMatchObject({ status: 'completed', ok_rows: 12_000 });
    expect(progress.at(-1)).toBe('done:0');
    expect(await keptFigureMismatches(ctx.handle.db, agencyId)).toEqual([]);
  });
});

describe('files that are not what they say, and limits', () => {
  it.each([
    ['an empty file', new Uint8Array(), 'vazio.csv', M.fileEmpty],
    ['a header only', new TextEncoder().encode('nome;cpf\r\n'), 'cabecalho.csv', M.fileHeaderOnly],
    [
      'a renamed image',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      'foto.csv',
      M.fileNotText,
    ],
    ['an unterminated quote', new TextEncoder().encode('nome;obs\n"Ana;sem fim\n'), 'aspas.csv', null],
  ])('%s: a clear message, nothing kept', async (_what, bytes, name, message) => {
    const before = await ctx.handle.db.select({ id: stored_files.id }).from(stored_files);
    const res = await upload(bytes, name);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('IMPORT_FILE_INVALID');
    if (message) expect(res.body.error.message).toBe(message);
    else expect(res.body.error.message).toMatch(/^Aspas sem fechamento a partir da linha \d+\.$/);
    expect(await ctx.handle.db.select({ id: stored_files.id }).from(stored_files)).toHaveLength(before.length);
  });

  it('10 MB + 1 byte is refused with the limit named; no file at all, too', async () => {
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61);
    const res = await upload(big, 'grande.csv');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(M.fileTooLarge);
    const none = await ctx.app.request('http://localhost/api/v1/imports/files?kind=clients', {
      method: 'POST',
      headers: { cookie },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as any).error.message).toBe(M.fileMissing);
    const kind = await upload(new TextEncoder().encode('nome\nAna'), 'a.csv', 'planetas');
    expect(kind.status).toBe(400);
    expect(kind.body.error.fields.kind).toBe(M.kindInvalid);
  });

  it('a form body anywhere else is still refused (415)', async () => {
    const form = new FormData();
    form.append('name', 'Ana');
    const res = await ctx.app.request('http://localhost/api/v1/clients', {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(res.status).toBe(415);
  });
});

describe('isolation', () => {
  it("another agency's file and job are not found, and its history does not show them", async () => {
    const up = await upload(new TextEncoder().encode('nome\nAna Souza'), 'a.csv');
    const job = (await api.start({ file_id: up.body.file.id, kind: 'clients', mapping: { name: 'nome' } })).body;
    await runJobs();
    const dry = await api.dryRun(
      { file_id: up.body.file.id, kind: 'clients', mapping: { name: 'nome' } },
      other.cookie,
    );
    expect(dry.status).toBe(404);
    expect(dry.body.error.message).toBe(M.fileNotFound);
    expect((await api.get(job.id, other.cookie)).status).toBe(404);
    expect((await api.undo(job.id, other.cookie)).status).toBe(404);
    expect((await api.list(other.cookie)).body.data).toEqual([]);
    expect((await api.get('nao-e-um-id')).status).toBe(404);
    expect((await api.get(job.id)).body.status).toBe('completed');
  });
});

describe('presets', () => {
  it('are saved per user and type, named once, and deleted', async () => {
    const save = (body: unknown, as = cookie) => call(ctx.app, 'POST', '/api/v1/import-presets', { cookie: as, body });
    const created = await save({ kind: 'clients', name: ' Planilha do Excel ', mapping: { name: 'Nome', email: '' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Planilha do Excel', mapping: { name: 'Nome' } });
    const again = await save({ kind: 'clients', name: 'Planilha do Excel', mapping: { name: 'Nome' } });
    expect(again.status).toBe(409);
    expect(again.body.error.fields.name).toBe(M.presetNameTaken);
    const blank = await save({ kind: 'clients', name: '   ', mapping: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.name).toBe(M.presetNameRequired);

    const mine = await call(ctx.app, 'GET', '/api/v1/import-presets?kind=clients', { cookie });
    expect(mine.body.data.map((p: { name: string }) => p.name)).toEqual(['Planilha do Excel']);
    expect((await call(ctx.app, 'GET', '/api/v1/import-presets?kind=lots', { cookie })).body.data).toEqual([]);
    expect((await call(ctx.app, 'GET', '/api/v1/import-presets', { cookie: other.cookie })).body.data).toEqual([]);
    const foreign = await call(ctx.app, 'DELETE', `/api/v1/import-presets/${created.body.id}`, {
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    const removed = await call(ctx.app, 'DELETE', `/api/v1/import-presets/${created.body.id}`, { cookie });
    expect(removed.status).toBe(204);
  });
});

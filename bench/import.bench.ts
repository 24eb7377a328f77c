/**
 * The importer at scale (issue #17's performance section), through the real app in-process, on
 * each engine, into the large-agency data set (the demo generator's agency of 50,000 clients, as
 * `npm run bench clients`):
 *
 * - a generated 100,000-row clients file as Excel in Portuguese saves it: Windows-1252, ";",
 *   CRLF, formatted CPF/CNPJ and phones, dd/mm/aaaa dates, "Ativo"/"Inativo"/"Bloqueado", notes
 *   holding ";" (quoted) and "—" (0x97); new people (CPFs outside the data set's);
 * - upload (POST /imports/files: multipart read, file read, kept), dry run (POST /imports/dry-run),
 *   commit end to end (POST /imports, then the worker — the `imports.run` job, here
 *   runDueImports — until the job is completed; its phases seen by polling GET /imports/:id every
 *   100 ms), undo (POST /imports/:id/undo), then the kept client figures against a recount;
 * - the process's memory (the server runs in this process) sampled every 50 ms during upload,
 *   dry run and commit: the largest growth over the baseline taken before the upload (after a GC),
 *   of the RSS and of the JS heap + external, by phase; on PGlite the database lives in this
 *   process too, so both include the database's;
 * - the yardstick, measured first: the same rows written by one plain multi-row INSERT
 *   (jsonb_to_recordset, as the tenant) into clients of a fresh agency, beside the commit figure
 *   with the ratio; its rows are then deleted and the tables vacuumed, so that the import meets
 *   the tables as the yardstick did (a bigger or bloated clients table makes both slower);
 * - a 100,000-row emissions file (UTF-8 with BOM, ";") of the data set's clients and their
 *   accounts, about 30 % of them taking miles from the accounts' lots, imported the same way when
 *   the server imports emissions (IMPORTABLE_KINDS; otherwise a line says it is skipped); after
 *   its undo, the kept figures and the lots' invariant (brokenLots) against recounts. Its
 *   yardstick, measured first: the same rows (their clients and accounts found, no miles taken) by
 *   one plain multi-row INSERT into emissions of the same agency, rolled back, the tables vacuumed.
 *
 * On PGlite's one connection the polls wait for the worker's transactions, so its phases are not
 * shown there (the profile gives them).
 *
 * Targets on PostgreSQL: dry run ≥ 100,000 rows/s, commit ≥ 20,000 rows/s end to end, undo of
 * 100,000 rows ≤ 10 s, memory growth ≤ 200 MB during the import; PGlite within 3×. When a
 * target of the clients file is missed (or, for both files, with BENCH_IMPORT_PROFILE=1) the
 * phases are timed one by one, in-process: the file read, the rows' check, the write (rolled back).
 *
 *   npm run bench import
 *   BENCH_CLIENTS=5000 BENCH_IMPORT_ROWS=10000 npm run bench import   # a quick run
 *   BENCH_ENGINE=PostgreSQL npm run bench import
 *   BENCH_IMPORT_KINDS=clients npm run bench import    # one of the files (clients, emissions)
 *   BENCH_IMPORT_PROFILE=1 npm run bench import        # the phases timed alone even when targets are met
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { formatCpfOrCnpj, formatPhone } from '../src/domain/documents';
import { todayIso } from '../src/domain/format';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type ImportDryRun,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
  type ImportUpload,
} from '../src/domain/imports/import.schema';
import { PROGRAMS, type ProgramKey } from '../src/domain/programs';
import type { App } from '../src/server/app';
import type { Database, DbHandle } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { withTenant } from '../src/server/db/tenant';
import { createRng, DOMESTIC, INTERNATIONAL, makeClient, type Rng } from '../src/server/demo/generate';
import { checkClientRows, writeClientRows } from '../src/server/imports/client-import';
import { checkEmissionRows, type ImportedEmission, writeEmissionRows } from '../src/server/imports/emission-import';
import { IMPORTABLE_KINDS, runDueImports } from '../src/server/imports/imports.service';
import { readImportFile } from '../src/server/imports/read-file';
import { createAgencyWithUser } from '../src/server/testing/factories/agency.factory';
import { brokenLots, keptFigureMismatches } from '../src/server/testing/invariants';
import { forEachEngine, generatedAgency } from './lib';

const TARGET_DRY_RUN_ROWS_PER_S = 100_000;
const TARGET_COMMIT_ROWS_PER_S = 20_000;
const TARGET_UNDO_S_PER_100K = 10;
const TARGET_MEMORY_MB = 200;
/** PGlite's targets are PostgreSQL's within this factor. */
const PGLITE_FACTOR = 3;
const PROFILE = process.env.BENCH_IMPORT_PROFILE === '1';
const KINDS = (process.env.BENCH_IMPORT_KINDS ?? 'clients,emissions').split(',');

/** Clients of the file are the generator's people from this index on: CPFs the data set does not hold. */
const FILE_PEOPLE_FROM = 1_000_000;

const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (rows: number, ms: number) => `${count(Math.round(rows / (ms / 1000)))} rows/s`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Files as people's spreadsheets have them

/** Windows-1252's 0x80–0x9F, read back from the WHATWG decoder the importer uses. */
const CP1252_HIGH = new Map<string, number>();
{
  const decoder = new TextDecoder('windows-1252');
  for (let b = 0x80; b <= 0x9f; b++) CP1252_HIGH.set(decoder.decode(Uint8Array.of(b)), b);
}

function windows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[i] = code;
    else {
      const high = CP1252_HIGH.get(text[i]!);
      if (high === undefined) throw new Error(`not in Windows-1252: ${text[i]}`);
      bytes[i] = high;
    }
  }
  return bytes;
}

const cell = (s: string) => (/[;"\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const BRL = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MILES = new Intl.NumberFormat('pt-BR');

const CLIENT_HEADERS = [
  'Nome do Cliente',
  'E-mail',
  'CPF/CNPJ',
  'Celular',
  'Data de Nascimento',
  'Situação',
  'Etiquetas',
  'Observação',
];
const CLIENT_MAPPING: ImportMapping = {
  name: 'Nome do Cliente',
  email: 'E-mail',
  document: 'CPF/CNPJ',
  phone: 'Celular',
  birth_date: 'Data de Nascimento',
  status: 'Situação',
  tags: 'Etiquetas',
  notes: 'Observação',
};
const STATUS_WORD = { active: 'Ativo', inactive: 'Inativo', blocked: 'Bloqueado' } as const;

/** What the import writes for a row (the client form's values), for the yardstick. */
interface ClientValues {
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  birth_date: string | null;
  status: string;
  tags: string[];
  notes: string | null;
}

/** `rows` new people of the demo generator as a Windows-1252 ";" CSV, and the values the import should write. */
function clientsFile(rows: number) {
  const rng = createRng(17_100);
  const now = new Date();
  const lines = [CLIENT_HEADERS.join(';')];
  const values: ClientValues[] = [];
  for (let i = 0; i < rows; i++) {
    const c = makeClient(rng, FILE_PEOPLE_FROM + i, now);
    const phone = c.phone
      ? rng.chance(0.1)
        ? `+55 ${c.phone.slice(0, 2)} ${formatPhone(c.phone).slice(5)}`
        : formatPhone(c.phone)
      : '';
    const statusCell = c.status === 'active' && rng.chance(0.3) ? '' : STATUS_WORD[c.status];
    lines.push(
      [
        cell(c.name),
        c.email ?? '',
        c.document ? formatCpfOrCnpj(c.document) : '',
        phone,
        c.birth_date ? brDate(c.birth_date) : '',
        statusCell,
        c.tags.join(', '),
        cell(c.notes ?? ''),
      ].join(';'),
    );
    values.push({
      name: c.name,
      email: c.email,
      phone: c.phone,
      document: c.document,
      birth_date: c.birth_date,
      status: c.status,
      tags: c.tags,
      notes: c.notes,
    });
  }
  return { bytes: windows1252(`${lines.join('\r\n')}\r\n`), values };
}

const EMISSION_HEADERS = [
  'CPF do Cliente',
  'Programa',
  'Conta',
  'Rota',
  'Localizador',
  'Milhas',
  'Taxas (R$)',
  'Receita (R$)',
  'RAV (R$)',
  'Data da Emissão',
  'Situação',
  'Baixa milhas',
];
const EMISSION_MAPPING: ImportMapping = {
  client: 'CPF do Cliente',
  program: 'Programa',
  account_number: 'Conta',
  route: 'Rota',
  pnr: 'Localizador',
  miles: 'Milhas',
  fees: 'Taxas (R$)',
  revenue: 'Receita (R$)',
  rav: 'RAV (R$)',
  issued_on: 'Data da Emissão',
  status: 'Situação',
  takes_miles: 'Baixa milhas',
};

interface HeldAccount {
  client_id: string;
  account_id: string;
  document: string | null;
  email: string | null;
  program: ProgramKey;
  account_number: string;
  /** Miles left in the account's lots that have not expired. */
  miles: number;
}

/** A file's row as the yardstick writes it: what the import reads of it, and its moment. */
type EmissionValues = Pick<
  ImportedEmission,
  'client_id' | 'account_id' | 'pnr' | 'route' | 'miles_used' | 'fees_cents' | 'revenue_cents' | 'rav_cents'
> & { status: 'issued' | 'cancelled'; at: string };

const PNR_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const pnr = (rng: Rng) => Array.from({ length: 6 }, () => PNR_CHARS[rng.int(0, PNR_CHARS.length - 1)]).join('');

/**
 * `rows` emissions of the agency's clients in their own accounts, as an agency's spreadsheet of
 * past sales has them (UTF-8 with BOM, ";"): the client by formatted CPF (by e-mail when it has
 * none, and only when no other client has that e-mail), the program by its name, amounts and dates in pt-BR, a third without PNR. About 30 % take their miles from the
 * account's lots ("Sim"), never more than the lots hold; the others are history ("Não").
 */
async function emissionsFile(db: Database, agencyId: string, rows: number) {
  const accounts = rowsOf<HeldAccount>(
    await db.execute(sql`
      SELECT c.id AS client_id, a.id AS account_id, c.document, c.email, a.program, a.account_number,
        coalesce((SELECT sum(l.remaining_quantity) FROM mile_lots l
          WHERE l.agency_id = a.agency_id AND l.account_id = a.id AND l.deleted_at IS NULL
            AND (l.expiry_date IS NULL OR l.expiry_date >= ${todayIso()}::date)), 0)::int AS miles
      FROM loyalty_accounts a JOIN clients c ON c.agency_id = a.agency_id AND c.id = a.client_id
      WHERE a.agency_id = ${agencyId} AND a.deleted_at IS NULL AND c.deleted_at IS NULL
        AND (c.document IS NOT NULL OR lower(c.email) IN (
          SELECT lower(email) FROM clients WHERE agency_id = ${agencyId} AND deleted_at IS NULL AND email IS NOT NULL
          GROUP BY 1 HAVING count(*) = 1))
      ORDER BY c.sort_name, a.program`),
  );
  if (accounts.length === 0) throw new Error('the data set has no client accounts to refer to');
  const rng = createRng(17_200);
  const now = Date.now();
  const lines = [EMISSION_HEADERS.join(';')];
  /** Each row as the yardstick writes it: its client and account found, its amounts in centavos. */
  const values: EmissionValues[] = [];
  let takesMiles = 0;
  for (let i = 0; i < rows; i++) {
    const account = accounts[rng.int(0, accounts.length - 1)]!;
    const international = rng.chance(0.2);
    const origin = rng.pick(DOMESTIC);
    let dest: string = international ? rng.pick(INTERNATIONAL) : rng.pick(DOMESTIC);
    if (dest === origin) dest = origin === 'GRU' ? 'REC' : 'GRU';
    const route = `${origin}-${dest}${rng.chance(0.5) ? `-${origin}` : ''}`;
    const miles = (international ? rng.int(30, 150) : rng.int(5, 40)) * 1000;
    const fees = (international ? rng.int(350, 1400) : rng.int(45, 160)) * 100 + rng.int(0, 99);
    const rav = rng.chance(0.55) ? rng.int(3, 15) * 1000 : 0;
    const revenue = Math.round(miles * rng.int(20, 40) * 0.1) + fees + rav;
    const takes = rng.chance(0.3) && account.miles >= miles;
    if (takes) {
      account.miles -= miles;
      takesMiles += 1;
    }
    // A blank status is "Emitida" (and keeps the 100,000-row file under the 10 MB limit).
    const status = rng.weighted([
      ['Emitida', 45],
      ['', 50],
      ['Cancelada', 5],
    ] as const);
    const program = rng.chance(0.8) ? PROGRAMS[account.program].name : account.program.toLowerCase();
    const booking = rng.chance(0.7) ? pnr(rng) : '';
    const day = new Date(now - rng.int(1, 540) * 86_400_000).toISOString().slice(0, 10);
    values.push({
      client_id: account.client_id,
      account_id: account.account_id,
      pnr: booking || null,
      route,
      miles_used: miles,
      fees_cents: fees,
      revenue_cents: revenue,
      rav_cents: rav,
      status: status === 'Cancelada' ? 'cancelled' : 'issued',
      at: `${day} 12:00:00-03`,
    });
    lines.push(
      [
        account.document ? formatCpfOrCnpj(account.document) : account.email!,
        program,
        account.account_number,
        route,
        booking,
        MILES.format(miles),
        BRL.format(fees / 100),
        BRL.format(revenue / 100),
        rav === 0 ? '0,00' : BRL.format(rav / 100),
        brDate(day),
        status,
        takes ? 'Sim' : 'Não',
      ]
        .map(cell)
        .join(';'),
    );
  }
  const bytes = new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
  return { bytes, accounts: accounts.length, takesMiles, values };
}

// ---------------------------------------------------------------------------------------------
// Memory: the process's, sampled every 50 ms

const gc: (() => void) | undefined = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
})();

interface MemoryGrowth {
  /** Largest growth over the baseline, in bytes: RSS, and the JS heap + external (Buffers) together. */
  rss: number;
  js: number;
  baseRss: number;
  peakRss: number;
  /** The phase that held the largest heap + external. */
  jsPhase: string;
  /** Each phase's largest heap + external growth. */
  phases: [string, number][];
}

/**
 * process.memoryUsage() every 50 ms (and at each phase change) against a baseline taken after a
 * full GC. Both figures are kept: RSS understates the growth when the process already holds
 * freed heap (the data set's generation leaves some), heap + external counts garbage not yet
 * collected; the verdict takes the larger.
 */
function memorySampler() {
  gc?.();
  gc?.();
  const base = process.memoryUsage();
  const baseJs = base.heapUsed + base.external;
  let phase = 'baseline';
  let peakRss = base.rss;
  const peakJs = new Map<string, number>();
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakJs.set(phase, Math.max(peakJs.get(phase) ?? 0, m.heapUsed + m.external - baseJs));
  };
  const timer = setInterval(sample, 50);
  return {
    phase(name: string) {
      sample();
      phase = name;
    },
    stop(): MemoryGrowth {
      clearInterval(timer);
      sample();
      const phases = [...peakJs].filter(([name]) => name !== 'baseline');
      const [jsPhase, js] = phases.reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
      return { rss: peakRss - base.rss, js, baseRss: base.rss, peakRss, jsPhase, phases };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One import through the API

interface ImportFigures {
  rows: number;
  uploadMs: number;
  dryRunMs: number;
  dryRun: ImportDryRun;
  startMs: number;
  workerMs: number;
  /** The worker's phases as GET /imports/:id showed them, in ms. */
  phases: [string, number][];
  job: ImportJob;
  memory: MemoryGrowth;
  undoMs?: number;
  undone?: ImportJob;
}

function api(app: App, cookie: string) {
  const request = async <T>(method: string, path: string, body?: unknown, expect = 200): Promise<T> => {
    const res = await app.request(`http://localhost/api/v1${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status !== expect) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const upload = async (kind: ImportKind, name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    const res = await app.request(`http://localhost/api/v1/imports/files?kind=${kind}`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload → ${res.status}: ${await res.text()}`);
    return (await res.json()) as ImportUpload;
  };
  return { request, upload };
}

async function importThroughApi(
  handle: DbHandle,
  app: App,
  cookie: string,
  { kind, name, bytes, mapping }: { kind: ImportKind; name: string; bytes: Uint8Array; mapping: ImportMapping },
): Promise<ImportFigures> {
  const { request, upload } = api(app, cookie);
  const memory = memorySampler();

  memory.phase('upload');
  let t = performance.now();
  const uploaded = await upload(kind, name, bytes);
  const uploadMs = performance.now() - t;
  const rows = uploaded.file.rows;

  const run = { file_id: uploaded.file.id, kind, mapping };
  memory.phase('dry run');
  t = performance.now();
  const dryRun = await request<ImportDryRun>('POST', '/imports/dry-run', run);
  const dryRunMs = performance.now() - t;
  if (dryRun.invalid_rows > 0) {
    console.log(
      `           the dry run found ${count(dryRun.invalid_rows)} invalid row(s), e.g.`,
      dryRun.errors.slice(0, 3),
    );
  }

  memory.phase('start');
  t = performance.now();
  const started = await request<ImportJob>('POST', '/imports', { ...run, only_valid: true }, 201);
  const startMs = performance.now() - t;

  const seen: { phase: string; at: number }[] = [{ phase: started.phase, at: performance.now() }];
  const polling = { on: true };
  const poller = (async () => {
    while (polling.on) {
      const job = await request<ImportJob>('GET', `/imports/${started.id}`);
      if (seen.at(-1)!.phase !== job.phase) seen.push({ phase: job.phase, at: performance.now() });
      await sleep(100);
    }
  })();
  memory.phase('worker');
  t = performance.now();
  while ((await runDueImports(handle.db)) > 0);
  const workerEnd = performance.now();
  const workerMs = workerEnd - t;
  polling.on = false;
  await poller;
  const job = await request<ImportJob>('GET', `/imports/${started.id}`);
  const growth = memory.stop();
  seen.push({ phase: job.phase, at: workerEnd });
  const phases: [string, number][] = [];
  for (let i = 1; i < seen.length; i++) phases.push([seen[i - 1]!.phase, seen[i]!.at - seen[i - 1]!.at]);

  const figures: ImportFigures = { rows, uploadMs, dryRunMs, dryRun, startMs, workerMs, phases, job, memory: growth };
  if (job.status !== 'completed') return figures;

  t = performance.now();
  figures.undone = await request<ImportJob>('POST', `/imports/${job.id}/undo`);
  figures.undoMs = performance.now() - t;
  return figures;
}

function printFigures(engine: string, f: ImportFigures, factor: number, yardstickMs?: number) {
  const pad = ''.padEnd(10);
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const commitMs = f.startMs + f.workerMs;
  const dryTarget = TARGET_DRY_RUN_ROWS_PER_S / factor;
  const commitTarget = TARGET_COMMIT_ROWS_PER_S / factor;
  const undoTargetMs = ((TARGET_UNDO_S_PER_100K * 1000 * factor) / 100_000) * f.rows;
  const memoryTarget = TARGET_MEMORY_MB * factor;
  const verdicts: boolean[] = [];
  const line = (label: string, figure: string, target?: string, ok?: boolean) => {
    if (ok !== undefined) verdicts.push(ok);
    console.log(
      `${pad} ${label.padEnd(44)} ${figure.padEnd(34)}${target ? ` target ${target}${ok === undefined ? '' : `: ${mark(ok)}`}` : ''}`,
    );
  };
  line('upload (multipart, file read, stored)', `${seconds(f.uploadMs)} (${perSecond(f.rows, f.uploadMs)})`);
  line(
    `dry run (${count(f.dryRun.valid_rows)} valid, ${count(f.dryRun.existing_rows)} existing)`,
    `${seconds(f.dryRunMs)} = ${perSecond(f.rows, f.dryRunMs)}`,
    `≥ ${count(Math.round(dryTarget))} rows/s`,
    f.rows / (f.dryRunMs / 1000) >= dryTarget,
  );
  line('commit: POST /imports (read + check)', seconds(f.startMs));
  // On PGlite's one connection the polls wait for the worker's transactions: its phases are not seen.
  const phases =
    engine !== 'PGlite' && f.phases.length > 1
      ? `  [${f.phases.map(([p, ms]) => `${p} ${seconds(ms)}`).join(', ')}]`
      : '';
  line(`commit: worker until ${f.job.status}`, `${seconds(f.workerMs)}${phases}`);
  if (f.job.status !== 'completed') {
    line('the job', `${f.job.status}: ${f.job.message ?? ''}`, 'completed', false);
    return false;
  }
  line(
    `commit end to end (${count(f.job.ok_rows)} rows written)`,
    `${seconds(commitMs)} = ${perSecond(f.job.ok_rows, commitMs)}`,
    `≥ ${count(Math.round(commitTarget))} rows/s`,
    f.job.ok_rows / (commitMs / 1000) >= commitTarget,
  );
  if (yardstickMs !== undefined) {
    console.log(
      `${pad} ${'yardstick: one plain multi-row INSERT'.padEnd(44)} ${`${seconds(yardstickMs)} = ${perSecond(f.job.ok_rows, yardstickMs)}`.padEnd(34)}` +
        ` the commit takes ${(commitMs / yardstickMs).toFixed(1)}× its time`,
    );
  }
  if (f.undoMs !== undefined) {
    line(
      `undo (${f.undone?.status})`,
      `${seconds(f.undoMs)} = ${perSecond(f.job.ok_rows, f.undoMs)}`,
      `≤ ${seconds(undoTargetMs)}`,
      f.undoMs <= undoTargetMs && f.undone?.status === 'undone',
    );
  }
  line(
    'memory growth, upload + dry run + commit',
    `RSS +${mb(f.memory.rss)} (${mb(f.memory.baseRss)} → ${mb(f.memory.peakRss)}), heap + external +${mb(f.memory.js)}`,
    `≤ ${memoryTarget} MB${engine === 'PGlite' ? ' (the database is in the process)' : ''}`,
    Math.max(f.memory.rss, f.memory.js) <= memoryTarget * MB,
  );
  line('', `heap + external by phase: ${f.memory.phases.map(([p, b]) => `${p} +${mb(b)}`).join(', ')}`);
  return verdicts.every(Boolean);
}

// ---------------------------------------------------------------------------------------------
// The yardstick and the phases one by one

const RECORD_COLUMNS = sql.raw(
  `name text, email text, phone text, document text, birth_date date, status text, tags text[], notes text`,
);

/**
 * The rows in one INSERT … SELECT FROM jsonb_to_recordset, as the tenant, into a fresh agency;
 * then deleted and the tables vacuumed, so that the import meets the tables as this did.
 */
async function plainInsertMs(db: Database, values: ClientValues[]) {
  const { agency } = await createAgencyWithUser(db);
  const json = JSON.stringify(values);
  const t = performance.now();
  await withTenant(db, agency.id, (tx) =>
    tx.execute(sql`
      INSERT INTO clients (agency_id, name, email, phone, document, birth_date, status, tags, notes)
      SELECT ${agency.id}, r.name, r.email, r.phone, r.document, r.birth_date, r.status, r.tags, r.notes
      FROM jsonb_to_recordset(${json}::jsonb) AS r(${RECORD_COLUMNS})`),
  );
  const ms = performance.now() - t;
  await db.execute(sql`DELETE FROM clients WHERE agency_id = ${agency.id}`);
  for (const table of ['clients', 'client_figures', 'client_totals']) {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
  return ms;
}

class Rollback extends Error {}

/**
 * The emissions' yardstick: the file's rows (their clients and accounts as the import finds them;
 * no miles taken, no margin worked out) in one INSERT … SELECT FROM jsonb_to_recordset, as the
 * tenant, into the same agency (their foreign keys), rolled back; the tables vacuumed after it, so
 * that the import meets them as this did.
 */
async function plainEmissionInsertMs(db: Database, agencyId: string, values: EmissionValues[]) {
  const json = JSON.stringify(values);
  let ms = 0;
  try {
    await withTenant(db, agencyId, async (tx) => {
      const t = performance.now();
      await tx.execute(sql`
        INSERT INTO emissions (agency_id, client_id, account_id, pnr, route, miles_used, fees_cents, revenue_cents,
          rav_cents, miles_cost_cents, margin_cents, status, created_at, submitted_at, issued_at, cancelled_at)
        SELECT ${agencyId}, r.client_id, r.account_id, r.pnr, r.route, r.miles_used, r.fees_cents, r.revenue_cents,
          r.rav_cents, 0, r.revenue_cents - r.fees_cents, r.status, r.at, r.at,
          CASE WHEN r.status = 'issued' THEN r.at END, CASE WHEN r.status = 'cancelled' THEN r.at END
        FROM jsonb_to_recordset(${json}::jsonb) AS r(client_id uuid, account_id uuid, pnr text, route text,
          miles_used int, fees_cents bigint, revenue_cents bigint, rav_cents bigint, status text, at timestamptz)`);
      ms = performance.now() - t;
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  for (const table of ['emissions', 'client_figures', 'emission_days', 'emission_totals']) {
    await db.execute(sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
  return ms;
}

/**
 * The file read (readImportFile), the rows checked (check*Rows) and written (write*Rows, in a
 * transaction rolled back), each timed alone, in-process, as the tenant.
 */
async function profilePhases(db: Database, agencyId: string, kind: 'clients' | 'emissions', bytes: Uint8Array) {
  const pad = ''.padEnd(10);
  let t = performance.now();
  const read = await readImportFile(bytes, `${kind}.csv`);
  const readMs = performance.now() - t;
  if (!read.ok) throw new Error(read.message);
  const table = read.table;
  const today = todayIso();
  let checkMs = 0;
  let writeMs = 0;
  let written = 0;
  try {
    await withTenant(db, agencyId, async (tx) => {
      const [job] = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO import_jobs (agency_id, kind, file_name, file_size, total_rows, mapping, status)
          VALUES (${agencyId}, ${kind}, 'profile.csv', ${bytes.byteLength}, ${table.rows.length}, '{}'::jsonb, 'processing')
          RETURNING id`),
      );
      const jobId = job!.id;
      if (kind === 'clients') {
        t = performance.now();
        const check = await checkClientRows((fn) => fn(tx), { agencyId, table, mapping: CLIENT_MAPPING });
        checkMs = performance.now() - t;
        t = performance.now();
        const w = await writeClientRows(tx, { agencyId, jobId, check, mapping: CLIENT_MAPPING, onDuplicate: 'skip' });
        writeMs = performance.now() - t;
        written = w.inserted;
      } else {
        t = performance.now();
        const check = await checkEmissionRows((fn) => fn(tx), { agencyId, table, mapping: EMISSION_MAPPING, today });
        checkMs = performance.now() - t;
        t = performance.now();
        const w = await writeEmissionRows(tx, { agencyId, userId: null, jobId, check, today });
        writeMs = performance.now() - t;
        written = w.inserted;
      }
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  const rows = table.rows.length;
  const label = (s: string) => `${pad}   ${s.padEnd(50)}`;
  console.log(`${pad} profile, each phase alone in-process (the write rolled back):`);
  console.log(
    `${label('readImportFile (decode + papaparse)')} ${seconds(readMs).padEnd(9)} ${perSecond(rows, readMs)}`,
  );
  console.log(
    `${label(`check${kind === 'clients' ? 'Client' : 'Emission'}Rows`)} ${seconds(checkMs).padEnd(9)} ${perSecond(rows, checkMs)}`,
  );
  console.log(
    `${label(`write${kind === 'clients' ? 'Client' : 'Emission'}Rows (${count(written)} rows, 5,000 a statement)`)} ${seconds(writeMs).padEnd(9)} ${perSecond(written, writeMs)}`,
  );
}

// ---------------------------------------------------------------------------------------------

interface KindBench {
  engine: string;
  handle: DbHandle;
  app: App;
  agencyId: string;
  cookie: string;
  rows: number;
  factor: number;
}

const kept = (off: unknown[]) => (off.length === 0 ? 'ok' : `${off.length} differ, e.g. ${JSON.stringify(off[0])}`);

/** The clients file: yardstick, import, undo, the kept figures; whether every target was met. */
async function benchClients({ engine, handle, app, agencyId, cookie, rows, factor }: KindBench) {
  const t = performance.now();
  const clients = clientsFile(rows);
  console.log(
    `${engine.padEnd(10)} clients file: ${count(rows)} rows, Windows-1252, ";", ${mb(clients.bytes.byteLength)} ` +
      `(limit ${mb(IMPORT_MAX_BYTES)}), generated in ${seconds(performance.now() - t)}`,
  );
  if (clients.bytes.byteLength > IMPORT_MAX_BYTES) throw new Error('the clients file is over the upload limit');
  const yardstickMs = await plainInsertMs(handle.db, clients.values);
  const figures = await importThroughApi(handle, app, cookie, {
    kind: 'clients',
    name: 'clientes.csv',
    bytes: clients.bytes,
    mapping: CLIENT_MAPPING,
  });
  let ok = printFigures(engine, figures, factor, yardstickMs);
  const [live] = rowsOf<{ n: number }>(
    await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM clients WHERE agency_id = ${agencyId} AND import_job_id = ${figures.job.id} AND deleted_at IS NULL`,
    ),
  );
  const check = `${kept(await keptFigureMismatches(handle.db, agencyId))}${live!.n === 0 ? '' : `; ${live!.n} imported clients still live`}`;
  console.log(`${''.padEnd(10)} ${'after the undo: client totals = a recount'.padEnd(44)} ${check}`);
  ok &&= check === 'ok';
  if (!ok || PROFILE) await profilePhases(handle.db, agencyId, 'clients', clients.bytes);
  return ok;
}

/** The emissions file, once the server imports emissions: import, undo, kept figures and lots. */
async function benchEmissions({ engine, handle, app, agencyId, cookie, rows, factor }: KindBench) {
  const t = performance.now();
  const emissions = await emissionsFile(handle.db, agencyId, rows);
  console.log(
    `${engine.padEnd(10)} emissions file: ${count(rows)} rows over ${count(emissions.accounts)} client accounts ` +
      `(${count(emissions.takesMiles)} taking miles), UTF-8 with BOM, ";", ${mb(emissions.bytes.byteLength)} ` +
      `(limit ${mb(IMPORT_MAX_BYTES)}), generated in ${seconds(performance.now() - t)}`,
  );
  if (!IMPORTABLE_KINDS.includes('emissions')) {
    console.log(
      `${''.padEnd(10)} emissions: not importable yet (IMPORTABLE_KINDS = ${IMPORTABLE_KINDS.join(', ')}): skipped`,
    );
    return true;
  }
  if (Object.keys(EMISSION_MAPPING).some((k) => !IMPORT_FIELDS.emissions.some((f) => f.key === k))) {
    throw new Error('EMISSION_MAPPING names a field IMPORT_FIELDS.emissions does not have');
  }
  if (emissions.bytes.byteLength > IMPORT_MAX_BYTES) throw new Error('the emissions file is over the upload limit');
  const yardstickMs = await plainEmissionInsertMs(handle.db, agencyId, emissions.values);
  const figures = await importThroughApi(handle, app, cookie, {
    kind: 'emissions',
    name: 'emissoes.csv',
    bytes: emissions.bytes,
    mapping: EMISSION_MAPPING,
  });
  let ok = printFigures(engine, figures, factor, yardstickMs);
  const figuresOff = await keptFigureMismatches(handle.db, agencyId);
  const lotsOff = await brokenLots(handle.db, agencyId);
  console.log(
    `${''.padEnd(10)} ${'after the undo: kept figures, lots = recounts'.padEnd(44)} ${kept(figuresOff)}, lots ${kept(lotsOff)}`,
  );
  ok &&= figuresOff.length === 0 && lotsOff.length === 0;
  // Not on a missed target alone: each check of this file takes minutes while the client lookup is quadratic.
  if (PROFILE) await profilePhases(handle.db, agencyId, 'emissions', emissions.bytes);
  return ok;
}

export async function runImportBench() {
  const scale = Number(process.env.BENCH_CLIENTS ?? 50_000);
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  console.log(
    `\n# Import: ${count(rows)}-row files (${KINDS.join(', ')}) into an agency of ${count(scale)} clients, through the app in-process`,
  );
  let failed = false;
  await forEachEngine(async (engine, handle, app) => {
    const { mine, gen, cookie } = await generatedAgency(handle, app, scale);
    console.log(
      `${engine.padEnd(10)} data set: ${count(gen.clients)} clients, ${count(gen.loyaltyAccounts)} accounts, ` +
        `${count(gen.lots)} lots, ${count(gen.emissions)} emissions (${seconds(gen.ms)})`,
    );
    const bench: KindBench = {
      engine,
      handle,
      app,
      agencyId: mine.agency.id,
      cookie,
      rows,
      factor: engine === 'PGlite' ? PGLITE_FACTOR : 1,
    };
    if (KINDS.includes('clients') && !(await benchClients(bench))) failed = true;
    if (KINDS.includes('emissions') && !(await benchEmissions(bench))) failed = true;
  });
  if (failed) process.exitCode = 1;
}

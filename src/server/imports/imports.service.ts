import type { Logger } from 'pino';
import { autoMap } from '../../domain/imports/auto-map';
import {
  IMPORT_ERRORS_SHOWN,
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PRESETS_MAX,
  importCommitInputSchema,
  importPresetInputSchema,
  importRunInputSchema,
  type ImportDryRun,
  type ImportDuplicateAction,
  type ImportJob,
  type ImportMapping,
  type ImportKind,
  type ImportPreset,
  type ImportRowError,
  type ImportRunInput,
  type ImportUpload,
} from '../../domain/imports/import.schema';
import { cleanMapping, mappingErrors } from '../../domain/imports/mapping';
import { toCsv } from '../../domain/csv';
import { formatNumber, todayIso } from '../../domain/format';
import { isAdmin, type UserRole } from '../../domain/auth/roles';
import { TEAM_MESSAGES } from '../../domain/team/team.schema';
import { recordActivity } from '../activity/activity.queries';
import type { Database, Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { withTenant } from '../db/tenant';
import { getStoredFileMeta, readStoredFile, storeFile } from '../files/files.queries';
import { AppError } from '../http/errors';
import { parseOrThrow } from '../http/validate';
import {
  checkClientRows,
  clientUndoRefusals,
  undoClientRows,
  writeClientRows,
  type ClientRowsCheck,
} from './client-import';
import type { CheckContext, Lookup, RowErrors } from './import-values';
import {
  checkEmissionRows,
  emissionUndoRefusals,
  undoEmissionRows,
  writeEmissionRows,
  type EmissionRowsCheck,
} from './emission-import';
import { checkLotRows, lotUndoRefusals, undoLotRows, writeLotRows, type LotRowsCheck } from './lot-import';
import {
  claimImportJobs,
  countImportPresets,
  deleteImportPreset,
  finishImportJob,
  findPreviousImport,
  getImportJob,
  insertImportJob,
  insertImportPreset,
  listImportJobs,
  listImportPresets,
  lockImportJob,
  markImportUndone,
  recentImportCheck,
  releaseImportJob,
  saveImportCheck,
  setImportProgress,
} from './imports.queries';
import { readImportFile, type ImportTable } from './read-file';

const M = IMPORT_MESSAGES;

interface Actor {
  agencyId: string;
  userId: string | null;
}

/** The request's agency and calendar day (c.var.today: the test clock of decision 0005 applies). */
interface RequestScope {
  agencyId: string;
  today: string;
}

/** Errors kept on the job (its history); the dry run's CSV has them all. */
const IMPORT_ERRORS_KEPT = 1000;

export const importError = (
  code: string,
  message: string,
  status: 400 | 404 | 409 | 413 | 422 = 400,
  details?: Record<string, unknown>,
) => new AppError(code, message, { status, details });

const jobNotFound = () => importError('IMPORT_NOT_FOUND', M.jobNotFound, 404);
const fileNotFound = () => importError('IMPORT_FILE_NOT_FOUND', M.fileNotFound, 404);

/** The kinds whose rows this server imports today; the others are refused at upload, saying so. */
export const IMPORTABLE_KINDS: readonly ImportKind[] = ['clients', 'lots', 'emissions'];

function assertImportable(kind: ImportKind) {
  if (!IMPORTABLE_KINDS.includes(kind)) {
    throw importError(
      'IMPORT_KIND_UNAVAILABLE',
      `A importação de ${IMPORT_KIND_LABELS[kind].toLowerCase()} ainda não está disponível.`,
    );
  }
}

/** POST /imports/files: the file read, kept, and the mapping suggested for `kind`. */
export async function uploadImportFile(
  db: Db,
  actor: Actor,
  { kind, name, bytes }: { kind: ImportKind; name: string; bytes: Uint8Array },
): Promise<ImportUpload> {
  assertImportable(kind);
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw importError('PAYLOAD_TOO_LARGE', M.fileTooLarge, 413);
  // Read whole and checked, but only the preview's rows kept: the check reads the stored file again.
  const read = await readImportFile(bytes, name, { keepRows: IMPORT_PREVIEW_ROWS });
  if (!read.ok) throw importError('IMPORT_FILE_INVALID', read.message);
  const { table } = read;
  const contentType =
    table.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const stored = await storeFile(db, { ...actor, purpose: 'import', name, contentType, bytes });
  const previous = await findPreviousImport(db, { agencyId: actor.agencyId, sha256: stored.sha256 });
  return {
    file: {
      id: stored.id,
      name,
      size: stored.size,
      format: table.format,
      encoding: table.encoding,
      delimiter: table.delimiter,
      rows: table.rowCount,
      headers: table.headers,
      preview: table.rows,
    },
    mapping: autoMap(IMPORT_FIELDS[kind], table.headers),
    previous_import: previous,
  };
}

/** A request's lookups go through its own transaction. */
const inRequest =
  (db: Db): Lookup =>
  (fn) =>
    fn(db);

/**
 * The stored file read (its bytes fetched through `lookup`; read outside any transaction). Its
 * description is returned without its bytes, which are let go once read: the request that queues
 * a job holds the description while it checks the rows (10 MB less held through the check).
 */
async function loadTable(lookup: Lookup, agencyId: string, fileId: string) {
  const stored = await lookup((db) => readStoredFile(db, { agencyId, id: fileId }));
  if (!stored) throw fileNotFound();
  const { content, ...file } = stored;
  const read = await readImportFile(content, file.name);
  if (!read.ok) throw importError('IMPORT_FILE_INVALID', read.message);
  return { file, table: read.table };
}

interface WriteContext {
  agencyId: string;
  userId: string | null;
  jobId: string;
  mapping: ImportMapping;
  onDuplicate: ImportDuplicateAction;
  today: string;
}

interface Written {
  inserted: number;
  updated: number;
  /** Rows as they were before the job updated them (for the undo). */
  previous: unknown[];
}

/** What each kind of import does with its rows: check them, write them, say why they cannot go, undo them. */
interface Importer<C> {
  check(lookup: Lookup, context: CheckContext): Promise<C>;
  counts(check: C): { valid: number; existing: number; errors: RowErrors };
  write(tx: Db, check: C, context: WriteContext): Promise<Written>;
  undoRefusals(tx: Db, job: { agencyId: string; jobId: string }): Promise<string[]>;
  undo(tx: Db, job: { agencyId: string; jobId: string; previous: unknown[]; today: string }): Promise<number>;
  /** "3 criado(s), 1 atualizado(s)" for the activity line. */
  describe(written: Written, check: C, onDuplicate: ImportDuplicateAction): string;
}

const clientImporter: Importer<ClientRowsCheck> = {
  check: (lookup, c) => checkClientRows(lookup, c),
  counts: (c) => ({ valid: c.valid, existing: c.existingCount, errors: c.errors }),
  write: (tx, check, c) => writeClientRows(tx, { ...c, check }),
  undoRefusals: (tx, job) => clientUndoRefusals(tx, job),
  undo: (tx, job) => undoClientRows(tx, job),
  describe: (w, check, onDuplicate) => {
    const skipped = onDuplicate === 'skip' ? check.existing.length : 0;
    return [
      `${formatNumber(w.inserted)} cliente(s) criado(s)`,
      w.updated > 0 ? `${formatNumber(w.updated)} atualizado(s)` : '',
      skipped > 0 ? `${formatNumber(skipped)} já cadastrado(s)` : '',
    ]
      .filter(Boolean)
      .join(', ');
  },
};

const lotImporter: Importer<LotRowsCheck> = {
  check: (lookup, c) => checkLotRows(lookup, c),
  counts: (c) => ({ valid: c.create.length, existing: 0, errors: c.errors }),
  write: async (tx, check, c) => ({ ...(await writeLotRows(tx, { ...c, check })), updated: 0, previous: [] }),
  undoRefusals: (tx, job) => lotUndoRefusals(tx, job),
  undo: (tx, job) => undoLotRows(tx, job),
  describe: (w) => `${formatNumber(w.inserted)} lote(s) criado(s)`,
};

const emissionImporter: Importer<EmissionRowsCheck> = {
  check: (lookup, c) => checkEmissionRows(lookup, c),
  counts: (c) => ({ valid: c.valid, existing: 0, errors: c.errors }),
  write: async (tx, check, c) => ({ ...(await writeEmissionRows(tx, { ...c, check })), updated: 0, previous: [] }),
  undoRefusals: (tx, job) => emissionUndoRefusals(tx, job),
  undo: (tx, job) => undoEmissionRows(tx, job),
  describe: (w) => `${formatNumber(w.inserted)} emissão(ões) criada(s)`,
};

const IMPORTERS: Partial<Record<ImportKind, Importer<unknown>>> = {
  clients: clientImporter as Importer<unknown>,
  lots: lotImporter as Importer<unknown>,
  emissions: emissionImporter as Importer<unknown>,
};

function importerOf(kind: ImportKind): Importer<unknown> {
  const importer = IMPORTERS[kind];
  if (!importer) assertImportable(kind);
  return importer!;
}

interface Checked {
  table: ImportTable;
  mappingErrors: ImportRowError[];
  rows?: unknown;
}

async function checkRows(
  lookup: Lookup,
  agencyId: string,
  input: ImportRunInput,
  table: ImportTable,
  today: string,
  { onProgress, keepRows = true }: Pick<CheckContext, 'onProgress' | 'keepRows'> = {},
): Promise<Checked> {
  const mapping = cleanMapping(input.kind, input.mapping);
  const problems = mappingErrors(input.kind, input.mapping, table.headers);
  if (problems.length > 0) return { table, mappingErrors: problems };
  const rows = await importerOf(input.kind).check(lookup, { agencyId, table, mapping, today, onProgress, keepRows });
  return { table, mappingErrors: [], rows };
}

function summary(kind: ImportKind, checked: Checked): ImportDryRun & { all: ImportRowError[] } {
  const total = checked.table.rows.length;
  if (checked.mappingErrors.length > 0 || checked.rows === undefined) {
    return {
      total_rows: total,
      valid_rows: 0,
      invalid_rows: total,
      existing_rows: 0,
      error_count: checked.mappingErrors.length,
      errors: checked.mappingErrors.slice(0, IMPORT_ERRORS_SHOWN),
      all: checked.mappingErrors,
    };
  }
  const { valid, existing, errors } = importerOf(kind).counts(checked.rows);
  const all = errors.sorted();
  return {
    total_rows: total,
    valid_rows: valid,
    invalid_rows: errors.invalidRows,
    existing_rows: existing,
    error_count: all.length,
    errors: all.slice(0, IMPORT_ERRORS_SHOWN),
    all,
  };
}

/**
 * How long the request that queues an import takes a dry run's counts for its file instead of
 * checking the rows again: the wizard's moment between "Validar" and "Importar". The agency's
 * records may change meanwhile, as they may between that request and the worker: the worker checks
 * every row again before writing, and refuses (or leaves out, with only the valid rows) what no
 * longer fits.
 */
export const IMPORT_CHECK_REUSE_SECONDS = 600;

/** What a check's answer depends on besides the file and the agency's records: kind, day, mapping. */
function importCheckKey(input: Pick<ImportRunInput, 'kind' | 'mapping'>, today: string) {
  const mapping = Object.entries(input.mapping).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([input.kind, today, mapping]);
}

/** Every row checked against the agency's records as they are now, counted (no rows kept). */
async function countRows(db: Db, agencyId: string, input: ImportRunInput, today: string) {
  const lookup = inRequest(db);
  const { file, table } = await loadTable(lookup, agencyId, input.file_id);
  const { all: _all, ...result } = summary(
    input.kind,
    await checkRows(lookup, agencyId, input, table, today, { keepRows: false }),
  );
  return { file, result };
}

/** POST /imports/dry-run: every row checked, nothing written but the answer kept for the import's request. */
export async function dryRunImport(db: Db, { agencyId, today }: RequestScope, body: unknown): Promise<ImportDryRun> {
  const input = parseOrThrow(importRunInputSchema, body);
  assertImportable(input.kind);
  const { file, result } = await countRows(db, agencyId, input, today);
  await saveImportCheck(db, { agencyId, fileId: file.id, key: importCheckKey(input, today), result });
  return result;
}

/** POST /imports/dry-run/errors: every error of the dry run as a CSV people open in Excel. */
export async function dryRunErrorsCsv(db: Db, { agencyId, today }: RequestScope, body: unknown): Promise<string> {
  const input = parseOrThrow(importRunInputSchema, body);
  assertImportable(input.kind);
  const lookup = inRequest(db);
  const { table } = await loadTable(lookup, agencyId, input.file_id);
  const { all } = summary(input.kind, await checkRows(lookup, agencyId, input, table, today, { keepRows: false }));
  return toCsv(
    ['Linha', 'Campo', 'Valor', 'Mensagem'],
    all.map((e) => [e.row, e.label, e.value, e.message]),
    { bom: true, delimiter: ';' },
  );
}

/**
 * POST /imports: checked like the dry run (errors refuse it, "Validação falhou", unless only the
 * valid rows are asked for), then queued; a worker reads, checks again and writes it.
 */
export async function startImport(db: Db, actor: Actor & { today: string }, body: unknown): Promise<ImportJob> {
  const input = parseOrThrow(importCommitInputSchema, body);
  assertImportable(input.kind);
  // The wizard's dry run of this file and mapping, when recent; otherwise the rows counted now.
  // Counted only either way: the worker checks the rows again and keeps them for the write.
  const file = await getStoredFileMeta(db, { agencyId: actor.agencyId, id: input.file_id });
  if (!file) throw fileNotFound();
  const checked = await recentImportCheck(db, {
    agencyId: actor.agencyId,
    fileId: file.id,
    key: importCheckKey(input, actor.today),
    maxAgeSeconds: IMPORT_CHECK_REUSE_SECONDS,
  });
  const result = checked ?? (await countRows(db, actor.agencyId, input, actor.today)).result;
  if (result.errors.some((e) => e.row === 0)) {
    throw importError('VALIDATION_FAILED', result.errors[0]!.message, 422, { error_count: result.error_count });
  }
  if (result.invalid_rows > 0 && !input.only_valid) {
    throw importError('VALIDATION_FAILED', M.validationFailed(result.invalid_rows), 422, {
      error_count: result.error_count,
      invalid_rows: result.invalid_rows,
    });
  }
  const writable = result.valid_rows - (input.on_duplicate === 'skip' ? result.existing_rows : 0);
  if (writable === 0) throw importError('NOTHING_TO_IMPORT', M.nothingToImport, 422);
  const { id } = await insertImportJob(db, {
    agencyId: actor.agencyId,
    job: {
      userId: actor.userId,
      kind: input.kind,
      fileId: file.id,
      fileSha256: file.sha256,
      fileName: file.name,
      fileSize: file.size,
      totalRows: result.total_rows,
      mapping: cleanMapping(input.kind, input.mapping),
      onDuplicate: input.on_duplicate,
      onlyValid: input.only_valid,
      today: actor.today,
    },
  });
  return (await getImportJob(db, { agencyId: actor.agencyId, id }))!;
}

export const listImports = (db: Db, agencyId: string) => listImportJobs(db, { agencyId }).then((data) => ({ data }));

export async function getImport(db: Db, { agencyId, id }: { agencyId: string; id: string }) {
  const job = await getImportJob(db, { agencyId, id });
  if (!job) throw jobNotFound();
  return job;
}

/**
 * "Desfazer" (spec part 2 §4): only a completed job, once; refused, saying why, when its rows were
 * used since. The rows it created are soft-deleted and the ones it updated put back, in one
 * transaction (the request's); the kept totals follow through their triggers.
 */
/**
 * "Desfazer". An operador may undo only their own imports; an admin any (docs/decisions/0026):
 * another user's job is a 403 before anything is read or changed.
 */
export async function undoImport(
  db: Db,
  actor: Actor & { today: string; role: UserRole },
  id: string,
): Promise<ImportJob> {
  const job = await lockImportJob(db, { agencyId: actor.agencyId, id });
  if (!job) throw jobNotFound();
  if (!isAdmin(actor.role) && job.user_id !== actor.userId) {
    throw new AppError('FORBIDDEN', TEAM_MESSAGES.undoOthersImport, { status: 403 });
  }
  if (job.status === 'undone') throw importError('IMPORT_ALREADY_UNDONE', M.undoAlready, 409);
  if (job.status !== 'completed') throw importError('IMPORT_NOT_COMPLETED', M.undoNotCompleted, 409);
  const importer = importerOf(job.kind as ImportKind);
  const reasons = await importer.undoRefusals(db, { agencyId: actor.agencyId, jobId: id });
  if (reasons.length > 0) throw importError('UNDO_REFUSED', M.undoRefused, 409, { reasons });
  const removed = await importer.undo(db, {
    agencyId: actor.agencyId,
    jobId: id,
    previous: job.previous,
    today: actor.today,
  });
  await markImportUndone(db, { agencyId: actor.agencyId, id });
  await recordActivity(db, {
    ...actor,
    kind: 'import_undone',
    description: `Importação de ${IMPORT_KIND_LABELS[job.kind as ImportKind].toLowerCase()} desfeita (${job.file_name}): ${formatNumber(removed)} registro(s) removido(s)`,
    refType: 'import',
    refId: id,
  });
  return (await getImportJob(db, { agencyId: actor.agencyId, id }))!;
}

// ---- The worker ----

/** How long a worker holds a job before another may take it (it crashed): well past a 10 MB import. */
export const IMPORT_LEASE_SECONDS = 600;
export const IMPORT_MAX_ATTEMPTS = 3;
export const IMPORT_RETRY_SECONDS = 30;

/**
 * Runs the queued jobs (the `imports.run` job): each read and checked outside any long transaction
 * (progress committed as it goes), then written in one transaction with its row counts, the
 * activity line and the `import.completed` event. Returns the jobs it finished.
 */
export async function runDueImports(owner: Database, { logger, limit = 2 }: { logger?: Logger; limit?: number } = {}) {
  const claimed = await claimImportJobs(owner, { limit, leaseSeconds: IMPORT_LEASE_SECONDS });
  for (const job of claimed) {
    try {
      await runImportJob(owner, job.agency_id, job.id);
    } catch (err) {
      logger?.warn({ err, job: job.id }, 'import failed');
      // A refusal (the file no longer reads, rows now invalid) is final; anything else is tried again.
      const final = err instanceof AppError || job.attempts >= IMPORT_MAX_ATTEMPTS;
      const message = err instanceof AppError ? err.message : 'Erro inesperado ao importar. Tente novamente.';
      await withTenant(owner, job.agency_id, (tx) =>
        final
          ? finishImportJob(tx, { agencyId: job.agency_id, id: job.id, values: { status: 'failed', message } })
          : releaseImportJob(tx, { agencyId: job.agency_id, id: job.id, retryInSeconds: IMPORT_RETRY_SECONDS }),
      );
    }
  }
  return claimed.length;
}

/**
 * The worker's read and check of a job's file. The file's cells go out of reach when it returns:
 * only the checked rows are held for the write (100,000 rows: ~55 MB less while they are written).
 * `rows` is undefined when the mapping no longer fits the file.
 */
async function checkStoredFile(
  lookup: Lookup,
  agencyId: string,
  input: ImportRunInput,
  today: string,
  progress: (phase: string, rows: number) => Promise<unknown>,
) {
  const { table } = await loadTable(lookup, agencyId, input.file_id);
  await progress('validate', 0);
  const checked = await checkRows(lookup, agencyId, input, table, today, {
    onProgress: (rows) => progress('validate', rows).then(() => undefined),
  });
  return { result: summary(input.kind, checked), rows: checked.mappingErrors.length > 0 ? undefined : checked.rows };
}

async function runImportJob(owner: Database, agencyId: string, id: string) {
  const job = await withTenant(owner, agencyId, (tx) => lockImportJob(tx, { agencyId, id }));
  if (!job || job.status !== 'processing' || !job.file_id) return;
  const progress = (phase: string, rows: number) =>
    withTenant(owner, agencyId, (tx) => setImportProgress(tx, { agencyId, id, phase, progress: rows }));

  await progress('parse', 0);
  // Each lookup a transaction of its own: none stays open while the rows are read and walked.
  const lookup: Lookup = (fn) => withTenant(owner, agencyId, fn);
  const kind = job.kind as ImportKind;
  const today = job.today ?? todayIso();
  const input = {
    file_id: job.file_id,
    kind,
    mapping: job.mapping,
    on_duplicate: job.on_duplicate as ImportDuplicateAction,
  };
  // Checked again: the agency's records may have changed since the dry run (a CPF added meanwhile).
  const { result, rows } = await checkStoredFile(lookup, agencyId, input, today, progress);
  if (rows === undefined) {
    throw importError('VALIDATION_FAILED', result.errors[0]?.message ?? M.nothingToImport, 422);
  }
  if (result.invalid_rows > 0 && !job.only_valid) {
    // Valid at the request, invalid now: another write changed the records meanwhile.
    const first = result.all[0]!;
    throw importError('VALIDATION_FAILED', M.changedSinceCheck(result.invalid_rows, first.row, first.message), 422);
  }
  await progress('write', 0);
  const importer = importerOf(kind);
  await withTenant(owner, agencyId, async (tx) => {
    const locked = await lockImportJob(tx, { agencyId, id });
    if (!locked || locked.status !== 'processing') return;
    const written = await importer.write(tx, rows, {
      agencyId,
      userId: job.user_id,
      jobId: id,
      mapping: job.mapping,
      onDuplicate: input.on_duplicate,
      today,
    });
    await finishImportJob(tx, {
      agencyId,
      id,
      values: {
        status: 'completed',
        ok_rows: written.inserted + written.updated,
        error_rows: result.invalid_rows,
        errors: result.all.slice(0, IMPORT_ERRORS_KEPT),
        previous: written.previous,
        message: null,
      },
    });
    await recordActivity(tx, {
      agencyId,
      userId: job.user_id,
      kind: 'import_completed',
      description: `Importação de ${IMPORT_KIND_LABELS[kind].toLowerCase()} (${job.file_name}): ${importer.describe(written, rows, input.on_duplicate)}`,
      refType: 'import',
      refId: id,
    });
  });
}

// ---- Presets ----

export async function listPresets(db: Db, actor: { agencyId: string; userId: string }, kind?: ImportKind) {
  return { data: await listImportPresets(db, { ...actor, kind }) };
}

export async function createPreset(
  db: Db,
  actor: { agencyId: string; userId: string },
  body: unknown,
): Promise<ImportPreset> {
  const input = parseOrThrow(importPresetInputSchema, body);
  if ((await countImportPresets(db, { ...actor, kind: input.kind })) >= IMPORT_PRESETS_MAX) {
    throw importError('PRESETS_LIMIT', M.presetsTooMany, 409);
  }
  try {
    return await insertImportPreset(db, {
      ...actor,
      preset: { kind: input.kind, name: input.name, mapping: cleanMapping(input.kind, input.mapping) },
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('PRESET_NAME_TAKEN', M.presetNameTaken, { status: 409, fields: { name: M.presetNameTaken } });
    }
    throw err;
  }
}

export async function removePreset(db: Db, actor: { agencyId: string; userId: string }, id: string) {
  if (!(await deleteImportPreset(db, { ...actor, id }))) throw importError('PRESET_NOT_FOUND', M.presetNotFound, 404);
}

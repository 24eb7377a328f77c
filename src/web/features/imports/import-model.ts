import {
  DELIMITER_LABELS,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  IMPORT_MESSAGES,
  importUndoRefusalSchema,
  type ImportDryRun,
  type ImportFile,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
} from '@domain/imports/import.schema';
import { formatNumber } from '@domain/format';
import { isApiError } from '@/lib/api-client';

/** The wizard's steps (spec part 2 §4 "Import wizard"): upload, mapping, dry-run validation, confirm. */
export const IMPORT_WIZARD_STEPS = ['Arquivo', 'Mapeamento', 'Validação', 'Confirmação'] as const;

/** `/importador?tipo=clientes`: the kind as the address names it (Portuguese, like the other pages' parameters). */
export const IMPORT_KIND_PARAMS: Record<ImportKind, string> = {
  clients: 'clientes',
  lots: 'lotes',
  emissions: 'emissoes',
};

/** The kind of `?tipo=`; Clientes when absent or unknown. */
export function readImportKind(searchParams: URLSearchParams): ImportKind {
  const tipo = searchParams.get('tipo');
  return IMPORT_KINDS.find((kind) => IMPORT_KIND_PARAMS[kind] === tipo) ?? 'clients';
}

/** Where the imported records are listed, and the link that goes there once the import is done. */
export const IMPORT_LIST_LINKS: Record<ImportKind, { to: string; label: string }> = {
  clients: { to: '/clientes', label: 'Ver clientes' },
  lots: { to: '/lotes', label: 'Ver lotes' },
  emissions: { to: '/emissoes', label: 'Ver emissões' },
};

/** The records of a kind, as a count reads them ("12 clientes"). */
export const IMPORT_RECORD_NOUNS: Record<ImportKind, { one: string; many: string }> = {
  clients: { one: 'cliente', many: 'clientes' },
  lots: { one: 'lote', many: 'lotes' },
  emissions: { one: 'emissão', many: 'emissões' },
};

/** Accepted by the file input and the drop zone (spec part 2 §5; XLSX besides CSV, issue #17). */
export const IMPORT_FILE_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What is wrong with a chosen file before it is sent, or null: the server checks it again. */
export function fileProblem(file: { name: string; size: number }, maxBytes: number): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return IMPORT_MESSAGES.fileMissing;
  if (file.size === 0) return IMPORT_MESSAGES.fileEmpty;
  if (file.size > maxBytes) return IMPORT_MESSAGES.fileTooLarge;
  return null;
}

export function delimiterLabel(file: Pick<ImportFile, 'delimiter' | 'format'>): string {
  if (file.delimiter) return DELIMITER_LABELS[file.delimiter];
  return file.format === 'xlsx' ? 'Não se aplica (planilha)' : '—';
}

/** 'Arquivo carregado': its rows and how its columns are separated (spec part 2 §8). */
export function uploadedDescription(file: Pick<ImportFile, 'rows' | 'delimiter' | 'format'>): string {
  const rows = `${formatNumber(file.rows)} ${file.rows === 1 ? 'linha' : 'linhas'}`;
  if (file.delimiter) return `${rows} · delimitador ${DELIMITER_LABELS[file.delimiter]}`;
  return `${rows} · planilha ${file.format.toUpperCase()}`;
}

/** The suggested mapping, kept to the kind's fields and the file's columns. */
export function initialMapping(kind: ImportKind, suggested: ImportMapping, headers: readonly string[]): ImportMapping {
  const keys = new Set(IMPORT_FIELDS[kind].map((field) => field.key));
  const columns = new Set(headers);
  return Object.fromEntries(Object.entries(suggested).filter(([key, column]) => keys.has(key) && columns.has(column)));
}

/** The mapping with `key` read from `column`; an empty column ("Não importar") leaves the field out. */
export function withColumn(mapping: ImportMapping, key: string, column: string): ImportMapping {
  const next = { ...mapping };
  if (column === '') delete next[key];
  else next[key] = column;
  return next;
}

/**
 * What blocks the mapping step, by field key (spec part 2 §5 "Every required field must be
 * mapped"): a required field without a column, a column the file does not have (a preset from
 * another file), a column given to two fields. The server refuses the same (row-0 errors).
 */
export function mappingErrors(
  kind: ImportKind,
  mapping: ImportMapping,
  headers: readonly string[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const columns = new Set(headers);
  const fieldsOfColumn = new Map<string, number>();
  for (const column of Object.values(mapping)) fieldsOfColumn.set(column, (fieldsOfColumn.get(column) ?? 0) + 1);
  for (const field of IMPORT_FIELDS[kind]) {
    const column = mapping[field.key];
    if (column === undefined || column === '') {
      if (field.required) errors[field.key] = IMPORT_MESSAGES.mappingRequired(field.label);
    } else if (!columns.has(column)) errors[field.key] = IMPORT_MESSAGES.mappingUnknownColumn(column);
    else if ((fieldsOfColumn.get(column) ?? 0) > 1) errors[field.key] = IMPORT_MESSAGES.mappingColumnTwice(column);
  }
  return errors;
}

export function isMappingComplete(kind: ImportKind, mapping: ImportMapping, headers: readonly string[]): boolean {
  return Object.keys(mappingErrors(kind, mapping, headers)).length === 0;
}

/**
 * A saved preset over the current file: its fields of this kind whose column the file has; the
 * columns it names that the file lacks are reported, and those fields go unmapped.
 */
export function applyPreset(
  kind: ImportKind,
  preset: ImportMapping,
  headers: readonly string[],
): { mapping: ImportMapping; missingColumns: string[] } {
  const keys = new Set(IMPORT_FIELDS[kind].map((field) => field.key));
  const columns = new Set(headers);
  const mapping: ImportMapping = {};
  const missingColumns: string[] = [];
  for (const [key, column] of Object.entries(preset)) {
    if (!keys.has(key)) continue;
    if (columns.has(column)) mapping[key] = column;
    else if (!missingColumns.includes(column)) missingColumns.push(column);
  }
  return { mapping, missingColumns };
}

/** Same fields to the same columns. */
export function sameMapping(a: ImportMapping, b: ImportMapping): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The first value the preview shows in `column`, to tell the user what the column holds. */
export function sampleOf(file: Pick<ImportFile, 'headers' | 'preview'>, column: string | undefined): string | null {
  if (!column) return null;
  const index = file.headers.indexOf(column);
  if (index === -1) return null;
  for (const row of file.preview) {
    const value = row[index]?.trim();
    if (value) return value;
  }
  return null;
}

/** The dry run's mapping errors (row 0): while there is one, step 3 cannot go on (spec part 2 §4). */
export const mappingErrorsOf = (dryRun: ImportDryRun) => dryRun.errors.filter((error) => error.row === 0);

/** Whether the dry run lets the wizard go on to the confirmation. */
export function canConfirm(dryRun: ImportDryRun): boolean {
  return mappingErrorsOf(dryRun).length === 0 && dryRun.valid_rows > 0;
}

/** How many errors the list leaves out: 'E mais n erro(s)...' (spec part 2 §5), or 0. */
export const moreErrors = (dryRun: ImportDryRun) => Math.max(0, dryRun.error_count - dryRun.errors.length);

/** A row's line in the spreadsheet, or 'Mapeamento' for an error of the mapping (row 0). */
export const rowLabel = (row: number) => (row === 0 ? 'Mapeamento' : formatNumber(row));

/** Share of the work done across the phases, 0 to 100: writing takes the longest. */
const PHASE_SPAN: Record<ImportJob['phase'], readonly [start: number, width: number]> = {
  queued: [0, 0],
  parse: [0, 15],
  validate: [15, 35],
  write: [50, 50],
  done: [100, 0],
};

export function jobPercent(job: Pick<ImportJob, 'status' | 'phase' | 'progress' | 'total_rows'>): number {
  if (job.status !== 'processing') return 100;
  const [start, width] = PHASE_SPAN[job.phase];
  const share = job.total_rows > 0 ? Math.min(1, Math.max(0, job.progress / job.total_rows)) : 0;
  return Math.round(start + width * share);
}

/** 'Importação concluída': "X de Y registros importados." (issue #17). */
export function importedDescription(job: Pick<ImportJob, 'ok_rows' | 'total_rows'>): string {
  return `${formatNumber(job.ok_rows)} de ${formatNumber(job.total_rows)} registros importados.`;
}

/** The reasons of an undo the server refused (409 UNDO_REFUSED), or null for any other failure. */
export function undoRefusalOf(error: unknown): { message: string; reasons: string[] } | null {
  if (!isApiError(error) || error.code !== 'UNDO_REFUSED') return null;
  const details = importUndoRefusalSchema.safeParse(error.details);
  return { message: error.message, reasons: details.success ? details.data.reasons : [] };
}

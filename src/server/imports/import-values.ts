import { isValidIsoDate, parseDateBR } from '../../domain/format';
import type { ImportKind, ImportMapping, ImportRowError } from '../../domain/imports/import.schema';
import { importFieldLabel } from '../../domain/imports/import.schema';
import type { z } from '../../domain/zod';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { ImportTable } from './read-file';

// Cells as people type them in Brazilian spreadsheets, turned into what the forms' schemas read.

/** dd/mm/aaaa (also d/m/aaaa, with . or -) or aaaa-mm-dd; '' → null; anything else → undefined (invalid). */
export function importDate(cell: string): string | null | undefined {
  if (cell === '') return null;
  const br = parseDateBR(cell);
  if (br) return br;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(cell)?.[1];
  return iso && isValidIsoDate(iso) ? iso : undefined;
}

/** A phone exported with the country code (+55 11 98765-4321) as the form takes it. */
export function importPhone(cell: string): string | null {
  if (cell === '') return null;
  return cell.replace(/^\+\s*55[\s.-]*/, '');
}

/** Tags in one cell: "vip, corporativo" or "vip|corporativo". */
export function importTags(cell: string): string[] {
  return cell
    .split(/[,|]/)
    .map((t) => t.trim())
    .filter(Boolean);
}

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * `read` over cells, remembering its answer for the first `max` distinct cells: a column of
 * statuses or programs holds a handful of spellings, read once each rather than once a row.
 */
export function rememberCells<T>(read: (cell: string) => T, max = 256): (cell: string) => T {
  const known = new Map<string, T>();
  return (cell) => {
    if (known.has(cell)) return known.get(cell) as T;
    const value = read(cell);
    if (known.size < max) known.set(cell, value);
    return value;
  };
}

function choiceOf<K extends string>(cell: string, choices: Record<K, readonly string[]>): K | undefined {
  const typed = plain(cell);
  for (const [key, words] of Object.entries(choices) as [K, readonly string[]][]) {
    if (typed === key || words.includes(typed)) return key;
  }
  return undefined;
}

const choiceReaders = new WeakMap<object, (cell: string) => string | undefined>();

/** A choice written in Portuguese or as the API's key ("Ativo", "ativa", "active"); undefined when unknown. */
export function importChoice<K extends string>(cell: string, choices: Record<K, readonly string[]>): K | undefined {
  let read = choiceReaders.get(choices);
  if (!read) choiceReaders.set(choices, (read = rememberCells((c) => choiceOf(c, choices))));
  return read(cell) as K | undefined;
}

/** Column index of each mapped field (-1 when not mapped). */
export function columnIndexes(table: Pick<ImportTable, 'headers'>, mapping: ImportMapping): Map<string, number> {
  const indexes = new Map<string, number>();
  for (const [key, column] of Object.entries(mapping)) indexes.set(key, column ? table.headers.indexOf(column) : -1);
  return indexes;
}

export const MAX_ERROR_VALUE = 100;

/** Rows checked between two looks at the event loop (and progress reports). */
export const PROGRESS_EVERY = 5000;

/** Lets the requests waiting on the event loop through: checking a big file never holds it long. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How a check reaches the database: each call a short unit of its own. The worker gives each one its
 * own transaction, so none is open while the rows are walked (PGlite runs one transaction at a
 * time: an open one would hold every other user up, and the progress commits would wait on it); a
 * request gives its own transaction.
 */
export type Lookup = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

/** What checking a file's rows needs: the agency, the file read, the mapping, the day it is checked on. */
export interface CheckContext {
  agencyId: string;
  table: ImportTable;
  mapping: ImportMapping;
  today: string;
  onProgress?: (rows: number) => Promise<void> | void;
  /**
   * Whether the checked rows are kept for a write (default) or only counted (a dry run, the request
   * that queues the job): clients only count theirs then, emissions keep only those taking miles
   * (for the miles' plan); lots keep them either way.
   */
  keepRows?: boolean;
}

/** What a visited row's place in `table.rows` holds (forEachRow). */
const VISITED: string[] = [];

/**
 * Visits each data row with its cells by field (the mapping's columns) and its line in the file;
 * a row whose column count is off is an error of its own and not visited. Every PROGRESS_EVERY
 * rows it reports progress and lets the event loop through: checking a big file never holds it long.
 *
 * Each row is let go once visited (its place in `table.rows` emptied, the count kept): what the
 * check keeps of it is its parsed values, so the file's cells (a million strings for 100,000 rows
 * of 13 columns) are not held beside them for the rest of the check and the write (#17, memory).
 */
export async function forEachRow(
  table: ImportTable,
  mapping: ImportMapping,
  errors: RowErrors,
  onProgress: ((rows: number) => Promise<void> | void) | undefined,
  visit: (cell: (field: string) => string, line: number) => void,
) {
  const at = columnIndexes(table, mapping);
  for (let i = 0; i < table.rows.length; i++) {
    if (i > 0 && i % PROGRESS_EVERY === 0) {
      await onProgress?.(i);
      await yieldToLoop();
    }
    const row = table.rows[i]!;
    table.rows[i] = VISITED;
    const line = table.lines[i]!;
    const problem = table.rowProblems.get(i);
    if (problem) {
      errors.add(line, '', '', problem);
      continue;
    }
    visit((field) => {
      const c = at.get(field) ?? -1;
      return c >= 0 ? (row[c] ?? '') : '';
    }, line);
  }
}

/** Collects a job's row errors: all of them counted, each row once in the invalid count. */
export class RowErrors {
  readonly list: ImportRowError[] = [];
  private readonly rows = new Set<number>();
  constructor(private readonly kind: ImportKind) {}

  add(line: number, field: string, value: string, message: string) {
    this.rows.add(line);
    this.list.push({
      row: line,
      field,
      label: importFieldLabel(this.kind, field),
      value: value.length > MAX_ERROR_VALUE ? `${value.slice(0, MAX_ERROR_VALUE)}…` : value,
      message,
    });
  }

  /** One error per field a schema refused (the first message of each). */
  addIssues(line: number, issues: readonly z.core.$ZodIssue[], cellOf: (field: string) => string) {
    const seen = new Set<string>();
    for (const issue of issues) {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) continue;
      seen.add(field);
      this.add(line, field, cellOf(field), issue.message);
    }
  }

  /** In the file's order: row by row, each row's errors as found. */
  sorted(): ImportRowError[] {
    return this.list.toSorted((a, b) => a.row - b.row);
  }

  has(line: number) {
    return this.rows.has(line);
  }

  get invalidRows() {
    return this.rows.size;
  }
}

/** The live rows a job wrote into `table` (what its undo removes). */
export async function liveRowsOfJob(
  db: Db,
  { table, agencyId, jobId }: { table: 'clients' | 'mile_lots' | 'emissions'; agencyId: string; jobId: string },
): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id FROM ${sql.raw(table)} WHERE agency_id = ${agencyId} AND import_job_id = ${jobId} AND deleted_at IS NULL`,
    ),
  );
  return rows.map((r) => r.id);
}

import { Worker } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { formatNumber } from '../../domain/format';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportDelimiter,
  type ImportEncoding,
} from '../../domain/imports/import.schema';

// Reads an uploaded CSV or XLSX into a table of trimmed text cells (issue #17; spec part 2 §5,
// §9). Cells stay text exactly as written: a cell "=HYPERLINK(…)" is a string, never evaluated.
// CSV goes through papaparse: ~5× faster than csv-parse on a 10 MB file (≈80 ms against ≈400 ms
// on the 2-core machine), which keeps a 100,000-row file under the 400 ms budget.

export interface ImportTable {
  format: 'csv' | 'xlsx';
  /** null for XLSX. */
  encoding: ImportEncoding | null;
  /** null for XLSX. */
  delimiter: ImportDelimiter | null;
  /** Unique and non-empty: a blank header becomes "Coluna N", a repeated one "Nome (2)". */
  headers: string[];
  /** Data rows, each exactly headers.length trimmed cells (padded or cut): all, or the first `keepRows` read. */
  rows: string[][];
  /** How many data rows the file has (`rows` may hold only the first of them). */
  rowCount: number;
  /** Each row's line in the spreadsheet, the header being line 1 (Excel's row number). */
  lines: number[];
  /** Row index → message, for rows whose column count does not fit the header; they stay in rows. */
  rowProblems: Map<number, string>;
}

export type ReadImportResult = { ok: true; table: ImportTable } | { ok: false; message: string };

/** A value our exports neutralised: "'" then what a spreadsheet would run as a formula. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

const M = IMPORT_MESSAGES;

const fail = (message: string): ReadImportResult => ({ ok: false, message });

/**
 * The whole file is read and checked either way; with `keepRows` (the upload's preview) only the
 * first rows are kept and the others counted: 100,000 rows' cells are ~55 MB of heap.
 */
export async function readImportFile(
  bytes: Uint8Array,
  fileName: string,
  { xlsxMemoryMb = XLSX_THREAD_MEMORY_MB, keepRows = Infinity }: { xlsxMemoryMb?: number; keepRows?: number } = {},
): Promise<ReadImportResult> {
  if (bytes.length > IMPORT_MAX_BYTES) return fail(M.fileTooLarge);
  if (bytes.length === 0) return fail(M.fileEmpty);
  if (isZip(bytes)) return readXlsxOffThread(bytes, xlsxMemoryMb, keepRows);
  if (/\.xlsx$/i.test(fileName)) return fail(M.fileXlsxUnreadable);
  if (looksBinary(bytes)) return fail(M.fileNotText);
  const { text, encoding } = decodeText(bytes);
  return readCsv(text, encoding, keepRows);
}

// ---------------------------------------------------------------------------------------------
// Sniffing and decoding

/** Local file header, empty archive, spanned archive: https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT */
function isZip(b: Uint8Array): boolean {
  return b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5 || b[2] === 7) && b[3] === b[2] + 1;
}

const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: .xls, .doc, a password-protected .xlsx
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x7f, 0x45, 0x4c, 0x46], // ELF
];

/** Text files hold no NUL; UTF-16 holds many (and is not an encoding the importer offers). */
function looksBinary(bytes: Uint8Array): boolean {
  if (BINARY_SIGNATURES.some((sig) => sig.every((byte, i) => bytes[i] === byte))) return true;
  return bytes.subarray(0, 8192).includes(0);
}

function decodeText(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    return { text, encoding: bom ? 'UTF-8 (BOM)' : 'UTF-8' };
  } catch {
    // Not UTF-8: what Excel in Portuguese saves as "CSV (separado por vírgulas)". The WHATWG
    // decoder maps 0x80–0x9F to € “ ” … (https://encoding.spec.whatwg.org/index-windows-1252.txt).
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'Windows-1252' };
  }
}

// ---------------------------------------------------------------------------------------------
// CSV

/** Preferred order when two delimiters give the same column count (spec part 2 §5). */
const DELIMITER_PREFERENCE: readonly ImportDelimiter[] = [';', ',', '\t', '|'];

/**
 * The delimiter that splits the first non-blank line into the most columns (counted outside
 * double quotes); ties go by DELIMITER_PREFERENCE, and a one-column file gets ",".
 */
export function detectDelimiter(text: string): ImportDelimiter {
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (text.slice(start, end).trim() !== '') break;
    start = end + 1;
  }
  const counts = new Map<ImportDelimiter, number>(DELIMITER_PREFERENCE.map((d) => [d, 0]));
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i] as ImportDelimiter | '"' | '\n';
    if (ch === '"') quoted = !quoted;
    else if (!quoted) {
      if (ch === '\n') break;
      const n = counts.get(ch);
      if (n !== undefined) counts.set(ch, n + 1);
    }
  }
  let best: ImportDelimiter = ',';
  let bestCount = 0;
  for (const d of DELIMITER_PREFERENCE) {
    const n = counts.get(d) ?? 0;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/**
 * The file's line end when every line has the same: "\r\n" (Excel on Windows) or "\n"; null when
 * they are mixed, or old Mac's "\r". Looked up without copying the text (10 MB for a large file).
 */
export function uniformLineEnd(text: string): '\n' | '\r\n' | null {
  const firstCr = text.indexOf('\r');
  if (firstCr === -1) return '\n';
  for (let at = firstCr; at !== -1; at = text.indexOf('\r', at + 1)) {
    if (text.charCodeAt(at + 1) !== 10) return null;
  }
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (text.charCodeAt(at - 1) !== 13) return null;
  }
  return '\r\n';
}

function readCsv(source: string, encoding: ImportEncoding, keepRows: number): ReadImportResult {
  if (source.trim() === '') return fail(M.fileEmpty);
  // One line end for the parser. A file whose lines all end alike is read as it is, and a line
  // break inside a quoted cell becomes "\n"; files edited on several systems mix CRLF, LF and
  // (old Mac) CR, and are brought to "\n" first.
  const uniform = uniformLineEnd(source);
  const newline = uniform ?? '\n';
  const text = uniform === null ? source.replace(/\r\n?/g, '\n') : source;
  const delimiter = detectDelimiter(text);
  const builder = new TableBuilder(keepRows);
  let failure: string | null = null;
  // Papaparse keeps blank lines as records ([""]) when skipEmptyLines is off, so the record
  // number is Excel's row number even across blank lines and cells holding line breaks.
  let line = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    newline,
    quoteChar: '"',
    escapeChar: '"',
    step: (result, parser) => {
      line += 1;
      const error = result.errors[0];
      if (error) {
        failure =
          error.code === 'MissingQuotes'
            ? M.unterminatedQuote(line)
            : M.csvMalformed(
                line,
                error.code === 'InvalidQuotes' ? 'há texto depois das aspas que fecham um campo.' : 'formato inválido.',
              );
        parser.abort();
        return;
      }
      const cells = result.data;
      if (newline === '\r\n') {
        for (let i = 0; i < cells.length; i++) {
          const cell = cells[i] as string;
          if (cell.includes('\r')) cells[i] = cell.replaceAll('\r\n', '\n');
        }
      }
      const problem = builder.add(cells, line, true);
      if (problem) {
        failure = problem;
        parser.abort();
      }
    },
  });
  if (failure) return fail(failure);
  return builder.finish({ format: 'csv', encoding, delimiter }, M.fileEmpty);
}

// ---------------------------------------------------------------------------------------------
// The table, whatever the format

/** Reserves the given names first, so that a suffix never takes a later column's own name. */
function uniqueHeaders(cells: readonly string[]): string[] {
  const names = cells.map((cell, i) => cell || `Coluna ${i + 1}`);
  const taken = new Set(names);
  const seen = new Set<string>();
  return names.map((name) => {
    if (!seen.has(name)) {
      seen.add(name);
      return name;
    }
    let n = 2;
    while (taken.has(`${name} (${n})`)) n += 1;
    const unique = `${name} (${n})`;
    taken.add(unique);
    seen.add(unique);
    return unique;
  });
}

class TableBuilder {
  constructor(private readonly keepRows: number) {}
  headers: string[] | null = null;
  /** Columns up to the last named header: a row may stop before trailing blank headers. */
  namedWidth = 0;
  rows: string[][] = [];
  rowCount = 0;
  lines: number[] = [];
  rowProblems = new Map<number, string>();

  /**
   * Takes one record's cells (trimmed in place): the first non-blank record is the header, blank
   * ones are skipped. A row is a problem when it lacks a named column or holds a value past the
   * last column (`strictShort`: in XLSX trailing empty cells do not exist, so a short row is
   * fine); extra empty cells at the end (a trailing ";") are no problem. Returns a file error.
   */
  add(cells: string[], line: number, strictShort: boolean): string | null {
    let filled = 0;
    for (let i = 0; i < cells.length; i++) {
      let cell = (cells[i] as string).trim();
      // The "'" our exports put before a formula-like value (src/domain/csv.ts) comes off again.
      if (cell.charCodeAt(0) === 39 && NEUTRALISED.test(cell)) cell = cell.slice(1);
      cells[i] = cell;
      if (cell !== '') filled = i + 1;
    }
    if (filled === 0) return null;
    if (!this.headers) {
      if (cells.length > IMPORT_MAX_COLUMNS) return M.fileTooManyColumns(IMPORT_MAX_COLUMNS);
      this.headers = uniqueHeaders(cells);
      this.namedWidth = filled;
      return null;
    }
    if (this.rowCount === IMPORT_MAX_ROWS) return M.fileTooManyRows(formatNumber(IMPORT_MAX_ROWS));
    this.rowCount += 1;
    if (this.rows.length >= this.keepRows) return null;
    const width = this.headers.length;
    if ((strictShort && cells.length < this.namedWidth) || filled > width) {
      this.rowProblems.set(this.rows.length, M.columnCount(strictShort ? cells.length : filled, width));
    }
    if (cells.length > width) cells.length = width;
    while (cells.length < width) cells.push('');
    this.rows.push(cells);
    this.lines.push(line);
    return null;
  }

  finish(kind: Pick<ImportTable, 'format' | 'encoding' | 'delimiter'>, emptyMessage: string): ReadImportResult {
    if (!this.headers) return fail(emptyMessage);
    if (this.rowCount === 0) return fail(M.fileHeaderOnly);
    return {
      ok: true,
      table: {
        ...kind,
        headers: this.headers,
        rows: this.rows,
        rowCount: this.rowCount,
        lines: this.lines,
        rowProblems: this.rowProblems,
      },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// XLSX

/**
 * The workbook's own heap in its thread: ~850 MB went to 100,000 rows × 8 columns; past this the
 * thread stops and the file is refused with a message, the server untouched.
 */
export const XLSX_THREAD_MEMORY_MB = 1536;

/**
 * readXlsx in a worker thread (xlsx-worker.ts), so loading a big workbook (seconds of CPU) holds no
 * request up, and one too big for its capped heap is refused rather than taking the server down.
 * The thread runs the TypeScript source through tsx, as the server does.
 */
function readXlsxOffThread(bytes: Uint8Array, memoryMb: number, keepRows: number): Promise<ReadImportResult> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./xlsx-worker.ts', import.meta.url), {
      // tsx found from this file (not from the working directory the server was started in).
      execArgv: ['--import', import.meta.resolve('tsx')],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    let settled = false;
    const settle = (result: ReadImportResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
      void worker.terminate();
    };
    worker.once('message', (result: ReadImportResult) => settle(result));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? M.fileXlsxTooBig : M.fileXlsxUnreadable)),
    );
    worker.once('exit', () => settle(fail(M.fileXlsxUnreadable)));
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker thread, not a window
    worker.postMessage({ bytes, keepRows });
  });
}

/**
 * The whole workbook is loaded (workbook.xlsx.load): exceljs's streaming reader never settles on
 * some corrupt archives and leaves temporary files behind when stopped early.
 */
export async function readXlsx(bytes: Uint8Array, keepRows = Infinity): Promise<ReadImportResult> {
  // Loaded here, in the reader's thread, not with every process that imports this module (~0.2 s).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    // An ArrayBuffer of its own: exceljs types its parameter as `Buffer extends ArrayBuffer`.
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch {
    return fail(M.fileXlsxUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return fail(M.fileXlsxUnreadable);
  const builder = new TableBuilder(keepRows);
  let failure: string | null = null;
  sheet.eachRow((row, rowNumber) => {
    if (failure) return;
    const cells: string[] = [];
    row.eachCell((cell, col) => {
      while (cells.length < col - 1) cells.push('');
      cells.push(cellText(cell.value, cell.numFmt));
    });
    failure = builder.add(cells, rowNumber, false);
  });
  if (failure) return fail(failure);
  return builder.finish({ format: 'xlsx', encoding: null, delimiter: null }, M.fileXlsxEmpty);
}

const NUMBER_TEXT = new Intl.NumberFormat('pt-BR', { useGrouping: false, maximumSignificantDigits: 15 });

/**
 * A cell as the importer reads text: numbers with a decimal comma and no grouping (15 significant
 * digits, as Excel shows them), padded with zeros when the cell's format is "00000000000" (a
 * CPF kept as a number), dates as aaaa-mm-dd, booleans Sim/Não, a formula's cached result.
 */
function cellText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text = NUMBER_TEXT.format(value);
    return numFmt && /^0+$/.test(numFmt) && Number.isInteger(value) && value >= 0
      ? text.padStart(numFmt.length, '0')
      : text;
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  // exceljs turns the serial number into the UTC instant of the wall-clock date and time.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result ?? null, numFmt);
  return '';
}

// CSV writing for exports: RFC 4180 quoting with every value quoted, CRLF line ends, and
// spreadsheet formula injection neutralised (OWASP "CSV Injection":
// https://owasp.org/www-community/attacks/CSV_Injection).

/** Excel reads UTF-8 (accents) only when the file starts with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | bigint | boolean | null | undefined;

/** A cell a spreadsheet would run as a formula gets a leading single quote, so it shows as text. */
export function neutralizeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${neutralizeCsvCell(text).replace(/"/g, '""')}"`;
}

export function csvLine(values: readonly CsvValue[], delimiter = ','): string {
  return values.map(csvCell).join(delimiter) + '\r\n';
}

export interface CsvOptions {
  /** Start with the UTF-8 byte-order mark (for files people open in Excel). */
  bom?: boolean;
  delimiter?: string;
}

/** Header line and rows, every value quoted, each line ending in CRLF. */
export function toCsv(
  headers: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
  options: CsvOptions = {},
): string {
  const parts: string[] = [options.bom ? UTF8_BOM : '', csvLine(headers, options.delimiter)];
  for (const row of rows) parts.push(csvLine(row, options.delimiter));
  return parts.join('');
}
